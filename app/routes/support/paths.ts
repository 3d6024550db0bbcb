/** Address of the support page of an account. */
export const supportPath = (customerId: number) => `/support/${customerId}`;
/** Address of one ticket's page (its conversation). */
export const ticketPath = (customerId: number, ticketNumber: string) =>
  `/support/${customerId}/tickets/${encodeURIComponent(ticketNumber)}`;
