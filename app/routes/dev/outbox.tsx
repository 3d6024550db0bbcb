/**
 * /dev/outbox: development only. The outbox's latest mail (GET /dev/outbox), newest first, with the
 * portal's own address in its links, so that a password reset or an invitation can be followed end to
 * end without a mail server. app/routes.ts registers it only outside production, and the loader answers
 * 404 in production as well (the API refuses the endpoint there too): docs/notifications.md. Typed
 * without ./+types: the route table of a production build (typegen's too) leaves it out.
 */
import { data, type LoaderFunctionArgs } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { formatDateTime } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { pageUrl } from "~/lib/page-url";

export const handle = { i18n: ["profile"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (process.env.NODE_ENV === "production") throw data({ kind: "unmatched" }, { status: 404 });
  const answer = await api(context, request, { public: true }).call("GET /dev/outbox", { silentNotFound: true });
  if (!answer) throw data({ kind: "unmatched" }, { status: 404 });
  const origin = pageUrl(request).origin;
  return { mails: answer.mails.map((mail) => ({ ...mail, body_text: mail.body_text.replaceAll("{{portal_url}}", origin) })), origin };
}

/** The text with this portal's links as links. */
function Body({ text, origin }: { text: string; origin: string }) {
  const parts = text.split(/(https?:\/\/\S+)/);
  return (
    <pre className="mt-3 overflow-x-auto whitespace-pre-wrap break-words rounded bg-gray-50 p-3 font-sans text-sm text-gray-900">
      {parts.map((part, index) =>
        part.startsWith(origin) ? (
          <a key={index} href={part} className="break-all">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default function DevOutbox({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  const { t, language } = useT("profile");
  const { mails, origin } = loaderData;
  return (
    <div className="max-w-3xl">
      <PageHeader title={t("outbox.title")} subtitle={t("outbox.intro")} />
      {mails.length === 0 ? <p className="text-gray-800">{t("outbox.empty")}</p> : null}
      <ol className="grid gap-4">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold text-gray-900">{mail.subject}</h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-800">
              <dt>{t("outbox.to")}</dt>
              <dd className="break-all">{mail.to}</dd>
              <dt>{t("outbox.kind")}</dt>
              <dd>
                {mail.template} ({mail.language})
              </dd>
              <dt>{t("outbox.queued")}</dt>
              <dd>{formatDateTime(mail.created_at, language)}</dd>
              <dt>{t("outbox.sent")}</dt>
              <dd>{mail.sent_at ? formatDateTime(mail.sent_at, language) : t("outbox.notSent")}</dd>
            </dl>
            {mail.body_text ? (
              <Body text={mail.body_text} origin={origin} />
            ) : (
              <p className="mt-3 text-sm text-gray-700">{t("outbox.blanked")}</p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
