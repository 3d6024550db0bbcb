/**
 * /support/{customerId}/tickets/{ticketNumber}/attachments/{attachmentId}: a file of a ticket's
 * conversation, for every contact who reads the ticket (docs/support.md, "Attachments once sent"). The
 * portal asks the API with the customer's token and streams its answer through: the type detected at
 * upload, saved as an attachment under its name, never sniffed nor run (nosniff, a sandboxing CSP), never
 * cached. The browser never needs a token of its own.
 *
 * The conversation's links are plain links: the route's middleware answers the file itself, before any
 * page is made. A refusal (someone else's account, what is not a ticket number or an id, a file that is
 * not of this ticket, an API that does not answer) is the product's error page instead, inside the
 * signed-in layout and in the customer's language: the loader throws it, as any page's loader does.
 */
import { createContext, redirectDocument } from "react-router";
import type { Route } from "./+types/ticket-attachment";
import { requestInfoContext } from "~/lib/request-info";
import { ticketAttachmentFile } from "./ticket-attachment.server";

/** What refused the file, for the loader to throw as the page's error. */
const refusedContext = createContext<{ error: unknown } | null>(null);

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params }, next) => {
    if (context.get(requestInfoContext).dataRequest) return next();
    try {
      return await ticketAttachmentFile(context, request, params);
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
  // A client-side navigation here (the conversation's links are plain links): the file, as a document.
  throw redirectDocument(new URL(request.url).pathname);
}

/** Never shown: the file or the error page answers. */
export default function TicketAttachment() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
