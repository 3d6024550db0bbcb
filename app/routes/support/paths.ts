/** Address of the support page of an account. */
export const supportPath = (customerId: number) => `/support/${customerId}`;
