/**
 * /billing/{customerId}/invoices/{invoiceId}/pdf: an invoice as a PDF. The portal asks the API with the
 * customer's token and the page's language (Accept-Language) and streams the answer through, so the
 * browser never needs a token of its own. Never cached: the document is personal, and its labels follow
 * the language.
 *
 * Answered by `fileRoute` (app/lib/file-route.server.ts): the file, or the product's error page.
 */
import type { Route } from "./+types/invoice-pdf";
import { fileRoute } from "~/lib/file-route.server";
import { invoiceFile } from "./invoice-pdf.server";

const file = fileRoute(invoiceFile);

export const middleware: Route.MiddlewareFunction[] = [file.middleware];

export const loader = file.loader;

/** Never shown: the file or the error page answers. */
export default function InvoicePdf() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
