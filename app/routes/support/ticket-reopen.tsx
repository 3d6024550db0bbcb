/**
 * /support/{customerId}/tickets/{ticketNumber}/reopen: reopening a closed support request within 14 days
 * of its closing (POST /support/tickets/{customerId}/{ticketNumber}/reopen). The request's page posts its
 * "Reopen this request" button here directly; opened by its address, this page asks first. Past the 14
 * days (or when the API says so) it says to open a new request instead. Contacts with the support or
 * authoritative role only (403 otherwise); a request that is not closed leads back to its page.
 */
import { Link, redirect } from "react-router";
import type { Route } from "./+types/ticket-reopen";
import { TICKET_REOPEN_DAYS } from "#contract/support";
import { ConfirmForm } from "~/components/form";
import { PageHeader, actionLinkClass } from "~/components/PageHeader";
import { formatDate } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { changeTicket, loadTicket } from "./support.server";
import { supportPath, ticketPath } from "./paths";

export const handle = { i18n: ["support", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer, ticket } = await loadTicket(context, request, params, { write: true });
  if (ticket.status !== "closed") throw redirect(ticketPath(customer.customer_id, ticket.ticket_number));
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    ticket: {
      ticket_number: ticket.ticket_number,
      subject: ticket.subject,
      closed_at: ticket.closed_at,
      can_reopen: ticket.can_reopen,
    },
    reopenDays: TICKET_REOPEN_DAYS,
  };
}

export async function action(args: Route.ActionArgs) {
  return changeTicket(args, "reopen", (number) => ({ key: "support:reopenTicket.notifyReopened", values: { number } }));
}

export default function ReopenTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("support");
  const { customer, ticket, reopenDays } = loaderData;
  const back = ticketPath(customer.customer_id, ticket.ticket_number);
  const date = ticket.closed_at ? formatDate(ticket.closed_at, language) : "";
  return (
    <div>
      <PageHeader
        title={t("reopenTicket.title", { number: ticket.ticket_number })}
        subtitle={t("accountLine", { name: customer.contract_name, id: customer.customer_id })}
      />
      {ticket.can_reopen ? (
        <ConfirmForm
          variant="primary"
          confirmLabel={t("reopenTicket.submit")}
          cancelLabel={t("cancel")}
          cancelTo={back}
          lastResult={actionData}
        >
          <p className="font-semibold break-words">{t("reopenTicket.what", { subject: ticket.subject, date })}</p>
          <p>{t("reopenTicket.consequence")}</p>
        </ConfirmForm>
      ) : (
        <TooLate date={date} days={reopenDays} customerId={customer.customer_id} />
      )}
    </div>
  );
}

/** Past the days a request can be reopened in (what a refused post meets too): what to do instead. */
function TooLate({ date, days, customerId }: { date: string; days: number; customerId: number }) {
  const { t } = useT("support");
  return (
    <div className="max-w-2xl space-y-6">
      <p className="rounded-lg border-l-4 border-warning bg-white p-5 text-gray-900 shadow-sm" data-testid="reopen-expired">
        {t("reopenTicket.expired", { date, days })}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Link to={`${supportPath(customerId)}/new`} className={actionLinkClass}>
          {t("newTicket")}
        </Link>
        <Link to={supportPath(customerId)} className="text-center">
          {t("ticket.back")}
        </Link>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
