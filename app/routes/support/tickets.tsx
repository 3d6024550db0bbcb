/**
 * /support/{customerId?}: the account's support tickets (GET /support/tickets/{customerId}), most
 * recently updated first, with their status, dates and latest message, each opening its own page
 * (./ticket.tsx: the conversation); support hours and phone; the
 * way to open a new ticket (contacts with the support or authoritative role), and, while the old
 * support desk is not retired (FEATURE_RETIRE_OLD_DESK off), a link to it.
 */
import { StatusBadge } from "~/components/StatusBadge";
import { Link } from "react-router";
import { PlainLink } from "~/components/PlainLink";
import type { Route } from "./+types/tickets";
import type { SupportTicket } from "#contract/support";
import { Card, Details } from "~/components/Card";
import { PageHeader, actionLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { redirectToActiveAccount, requireCustomer } from "~/lib/auth.server";
import { formatDate } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { canOpenTickets, supportSettings } from "./support.server";
import { supportPath, ticketPath } from "./paths";

export const handle = { i18n: ["support"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.customerId) return redirectToActiveAccount(context, request, supportPath);
  const customer = await requireCustomer(context, request, params);
  const { customer_tickets } = await api(context, request).call("GET /support/tickets/{customerId}", {
    params: { customerId: customer.customer_id },
  });
  const tickets = [...customer_tickets].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
  return {
    customer: { customer_id: customer.customer_id, contract_name: customer.contract_name },
    tickets,
    canOpen: canOpenTickets(customer),
    ...supportSettings(),
  };
}

/** A request waiting on the customer waits for "your reply" only to a contact who may reply. */
function TicketStatus({ status, canReply }: { status: SupportTicket["status"]; canReply: boolean }) {
  const { t } = useT("support");
  return (
    <StatusBadge status={status} label={t(status === "waiting_on_customer" && !canReply ? "status.waitingOnOthers" : `status.${status}`)} />
  );
}

export default function SupportTickets({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("support");
  const { customer, tickets, canOpen, phone, oldDeskUrl } = loaderData;
  const tel = `tel:${phone.replace(/[^\d+]/g, "")}`;
  return (
    <div className="max-w-4xl">
      <PageHeader
        title={t("title")}
        subtitle={t("accountLine", { name: customer.contract_name, id: customer.customer_id })}
        action={
          canOpen ? (
            <Link to={`${supportPath(customer.customer_id)}/new`} className={actionLinkClass}>
              {t("newTicket")}
            </Link>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="tickets-heading" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="tickets-heading" className="text-lg font-semibold text-gray-900">
            {t("tickets.title")}
          </h2>
          {tickets.length === 0 ? (
            <p className="mt-3 text-gray-800">{canOpen ? t("tickets.empty") : t("tickets.emptyReadOnly")}</p>
          ) : (
            <ol className="mt-3 divide-y divide-gray-200" aria-labelledby="tickets-heading">
              {tickets.map((ticket) => (
                <li key={ticket.ticket_id} className="py-4" data-testid="ticket">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="min-w-0 font-semibold break-words text-gray-900">
                      <PlainLink to={ticketPath(customer.customer_id, ticket.ticket_number)}>{ticket.subject}</PlainLink>
                    </h3>
                    <TicketStatus status={ticket.status} canReply={canOpen} />
                  </div>
                  <p className="mt-1 text-sm text-gray-700">
                    {t("tickets.meta", { number: ticket.ticket_number, category: ticket.category_name })}
                  </p>
                  <dl className="mt-2 grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-2">
                    <div>
                      <dt className="inline text-gray-700">{t("tickets.opened")} </dt>
                      <dd className="inline font-medium text-gray-900">{formatDate(ticket.created_at, language)}</dd>
                    </div>
                    <div>
                      <dt className="inline text-gray-700">{t("tickets.updated")} </dt>
                      <dd className="inline font-medium text-gray-900">{formatDate(ticket.updated_at, language)}</dd>
                    </div>
                  </dl>
                  {ticket.last_update ? (
                    <p className="mt-2 text-sm text-gray-800">
                      <span className="font-medium">
                        {ticket.last_update.author === "customer"
                          ? t("tickets.youWrote", { name: ticket.last_update.author_name })
                          : ticket.last_update.author_name
                            ? t("tickets.agentSaid", { name: ticket.last_update.author_name })
                            : t("tickets.supportSaid")}
                      </span>{" "}
                      {ticket.last_update.summary}
                    </p>
                  ) : null}
                  {ticket.attachments.length ? (
                    <p className="mt-1 text-sm text-gray-700">{t("tickets.attachments", { count: ticket.attachments.length })}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>

        <div className="space-y-6">
          <Card id="hours-heading" title={t("hours.title")}>
            <Details
              items={[
                [t("hours.care"), t("hours.careValue")],
                [t("hours.tech"), t("hours.techValue")],
                [
                  t("hours.phone"),
                  <a key="p" href={tel}>
                    {phone}
                  </a>,
                ],
              ]}
            />
          </Card>
          <Card id="status-heading" title={t("status:help.title")}>
            <p className="text-gray-800">{t("status:help.text")}</p>
            <p className="mt-2">
              <Link to="/status">{t("status:help.link")}</Link>
            </p>
          </Card>
          {!canOpen ? (
            <Card id="no-role-heading" title={t("noRole.title")}>
              <p className="text-gray-800">{t("noRole.text")}</p>
            </Card>
          ) : null}
          {oldDeskUrl ? (
            <Card id="old-desk-heading" title={t("oldDesk.title")}>
              <p className="text-gray-800">{t("oldDesk.text")}</p>
              <p className="mt-2">
                <a href={oldDeskUrl} data-testid="old-desk-link">
                  {t("oldDesk.link")}
                </a>
              </p>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
