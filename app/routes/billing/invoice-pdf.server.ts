/** The invoice PDF of the address (routes/billing/invoice-pdf.tsx answers it). */
import type { RouterContextProvider } from "react-router";
import { api } from "~/lib/api.server";
import { requireCustomer } from "~/lib/auth.server";
import { pageId } from "~/lib/page-ids.server";

/** The API answer's headers the browser needs to show or save the file. */
const PASSED_THROUGH = ["Content-Type", "Content-Disposition", "Content-Length", "Content-Language"] as const;

/** The file of the address, or what refused it (thrown: a redirect to sign in, or an error page's data). */
export async function invoiceFile(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: { customerId: string; invoiceId: string },
): Promise<Response> {
  const customer = await requireCustomer(context, request, params, { billing: true });
  const invoiceId = pageId(params.invoiceId);
  const file = await api(context, request).download("GET /billing/{id}/invoices/{invoiceId}/pdf", {
    params: { id: customer.customer_id, invoiceId },
  });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const name of PASSED_THROUGH) {
    const value = file.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/pdf");
  return new Response(file.body, { status: 200, headers });
}
