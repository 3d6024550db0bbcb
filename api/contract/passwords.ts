/**
 * The password rules of spec section 5, once for every form that sets a password (change password,
 * password recovery, account activation, contact activation): at least 8 characters, a lowercase and an
 * uppercase letter. Codes are `<field>.required|too_short|too_long|missing_lowercase|missing_uppercase`.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

const RULES = ["required", "too_short", "too_long", "missing_lowercase", "missing_uppercase"] as const;

/** The rules a new password breaks, as error codes of `field` (none: it is acceptable). */
export function passwordRuleCodes(password: string, field: string): string[] {
  if (!password) return [`${field}.required`];
  const codes: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) codes.push(`${field}.too_short`);
  if (password.length > PASSWORD_MAX_LENGTH) codes.push(`${field}.too_long`);
  if (!/\p{Ll}/u.test(password)) codes.push(`${field}.missing_lowercase`);
  if (!/\p{Lu}/u.test(password)) codes.push(`${field}.missing_uppercase`);
  return codes;
}

/** Every code passwordRuleCodes can answer for a field (for the contract's errorCodes lists). */
export const passwordRuleCodeList = (field: string) => RULES.map((rule) => `${field}.${rule}`);
