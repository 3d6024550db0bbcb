/** A file of a ticket's conversation (routes/support/ticket-attachment.tsx answers it). */
import type { RouterContextProvider } from "react-router";
import { api } from "~/lib/api.server";
import { pageId } from "~/lib/page-ids.server";
import { ticketAddress } from "./support.server";

/** The API answer's headers the browser needs to save the file. */
const PASSED_THROUGH = ["Content-Type", "Content-Disposition", "Content-Length"] as const;

/**
 * The file of the address, or what refused it (thrown: a redirect to sign in, or an error page's data):
 * 403 for another's account and 404 for what is not a ticket number or an id, before the API is asked;
 * then the API's answer (404 for a file that is not of this ticket).
 */
export async function ticketAttachmentFile(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: { customerId: string; ticketNumber: string; attachmentId: string },
): Promise<Response> {
  const { customer, ticketNumber } = await ticketAddress(context, request, params);
  const attachmentId = pageId(params.attachmentId);
  const file = await api(context, request).download("GET /support/tickets/{customerId}/{ticketNumber}/attachments/{attachmentId}", {
    params: { customerId: customer.customer_id, ticketNumber, attachmentId },
  });
  // Whatever the API said: saved, never shown or run as a page of the portal, never cached.
  const headers = new Headers({
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
  });
  for (const name of PASSED_THROUGH) {
    const value = file.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/octet-stream");
  if (!/^attachment\b/i.test(headers.get("Content-Disposition") ?? "")) headers.set("Content-Disposition", "attachment");
  return new Response(file.body, { status: 200, headers });
}
