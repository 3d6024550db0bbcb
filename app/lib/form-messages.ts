/**
 * Form messages are translation keys. A message that names what was refused ("x@y is not a valid
 * e-mail address") carries its values after the key: `withValues("api:cc_emails.invalid", { emails })`
 * gives `api:cc_emails.invalid|{"emails":"…"}`, and the form controls translate it with those values.
 */
type Values = Record<string, string | number>;

const SEPARATOR = "|";

/** A message key with the values its text names. */
export const withValues = (key: string, values: Values) => `${key}${SEPARATOR}${JSON.stringify(values)}`;

/** The key and values of a form message (plain keys have none). */
export function messageParts(message: string): [string, Values | undefined] {
  const at = message.indexOf(SEPARATOR);
  if (at < 0) return [message, undefined];
  try {
    const values = JSON.parse(message.slice(at + 1)) as unknown;
    if (values && typeof values === "object" && !Array.isArray(values)) return [message.slice(0, at), values as Values];
  } catch {
    // Not values: the message is a plain key.
  }
  return [message.slice(0, at), undefined];
}

/** Translates a form message with its values. */
export function translateMessage(t: (key: string, options?: Values) => string, message: string): string {
  const [key, values] = messageParts(message);
  return values ? t(key, values) : t(key);
}
