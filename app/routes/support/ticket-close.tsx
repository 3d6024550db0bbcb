/**
 * /support/{customerId}/tickets/{ticketNumber}/close: closing a support request the customer no longer
 * needs, confirmed on a page of its own (POST /support/tickets/{customerId}/{ticketNumber}/close). It
 * can be reopened within 14 days. Contacts with the support or authoritative role only (403 otherwise);
 * a request closed already leads back to its page.
 */
import { redirect } from "react-router";
import { HeadingText } from "~/components/HeadingText";
import type { Route } from "./+types/ticket-close";
import { TICKET_REOPEN_DAYS } from "#contract/support";
import { ConfirmForm } from "~/components/form";
import { PageHeader } from "~/components/PageHeader";
import { useT } from "~/lib/use-t";
import { changeTicket, loadTicket } from "./support.server";
import { ticketPath } from "./paths";

export const handle = { i18n: ["support", "api"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer, ticket } = await loadTicket(context, request, params, { write: true });
  if (ticket.status === "closed") throw redirect(ticketPath(customer.customer_id, ticket.ticket_number));
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    ticket: { ticket_number: ticket.ticket_number, subject: ticket.subject },
    reopenDays: TICKET_REOPEN_DAYS,
  };
}

export async function action(args: Route.ActionArgs) {
  return changeTicket(args, "close", (number) => ({
    key: "support:closeTicket.notifyClosed",
    values: { number, days: TICKET_REOPEN_DAYS },
  }));
}

export default function CloseTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("support");
  const { customer, ticket, reopenDays } = loaderData;
  return (
    <div>
      <PageHeader
        title={t("closeTicket.title", { number: ticket.ticket_number })}
        heading={<HeadingText text={t("closeTicket.title", { number: ticket.ticket_number })} reference={ticket.ticket_number} />}
        subtitle={t("accountLine", { name: customer.contract_name, id: customer.customer_id })}
      />
      <ConfirmForm
        confirmLabel={t("closeTicket.submit")}
        cancelLabel={t("cancel")}
        cancelTo={ticketPath(customer.customer_id, ticket.ticket_number)}
        lastResult={actionData}
      >
        <p className="font-semibold break-words">{t("closeTicket.what", { subject: ticket.subject })}</p>
        <p>{t("closeTicket.consequence", { days: reopenDays })}</p>
      </ConfirmForm>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
