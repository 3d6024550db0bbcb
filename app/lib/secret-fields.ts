/**
 * Fields whose text is never kept anywhere but in its form (a form draft, text kept across the language
 * toggle): secrets, and what the page makes anew.
 */
export const SECRET_FIELD = /password|card_number|cvv|expiry|institution_number|transit_number|account_number|token|idempotency_key|^__/i;
