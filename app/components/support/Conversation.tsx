/**
 * A support ticket's messages, oldest first (the customer's ticket page and a visitor's view): each
 * says who wrote it and when, in words ("You", a contact's name, or an agent's first name with
 * "Support"), under a heading of its own so that a screen reader moves from message to message. The
 * two sides also differ in place and frame (support's on the left with a coloured edge, the
 * customer's indented on a wider screen), never by colour alone. Attachments are listed by name and
 * size: on the customer's ticket page each is a plain link that downloads it (`fileHref`, the
 * portal's routes/support/ticket-attachment.tsx), its name saying so to a screen reader; the visitor's
 * read-only view lists them without links.
 */
import type { TicketMessage } from "#contract/support";
import { formatDateTime, formatFileSize } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export function Conversation({
  messages,
  headingId,
  fileHref,
}: {
  messages: TicketMessage[];
  headingId: string;
  /** Where a file of the conversation downloads from; without it, files are listed only. */
  fileHref?: (attachmentId: number) => string;
}) {
  return (
    <ol className="mt-3 space-y-4" aria-labelledby={headingId}>
      {messages.map((message) => (
        <Message key={message.message_id} message={message} fileHref={fileHref} />
      ))}
    </ol>
  );
}

function Message({ message, fileHref }: { message: TicketMessage; fileHref?: (attachmentId: number) => string }) {
  const { t, language } = useT("support");
  const fromSupport = message.author === "agent";
  const who = fromSupport
    ? message.author_name
      ? t("ticket.fromSupport", { name: message.author_name })
      : t("ticket.support")
    : message.mine
      ? t("ticket.you")
      : message.author_name;
  const headingId = `message-${message.message_id}`;
  return (
    <li data-testid="message" data-author={message.author} className={fromSupport ? "sm:mr-10" : "sm:ml-10"}>
      <article
        aria-labelledby={headingId}
        className={`rounded-lg border p-4 ${
          fromSupport ? "border-gray-200 border-l-4 border-l-primary bg-white" : "border-gray-300 bg-gray-50"
        }`}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={headingId} className="font-semibold break-words text-gray-900">
            {who}
          </h3>
          <p className="text-sm text-gray-700">
            <time dateTime={message.at}>{formatDateTime(message.at, language)}</time>
          </p>
        </div>
        <p className="mt-2 break-words whitespace-pre-line text-gray-900">{message.body}</p>
        {message.attachments.length ? (
          <div className="mt-3">
            <p className="text-sm font-semibold text-gray-800" id={`${headingId}-files`}>
              {t("ticket.attachments")}
            </p>
            <ul
              className="mt-1 list-disc pl-6 text-sm text-gray-900"
              aria-labelledby={`${headingId}-files`}
              data-testid="message-attachments"
            >
              {message.attachments.map((file) => {
                const label = t("ticket.attachment", { name: file.file_name, size: formatFileSize(file.size_bytes, language) });
                return (
                  <li key={file.attachment_id} className="break-words">
                    {fileHref ? (
                      <a
                        href={fileHref(file.attachment_id)}
                        className="font-medium"
                        aria-label={`${t("ticket.download")} ${label}`}
                        data-testid="attachment-link"
                      >
                        {label}
                      </a>
                    ) : (
                      label
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </article>
    </li>
  );
}
