/** Who may open and answer support tickets, the support page's settings, and one ticket's conversation. */
import { data, type RouterContextProvider } from "react-router";
import type { NotificationValues } from "~/lib/notifications";
import type { Customer } from "#contract/dashboard";
import { TICKET_NUMBER, normalTicketNumber } from "#contract/support";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { featureFlags, getConfig } from "~/lib/config.server";
import { formAction } from "~/lib/form-action.server";
import { ConfirmSchema } from "~/schemas/confirm";
import { ticketPath } from "./paths";

/** Contacts with the support or authoritative role open tickets, reply, close and reopen them; every contact reads them. */
export const canOpenTickets = (customer: Customer) => customer.roles.some((role) => role === "support" || role === "authoritative");

/** 403 for a contact who may not open or answer tickets. */
export function requireTicketRole(customer: Customer): void {
  if (!canOpenTickets(customer)) throw data({ kind: "forbidden" }, { status: 403 });
}

/** The phone number, and the old desk while it is not retired (FEATURE_RETIRE_OLD_DESK off). */
export function supportSettings() {
  const config = getConfig();
  return {
    phone: config.SUPPORT_PHONE,
    oldDeskUrl: featureFlags(config).retireOldDesk ? null : config.OLD_SUPPORT_DESK_URL,
  };
}

/**
 * The account and the ticket number of a ticket's address: 403 for someone else's account (and, with
 * `write`, for a contact who may not answer tickets), 404 for what is not a ticket number ("CS-204801",
 * any case) without asking the API. An action needs no more: the API checks the rest.
 */
export async function ticketAddress(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: { customerId?: string; ticketNumber?: string },
  { write = false }: { write?: boolean } = {},
) {
  const customer = await requireCustomer(context, request, params);
  if (write) requireTicketRole(customer);
  const ticketNumber = normalTicketNumber(params.ticketNumber ?? "");
  if (!TICKET_NUMBER.test(ticketNumber)) throw data({ kind: "not-found" }, { status: 404 });
  return { customer, ticketNumber };
}

/**
 * The account and one of its tickets with its conversation (GET /support/tickets/{customerId}/{ticketNumber}):
 * as `ticketAddress`, then 404 for a number that is not this account's ticket.
 */
export async function loadTicket(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: { customerId?: string; ticketNumber?: string },
  options: { write?: boolean } = {},
) {
  const { customer, ticketNumber } = await ticketAddress(context, request, params, options);
  const thread = await api(context, request).call("GET /support/tickets/{customerId}/{ticketNumber}", {
    params: { customerId: customer.customer_id, ticketNumber },
  });
  return { customer, ...thread };
}

type TicketParams = { customerId?: string; ticketNumber?: string };

/**
 * The action of the close and reopen pages: the confirmation posted (ConfirmSchema), the change asked of
 * the API for the address's ticket, then back to the ticket's page with a notification naming it.
 */
export async function changeTicket(
  { request, context, params }: { request: Request; context: Readonly<RouterContextProvider>; params: TicketParams },
  change: "close" | "reopen",
  notification: (ticketNumber: string) => { key: string; values: NotificationValues },
) {
  const { customer, ticketNumber } = await ticketAddress(context, request, params, { write: true });
  const address = { params: { customerId: customer.customer_id, ticketNumber } };
  return formAction(
    { request, context },
    {
      schema: ConfirmSchema,
      submit: () =>
        change === "close"
          ? api(context, request).call("POST /support/tickets/{customerId}/{ticketNumber}/close", address)
          : api(context, request).call("POST /support/tickets/{customerId}/{ticketNumber}/reopen", address),
      success: ({ ticket_number }) => ({
        redirectTo: ticketPath(customer.customer_id, ticket_number),
        notification: notification(ticket_number),
      }),
    },
  );
}
