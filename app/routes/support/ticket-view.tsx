/**
 * /support/tickets/view/{token?}: the page of a ticket lookup link (docs/support.md). The token is taken
 * out of the address on the first load (kept in a cookie for this page, as other e-mailed links are).
 * While the link works (GET /support/ticket-links/{token}) the page names the ticket and offers "Show the
 * request": a post uses the link, once (POST /support/ticket-links/{token}; a GET never does, so a mail
 * scanner opening the link does not spend it), and the API's view token goes into a session cookie of
 * this page. The view (GET /support/ticket-views/{viewToken}) shows the ticket read-only for an hour:
 * number, subject, category, status, dates, then its conversation as the customer's own page shows it
 * (the messages of both sides, oldest first, with their attachments' names and sizes, without the
 * download links of the signed-in page: a visitor gets no file). Replying, closing and
 * reopening stay with signed-in contacts. Nothing here is kept for anyone else: the page answers
 * Cache-Control: private, no-store.
 */
import { Link, data, redirect } from "react-router";
import { HeadingText } from "~/components/HeadingText";
import type { Route } from "./+types/ticket-view";
import { LinkGone, PublicCard } from "~/components/auth-flows/LinkGone";
import { Details } from "~/components/Card";
import { ConfirmForm } from "~/components/form";
import { actionLinkClass } from "~/components/PageHeader";
import { StatusBadge } from "~/components/StatusBadge";
import { Conversation } from "~/components/support/Conversation";
import { api } from "~/lib/api.server";
import { formAction, type FormReply } from "~/lib/form-action.server";
import { formatDate, formatTime } from "~/lib/i18n";
import { linkToken, stashLinkToken } from "~/lib/link-token.server";
import { requestInfoContext } from "~/lib/request-info";
import { signInLimits } from "~/lib/sign-in-limits";
import { TICKET_VIEW_PATH, ticketViewCookie, ticketViewToken } from "./ticket-view.server";
import { useT } from "~/lib/use-t";
import { ConfirmSchema } from "~/schemas/confirm";
import { usingLink } from "../auth-flows/shared.server";

export const handle = { i18n: ["support", "api"] };

/** What this page shows is one visitor's: never kept, by the browser or anyone between. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.token) stashLinkToken("ticket", params.token, TICKET_VIEW_PATH, request);
  const client = api(context, request, { public: true });
  // A link just opened comes first, even over a view still open (of this ticket or another).
  const token = linkToken(request, "ticket", TICKET_VIEW_PATH);
  if (token) {
    const link = await client.call("GET /support/ticket-links/{token}", { params: { token }, silentNotFound: true });
    if (link) return { mode: "link" as const, ticketNumber: link.ticket_number, expiresAt: link.expires_at };
  }
  const viewToken = ticketViewToken(request);
  if (viewToken) {
    const view = await client.call("GET /support/ticket-views/{viewToken}", { params: { viewToken }, silentNotFound: true });
    if (view) return { mode: "view" as const, ticket: view.ticket, messages: view.messages, expiresAt: view.expires_at };
  }
  return data({ mode: "gone" as const }, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = linkToken(request, "ticket", TICKET_VIEW_PATH);
  if (!token) throw redirect(TICKET_VIEW_PATH);
  // Counted like the other posts of e-mailed links (the sign-in limits' address count).
  if ((await signInLimits(context).countAddress(context.get(requestInfoContext).clientAddress)) !== null) {
    return data<FormReply>({ result: { status: "error", error: { "": ["support:lookup.throttled"] } } }, { status: 429 });
  }
  return usingLink("ticket", TICKET_VIEW_PATH, () =>
    formAction(
      { request, context },
      {
        schema: ConfirmSchema,
        submit: () => api(context, request, { public: true }).call("POST /support/ticket-links/{token}", { params: { token } }),
        success: (grant) => ({ redirectTo: TICKET_VIEW_PATH, headers: { "Set-Cookie": ticketViewCookie(grant.view_token) } }),
      },
    ),
  );
}

export default function TicketView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("support");
  if (loaderData.mode === "gone") {
    return (
      <LinkGone title={t("lookup.goneTitle")} help={t("lookup.goneHelp")}>
        <Link to="/support/tickets/lookup" className={actionLinkClass}>
          {t("lookup.lookUpAgain")}
        </Link>
        <Link to="/login">{t("lookup.signIn")}</Link>
      </LinkGone>
    );
  }
  const until = (at: string) => ({ time: formatTime(at, language), date: formatDate(at, language) });
  if (loaderData.mode === "link") {
    const title = t("lookup.linkTitle", { number: loaderData.ticketNumber });
    return (
      <PublicCard title={title} heading={<HeadingText text={title} reference={loaderData.ticketNumber} />}>
        <ConfirmForm
          variant="primary"
          confirmLabel={t("lookup.show")}
          cancelLabel={t("lookup.lookUpAnother")}
          cancelTo="/support/tickets/lookup"
          lastResult={actionData}
        >
          <p>{t("lookup.linkText")}</p>
          <p className="text-sm text-gray-700">{t("lookup.linkExpires", until(loaderData.expiresAt))}</p>
        </ConfirmForm>
      </PublicCard>
    );
  }
  const { ticket, messages, expiresAt } = loaderData;
  const title = t("lookup.viewTitle", { number: ticket.ticket_number });
  return (
    <PublicCard title={title} heading={<HeadingText text={title} reference={ticket.ticket_number} />} wide>
      <section aria-labelledby="ticket-subject" data-testid="ticket-view">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="ticket-subject" className="min-w-0 text-lg font-semibold break-words text-gray-900">
            {ticket.subject}
          </h2>
          <StatusBadge status={ticket.status} label={t(`status.${ticket.status}`)} />
        </div>
        <Details
          items={[
            [t("lookup.number"), ticket.ticket_number],
            [t("lookup.category"), ticket.category_name],
            [t("lookup.opened"), formatDate(ticket.created_at, language)],
            [t("lookup.updated"), formatDate(ticket.updated_at, language)],
          ]}
        />
      </section>
      <section aria-labelledby="ticket-messages" className="mt-6" data-testid="conversation">
        <h2 id="ticket-messages" className="text-lg font-semibold text-gray-900">
          {t("lookup.messages")}
        </h2>
        <Conversation messages={messages} headingId="ticket-messages" />
      </section>
      <div className="mt-6 space-y-2 border-t border-gray-200 pt-4 text-sm text-gray-800">
        <p data-testid="view-ends">{t("lookup.viewEnds", until(expiresAt))}</p>
        <p>{t("lookup.viewMore")}</p>
        <p className="flex flex-wrap gap-4">
          <Link to="/login">{t("lookup.signIn")}</Link>
          <Link to="/support/tickets/lookup">{t("lookup.lookUpAnother")}</Link>
        </p>
      </div>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
