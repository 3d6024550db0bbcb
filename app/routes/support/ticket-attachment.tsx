/**
 * /support/{customerId}/tickets/{ticketNumber}/attachments/{attachmentId}: a file of a ticket's
 * conversation, for every contact who reads the ticket (docs/support.md, "Attachments once sent"). The
 * portal asks the API with the customer's token and streams its answer through: the type detected at
 * upload, saved as an attachment under its name, never sniffed nor run (nosniff, a sandboxing CSP), never
 * cached. The browser never needs a token of its own.
 *
 * Answered by `fileRoute` (app/lib/file-route.server.ts): the file, or the product's error page.
 */
import type { Route } from "./+types/ticket-attachment";
import { fileRoute } from "~/lib/file-route.server";
import { ticketAttachmentFile } from "./ticket-attachment.server";

const file = fileRoute(ticketAttachmentFile);

export const middleware: Route.MiddlewareFunction[] = [file.middleware];

export const loader = file.loader;

/** Never shown: the file or the error page answers. */
export default function TicketAttachment() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
