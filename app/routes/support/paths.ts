/** Address of the support page of an account. */
export const supportPath = (customerId: number) => `/support/${customerId}`;
/** Address of one ticket's page (its conversation). */
export const ticketPath = (customerId: number, ticketNumber: string): `/${string}` =>
  `/support/${customerId}/tickets/${encodeURIComponent(ticketNumber)}`;
/** Address of a file of a ticket's conversation (a download: routes/support/ticket-attachment.tsx). */
export const ticketAttachmentPath = (customerId: number, ticketNumber: string, attachmentId: number) =>
  `${ticketPath(customerId, ticketNumber)}/attachments/${attachmentId}`;
