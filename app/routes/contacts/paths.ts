/** Addresses of the contacts pages. */
export const contactsPath = (customerId: number) => `/contacts/${customerId}`;
export const contactPath = (customerId: number, contactId: number): `/${string}` => `/contacts/${customerId}/${contactId}`;
