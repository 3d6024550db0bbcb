/**
 * The billing forms: one-time payment, card autopay, pre-authorized debit (PAD), proof of payment and
 * the confirmations. The rules are the contract's (api/contract/billing.ts FIELD_RULES), so the browser,
 * the portal's server and the API refuse the same values, and a refusal reads the same wherever it
 * comes from: messages are the API's error codes, translated in locales/…/api.json ("api:<field>.<rule>").
 * Every rule runs on every submit (everyRule): an expired card is named beside a wrong security code.
 */
import { z } from "zod";
import { TOO_LONG } from "./messages";
import { FIELD_RULES, cardExpired, cvvMismatchesBrand, parseAmount, parseExpiry } from "#contract/billing";
import { FILE_RULES, maxMegabytes, type FilePurpose } from "#contract/files";
import { withValues } from "../lib/form-messages";
import { idempotencyKey } from "./idempotency";
import { namedFileProblems } from "./file-problems";
import { everyRule, posted, type Posted } from "./rules";
import { torontoToday } from "./values";

type Rule = keyof typeof FIELD_RULES;

/** A text field checked by the contract's rule; conform sends an empty field as undefined (required). */
const ruled = (field: Rule) =>
  z
    .string({ error: `api:${field}.required` })
    .max(300, `api:${field}.invalid`)
    .superRefine((value, ctx) => {
      const code = FIELD_RULES[field](value);
      if (code) ctx.addIssue({ code: "custom", message: `api:${field}.${code}` });
    });

/** A text field required only in some cases (checked by the object's superRefine). */
const optionalText = (max = 300) => z.string().max(max, TOO_LONG).optional();

const CARD_FIELDS = ["card_number", "expiry", "cvv", "cardholder_name"] as const;
const BANK_FIELDS = ["institution_number", "transit_number", "account_number", "account_holder"] as const;

/** A card's rules between fields and with the day: the security code's length for the brand, and not expired. */
function cardRules(value: Posted<Record<(typeof CARD_FIELDS)[number], string>>, ctx: z.RefinementCtx) {
  if (cvvMismatchesBrand(posted(value.card_number), posted(value.cvv))) {
    ctx.addIssue({ code: "custom", message: "api:cvv.invalid", path: ["cvv"] });
  }
  const expiry = parseExpiry(posted(value.expiry));
  if (expiry && cardExpired(expiry.month, expiry.year, torontoToday())) {
    ctx.addIssue({ code: "custom", message: "api:expiry.expired", path: ["expiry"] });
  }
}

/**
 * An amount as customers write money, in dollars and cents for the API ("12.50"): a dollar sign and
 * spaces around or inside it (French "1 234,56 $", with its no-break spaces), thousands set off by commas
 * ("1,000.00"), and a decimal comma ("12,50", which a French phone's decimal keypad types). Anything
 * else is given as it came, for the amount's rules to refuse.
 */
export function normalAmount(typed: string): string {
  const text = typed.replace(/[\s\u00a0\u202f\u2009]+/g, "").replace(/^\$|\$$/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return text.replaceAll(",", "");
  if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(text)) return text.replaceAll(".", "").replace(",", ".");
  if (/^\d+,\d{1,2}$/.test(text)) return text.replace(",", ".");
  return text;
}

/** Make a payment: the balance or another amount, by card or from a bank account. */
export const PaymentSchema = everyRule(
  z.object({
    idempotency_key: idempotencyKey,
    /** "balance", or "other" with `amount`. */
    amount_choice: z.enum(["balance", "other"], { error: "billing:pay.amountChoiceRequired" }),
    amount: optionalText(20),
    method: z.enum(["credit_card", "bank"], { error: "api:method.required" }),
    card_number: optionalText(40),
    expiry: optionalText(10),
    cvv: optionalText(10),
    cardholder_name: optionalText(120),
    institution_number: optionalText(10),
    transit_number: optionalText(10),
    account_number: optionalText(30),
    account_holder: optionalText(120),
  }),
  (value, ctx) => {
    if (value.amount_choice === "other") {
      const parsed = parseAmount(normalAmount(posted(value.amount)));
      if ("code" in parsed) ctx.addIssue({ code: "custom", message: `api:amount.${parsed.code}`, path: ["amount"] });
    }
    // No method chosen yet: its own message says so; the card's fields are the ones shown first.
    const fields = value.method === "bank" ? BANK_FIELDS : value.method === "credit_card" ? CARD_FIELDS : [];
    for (const field of fields) {
      const code = FIELD_RULES[field](typeof value[field] === "string" ? value[field] : "");
      if (code) ctx.addIssue({ code: "custom", message: `api:${field}.${code}`, path: [field] });
    }
    if (value.method === "credit_card") cardRules(value, ctx);
  },
);
export type PaymentInput = z.infer<typeof PaymentSchema>;

