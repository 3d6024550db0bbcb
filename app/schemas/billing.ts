/**
 * The billing forms: one-time payment, card autopay, pre-authorized debit (PAD), proof of payment and
 * the confirmations. The rules are the contract's (api/contract/billing.ts FIELD_RULES), so the browser,
 * the portal's server and the API refuse the same values, and a refusal reads the same wherever it
 * comes from: messages are the API's error codes, translated in locales/…/api.json ("api:<field>.<rule>").
 */
import { z } from "zod";
import { FIELD_RULES, parseAmount } from "../../api/contract/billing";
import { FILE_RULES, type FilePurpose } from "../../api/contract/files";

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
const optionalText = (max = 300) => z.string().max(max).optional();

/** The key the page was rendered with: the same post twice charges once. */
const idempotencyKey = z.string({ error: "api:idempotency_key.required" }).min(1).max(255);

const CARD_FIELDS = ["card_number", "expiry", "cvv", "cardholder_name"] as const;
const BANK_FIELDS = ["institution_number", "transit_number", "account_number", "account_holder"] as const;

/** Make a payment: the balance or another amount, by card or from a bank account. */
export const PaymentSchema = z
  .object({
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
  })
  .superRefine((value, ctx) => {
    if (value.amount_choice === "other") {
      const parsed = parseAmount(value.amount);
      if ("code" in parsed) ctx.addIssue({ code: "custom", message: `api:amount.${parsed.code}`, path: ["amount"] });
    }
    const fields = value.method === "credit_card" ? CARD_FIELDS : BANK_FIELDS;
    for (const field of fields) {
      const code = FIELD_RULES[field](value[field] ?? "");
      if (code) ctx.addIssue({ code: "custom", message: `api:${field}.${code}`, path: [field] });
    }
  });
export type PaymentInput = z.infer<typeof PaymentSchema>;

/**
 * One automatic method at a time: a form shown while the other method is in force carries `in_force`
 * ("1"), and then its box (`replace_pad` / `replace_card`) must be ticked, the customer's explicit choice
 * to replace the other method. Checked even when other fields fail, so every message comes at once; the
 * API checks again against what is in force when the form arrives.
 */
function replacing<Box extends "replace_pad" | "replace_card">(box: Box) {
  return {
    check: (value: { in_force?: string } & Partial<Record<Box, string>>) => value.in_force !== "1" || value[box] === "on",
    params: { message: `api:${box}.required`, path: [box as string], when: () => true },
  };
}
const replacePad = replacing("replace_pad");
const replaceCard = replacing("replace_card");

/** Set up or replace card autopay; over a pre-authorized debit in force, only with "replace it" ticked. */
export const CardAutopaySchema = z
  .object({
    idempotency_key: idempotencyKey,
    card_number: ruled("card_number"),
    expiry: ruled("expiry"),
    cvv: ruled("cvv"),
    cardholder_name: ruled("cardholder_name"),
    in_force: z.literal("1").optional(),
    replace_pad: z.literal("on").optional(),
  })
  .refine(replacePad.check, replacePad.params);

/** A file of a purpose: within its size limit and of an accepted extension (the API checks the bytes again). */
const upload = (purpose: FilePurpose, field: string) => {
  const rule = FILE_RULES[purpose];
  return z
    .instanceof(File, { message: `api:${field}.required` })
    .refine((file) => file.size > 0, `api:${field}.empty`)
    .refine((file) => file.size <= rule.maxBytes, `api:${field}.too_large`)
    .refine((file) => rule.extensions.some((extension) => file.name.toLowerCase().endsWith(extension)), `api:${field}.type`);
};

/**
 * Set up pre-authorized debit: bank details, the agreement accepted, a void cheque; over card autopay in
 * force, only with "replace it" ticked.
 */
export const PadSchema = z
  .object({
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
  })
  .refine(replaceCard.check, replaceCard.params);

/** Proof of payment of a suspended account: 1 to 5 files and an optional note. */
export const ProofOfPaymentSchema = z.object({
  attachments: z
    .array(upload("proof_of_payment", "attachments"), { error: "api:attachments.required" })
    .min(1, "api:attachments.required")
    .max(FILE_RULES.proof_of_payment.maxFiles, "api:attachments.too_many"),
  note: z.string().max(1000, "api:note.too_long").optional(),
});
