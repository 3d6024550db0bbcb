/**
 * /billing/{customerId}/invoices/{invoiceId}/pdf: an invoice as a PDF. The portal asks the API with the
 * customer's token and the page's language (Accept-Language) and streams the answer through, so the
 * browser never needs a token of its own. Never cached: the document is personal, and its labels follow
 * the language.
 *
 * The invoice links are plain links: the browser asks for the address as a document, and the route's
 * middleware answers the file itself, before any page is made. A refusal (an id that is not a number,
 * another's account, an invoice the API does not know or refuses, an API that does not answer) is the
 * product's error page instead, inside the signed-in layout and in the customer's language: the loader
 * throws it, as any page's loader does.
 */
import { createContext, redirectDocument } from "react-router";
import type { Route } from "./+types/invoice-pdf";
import { requestInfoContext } from "~/lib/request-info";
import { invoiceFile } from "./invoice-pdf.server";

/** What refused the file, for the loader to throw as the page's error. */
const refusedContext = createContext<{ error: unknown } | null>(null);

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params }, next) => {
    if (context.get(requestInfoContext).dataRequest) return next();
    try {
      return await invoiceFile(context, request, params);
    } catch (error) {
      // A redirect (the API ended the session: sign in again) is answered as it is.
      if (error instanceof Response) throw error;
      context.set(refusedContext, { error });
      return next();
    }
  },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const refused = context.get(refusedContext);
  if (refused) throw refused.error;
  // A client-side navigation here (the portal's own links are plain links): the file, as a document.
  throw redirectDocument(new URL(request.url).pathname);
}

/** Never shown: the file or the error page answers. */
export default function InvoicePdf() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