/**
 * One automatic method at a time: a form shown while the other method is in force carries `in_force`
 * ("1"), and then its box (`replace_pad` / `replace_card`) must be ticked, the customer's explicit choice
 * to replace the other method. Checked with every other rule, so every message comes at once; the API
 * checks again against what is in force when the form arrives.
 */
const replacing =
  (box: "replace_pad" | "replace_card") =>
  (value: { in_force?: unknown; replace_pad?: unknown; replace_card?: unknown }, ctx: z.RefinementCtx) => {
    if (posted(value.in_force) === "1" && posted(value[box]) !== "on") {
      ctx.addIssue({ code: "custom", message: `api:${box}.required`, path: [box] });
    }
  };
const replacePad = replacing("replace_pad");
const replaceCard = replacing("replace_card");

/** Set up or replace card autopay; over a pre-authorized debit in force, only with "replace it" ticked. */
export const CardAutopaySchema = everyRule(
  z.object({
    idempotency_key: idempotencyKey,
    card_number: ruled("card_number"),
    expiry: ruled("expiry"),
    cvv: ruled("cvv"),
    cardholder_name: ruled("cardholder_name"),
    in_force: z.literal("1").optional(),
    replace_pad: z.literal("on").optional(),
  }),
  (value, ctx) => {
    cardRules(value, ctx);
    replacePad(value, ctx);
  },
);

/** Why a file of a purpose is refused (empty, over its size limit, not an accepted extension), or null; the API checks the bytes again. */
function fileProblem(file: File, purpose: FilePurpose, field: string): string | null {
  const rule = FILE_RULES[purpose];
  if (file.size === 0) return `api:${field}.empty`;
  if (file.size > rule.maxBytes) return withValues(`api:${field}.too_large`, { size: maxMegabytes(purpose) });
  if (!rule.extensions.some((extension) => file.name.toLowerCase().endsWith(extension))) return `api:${field}.type`;
  return null;
}

/** One file of a purpose. */
const upload = (purpose: FilePurpose, field: string) =>
  z.instanceof(File, { message: `api:${field}.required` }).superRefine((file, ctx) => {
    const problem = fileProblem(file, purpose, field);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * Several files of a purpose. Each reason a file is refused is said once, on the field itself (where
 * its input and the error summary's link are), not on a file of the list that has no control of its own.
 */
const uploads = (purpose: FilePurpose, field: string) =>
  z
    .array(z.instanceof(File, { message: `api:${field}.required` }), { error: `api:${field}.required` })
    .min(1, `api:${field}.required`)
    .max(FILE_RULES[purpose].maxFiles, `api:${field}.too_many`)
    .superRefine((files, ctx) => {
      for (const message of namedFileProblems(files, (file) => fileProblem(file, purpose, field)))
        ctx.addIssue({ code: "custom", message });
    });

/**
 * Set up pre-authorized debit: bank details, the agreement accepted, a void cheque; over card autopay in
 * force, only with "replace it" ticked.
 */
export const PadSchema = everyRule(
  z.object({
    idempotency_key: idempotencyKey,
    institution_number: ruled("institution_number"),
    transit_number: ruled("transit_number"),
    account_number: ruled("account_number"),
    account_holder: ruled("account_holder"),
    branch_address: ruled("branch_address"),
    agreement_accepted: z.literal("on", { error: "api:agreement_accepted.required" }),
    void_cheque: upload("void_cheque", "void_cheque"),
    in_force: z.literal("1").optional(),
    replace_card: z.literal("on").optional(),
  }),
  replaceCard,
);

/** Proof of payment of a suspended account: 1 to 5 files and an optional note. */
export const ProofOfPaymentSchema = z.object({
  attachments: uploads("proof_of_payment", "attachments"),
  note: z.string().max(1000, "api:note.too_long").optional(),
});
