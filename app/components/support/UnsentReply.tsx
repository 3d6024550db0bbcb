/**
 * A reply that was not sent (the request was closed meanwhile, or reopening it or sending failed): what
 * she typed, kept read-only so that it can be selected and copied, under "Your message, not sent", and,
 * when it can still go, a button that posts it again (reopen and send, or send) with the reply's
 * idempotency key.
 *
 * `ReplyNotSent` is the alert at the top of the page that says why, that files were not kept (no
 * browser refills a file field), and leads to the kept message: with
 * JavaScript it takes the focus when it appears (the form that was sent is gone by then).
 */
import { useEffect, useRef, type ReactNode } from "react";
import { Form } from "react-router";
import { PageAlert } from "~/components/PageAlert";
import { SubmitButton } from "~/components/form";
import { controlClass } from "~/components/form/control-class";
import type { FormReply } from "~/lib/form-action.server";
import { unplacedMessages } from "~/components/form/RefusedPostAlert";
import { translateMessage } from "~/lib/form-messages";
import { useT } from "~/lib/use-t";

/** What a refused reply hands back to the page (the action's data, besides the form's state). */
export interface UnsentReplyData {
  /** The whole message, as sent (trimmed). */
  message: string;
  /** How many files were attached (not kept). */
  files: number;
  /** The API refused it because the request is closed. */
  closed?: boolean;
  /** The request is open now (reopen and send: reopened, or open already), only the reply failed. */
  open?: boolean;
  /** The key to send this reply with again (the same after a failure that may have sent it, a new one after a refusal). */
  idempotencyKey?: string;
}

/** A refused reply's answer: the form's state, and the reply kept when it had reached the API. */
export type RefusedReply = FormReply & { unsent?: UnsentReplyData };

/** The id of the kept message's field, which the alert at the top of the page links to. */
export const UNSENT_MESSAGE_ID = "unsent-message";

/** Why the reply was not sent, at the top of the page, with a link to the kept message. */
export function ReplyNotSent({ title, files, children }: { title: ReactNode; files: number; children: ReactNode }) {
  const { t } = useT("support");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-4 focus:outline-offset-2 focus:outline-primary">
      <PageAlert tone="error" title={title} testId="reply-not-sent">
        {children}
        {files > 0 ? <p className="mt-1">{t("unsent.files", { count: files })}</p> : null}
        <p className="mt-1">
          <a href={`#${UNSENT_MESSAGE_ID}`} className="font-semibold underline">
            {t("unsent.goTo")}
          </a>
        </p>
      </PageAlert>
    </div>
  );
}

/** The kept message, and a button that sends it (`send`), or nothing more when it can no longer go. */
export function UnsentReply({
  reply,
  send,
  children,
}: {
  reply: UnsentReplyData;
  /** Without a label: "Reopen and send my reply". */
  send?: { action: string; label?: string; idempotencyKey: string; reloadDocument?: boolean };
  /** Other ways on (a plain reopen, a new request), beside the button. */
  children?: ReactNode;
}) {
  const { t } = useT("support");
  const field = (
    <div>
      <label htmlFor={UNSENT_MESSAGE_ID} className="block font-semibold text-gray-900">
        {t("unsent.label")}
      </label>
      <p id={`${UNSENT_MESSAGE_ID}-hint`} className="text-sm text-gray-800">
        {t("unsent.hint")}
      </p>
      {/* Read-only, not disabled: it can be selected and copied, and it is posted with the form. */}
      <textarea
        id={UNSENT_MESSAGE_ID}
        name={send ? "message" : undefined}
        readOnly
        value={reply.message}
        rows={6}
        aria-describedby={`${UNSENT_MESSAGE_ID}-hint`}
        className={`mt-2 bg-gray-50 ${controlClass(false)}`}
        data-testid="unsent-message"
      />
    </div>
  );
  if (!send) {
    return (
      <div className="mt-4 space-y-4">
        {field}
        {children ? <div className="flex flex-col gap-3 sm:flex-row sm:items-center">{children}</div> : null}
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-4">
      <Form method="post" action={send.action} reloadDocument={send.reloadDocument} className="space-y-4">
        <input type="hidden" name="idempotency_key" value={send.idempotencyKey} />
        {field}
        <SubmitButton action={send.action}>{send.label ?? t("unsent.reopenAndSend")}</SubmitButton>
      </Form>
      {children ? <div className="flex flex-col gap-3 sm:flex-row sm:items-center">{children}</div> : null}
    </div>
  );
}

/**
 * The request's page after a reply refused (the request closed meanwhile, or the API failing): why, at
 * the top. Loaded only by a page that shows it (app/routes/support/ticket.tsx), with its texts.
 */
export function TicketReplyNotSent({
  reply,
  canReopen,
  refusal,
}: {
  reply: UnsentReplyData;
  canReopen: boolean;
  refusal: FormReply | undefined;
}) {
  const { t } = useT("support");
  return (
    <ReplyNotSent title={t("unsent.title")} files={reply.files}>
      {reply.closed ? (
        canReopen ? (
          <>
            <p>{t("api:_form.ticket_closed")}</p>
            <p>{t("unsent.reopen")}</p>
          </>
        ) : (
          <p>{t("unsent.cannotReopen")}</p>
        )
      ) : (
        unplacedMessages(refusal).map((message) => <p key={message}>{translateMessage(t, message)}</p>)
      )}
    </ReplyNotSent>
  );
}

/** Refused as closed, but open again by now (reopened meanwhile): the reply form has the message. */
export function ReopenedMeanwhile() {
  const { t } = useT("support");
  return <PageAlert tone="info" title={t("unsent.reopenedMeanwhile")} testId="reopened-meanwhile" />;
}
