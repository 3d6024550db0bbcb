/**
 * /billing/{customerId}/invoices/{invoiceId}/pdf: an invoice as a PDF (a resource route, no page). The
 * portal asks the API with the customer's token and the page's language (Accept-Language) and streams
 * the answer through, so the browser never needs a token of its own. Never cached: the document is
 * personal, and its labels follow the language.
 */
import type { Route } from "./+types/invoice-pdf";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { pageId } from "~/lib/page-ids.server";

/** The API answer's headers the browser needs to show or save the file. */
const PASSED_THROUGH = ["Content-Type", "Content-Disposition", "Content-Length", "Content-Language"] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(context, request, params, { billing: true });
  pageId(params.invoiceId);

  const file = await api(context, request).download("GET /billing/{id}/invoices/{invoiceId}/pdf", {
    params: { id: customer.customer_id, invoiceId: params.invoiceId },
  });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const name of PASSED_THROUGH) {
    const value = file.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/pdf");
  return new Response(file.body, { status: 200, headers });
}
