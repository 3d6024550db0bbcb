/**
 * The message of a rule that a page's own form never breaks (a value past a field's maximum length, which
 * the browser stops at, posted some other way): the generic, translated one, never zod's English.
 */
export const TOO_LONG = "api:_generic.field";
