/**
 * The forms' shared schemas as the browser runs them (conform's parseWithZod over the form's own
 * FormData) and as the portal's actions do: what a customer sends is accepted or refused the same way
 * with and without JavaScript.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ActivateAccountSchema } from "../../app/schemas/auth-flows.ts";
import { CardAutopaySchema, PaymentSchema } from "../../app/schemas/billing.ts";
import { RolesSchemas } from "../../app/schemas/contacts.ts";
import { PasswordSchema } from "../../app/schemas/profile.ts";
import { LanSettingsSchema, reservationSchema, ruleSchema } from "../../app/schemas/router.ts";
import { AccountDetailsSchema, CancelSchema, MoveSchema, PauseSchema } from "../../app/schemas/services.ts";
import { SupportTicketSchema } from "../../app/schemas/support.ts";
import { messageParts } from "../../app/lib/form-messages.ts";
import { addDays, torontoToday } from "../../app/schemas/values.ts";

/** A form's data, files included; an empty file field is what a browser sends for an input left empty. */
const form = (fields: Record<string, string | File | File[]>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(key, item);
  return data;
};
/** What the browser puts in the form for a file input nobody chose a file in. */
const noFile = () => new File([], "", { type: "application/octet-stream" });
const png = (name = "router.png", bytes = 64) => new File([new Uint8Array(bytes)], name, { type: "image/png" });

describe("the support form's attachments are optional", () => {
  const ticket = { category: "wifi", subject: "WiFi drops", description: "Every evening.", idempotency_key: "ticket-key" };

  it("sends a request whose file field was left empty, as the browser submits it", () => {
    const result = parseWithZod(form({ ...ticket, attachments: noFile() }), { schema: SupportTicketSchema });
    expect(result.reply().error).toBeUndefined();
    expect(result.status === "success" && (result.value.attachments ?? [])).toEqual([]);
  });

  it("does not mark the file field required", () => {
    expect(getZodConstraint(SupportTicketSchema).attachments?.required).toBe(false);
  });

  it("takes one or several files, and still refuses a chosen file that is empty", () => {
    const one = parseWithZod(form({ ...ticket, attachments: png() }), { schema: SupportTicketSchema });
    expect(one.status === "success" && one.value.attachments?.length).toBe(1);
    const two = parseWithZod(form({ ...ticket, attachments: [png(), png("bill.png")] }), { schema: SupportTicketSchema });
    expect(two.status === "success" && two.value.attachments?.length).toBe(2);
    const empty = parseWithZod(form({ ...ticket, attachments: new File([], "photo.png", { type: "image/png" }) }), {
      schema: SupportTicketSchema,
    });
    expect(empty.reply().error).toEqual({ attachments: ['api:attachments.empty_named|{"files":"photo.png"}'] });
  });
});

describe("refused attachments are named", () => {
  const ticket = { category: "wifi", subject: "WiFi drops", description: "Every evening.", idempotency_key: "ticket-key" };
  const errors = (files: File[]) =>
    parseWithZod(form({ ...ticket, attachments: files }), { schema: SupportTicketSchema })
      .reply()
      .error?.attachments?.map(messageParts);

  it("says each reason once, with the files it refuses, and lets the good files be", () => {
    expect(errors([png("ok.png"), png("a.exe"), png("b.exe"), png("empty.png", 0)])).toEqual([
      ["api:attachments.type_named", { files: "a.exe, b.exe" }],
      ["api:attachments.empty_named", { files: "empty.png" }],
    ]);
  });

  it("cuts a long name, keeping its extension", () => {
    const long = `${"é".repeat(100)}.exe`;
    const [[, values]] = errors([png(long)])!;
    expect(values).toEqual({ files: `${"é".repeat(55)}….exe` });
    expect([...String(values!.files)]).toHaveLength(60);
  });
});

describe("every rule of a form on every submit", () => {
  // Every exported schema of app/schemas, and those built per page (router rules, roles).
  const modules = import.meta.glob<Record<string, unknown>>("../../app/schemas/*.ts", { eager: true });
  const router = { lanIp: "192.168.1.1", subnetMask: "255.255.255.0" };
  const built: [string, unknown][] = [
    ["reservationSchema", reservationSchema({ ...router, inUse: [] })],
    ["ruleSchema", ruleSchema({ ...router, otherDescriptions: [] })],
    ...Object.entries(RolesSchemas),
  ];
  const schemas = [...Object.values(modules).flatMap((exports) => Object.entries(exports)), ...built].filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
  );

  it("runs each form's rules between fields whatever its fields said (no refinement waits for the others)", () => {
    const waiting = schemas
      .filter(([, schema]) => schema.def.type === "object")
      .filter(([, schema]) =>
        ((schema.def as { checks?: { _zod: { def: { when?: unknown } } }[] }).checks ?? []).some((check) => !check._zod.def.when),
      )
      .map(([name]) => name);
    expect(schemas.length).toBeGreaterThan(25);
    expect(waiting).toEqual([]);
  });

  const errors = (schema: z.ZodType, fields: Record<string, string>) => parseWithZod(form(fields), { schema }).reply().error;
  const today = torontoToday();

  it("pause: a past start date beside too many months", () => {
    expect(errors(PauseSchema, { start_date: addDays(today, -1), months: "9" })).toEqual({
      start_date: ["api:start_date.not_in_future"],
      months: ["api:months.above_maximum"],
    });
    expect(errors(PauseSchema, { start_date: today, months: "2" })).toEqual({ start_date: ["api:start_date.not_in_future"] });
    expect(errors(PauseSchema, { start_date: addDays(today, 366), months: "2" })).toEqual({ start_date: ["api:start_date.too_far"] });
    expect(errors(PauseSchema, { start_date: addDays(today, 1), months: "2" })).toBeUndefined();
  });

  it("account edit: the postal code of another province beside an empty street and no choice of language", () => {
    const address = { address_line1: "", city: "Toronto", province: "QC", postal_code: "M5C 1R6", paperless_billing: "true" };
    expect(errors(AccountDetailsSchema, address)).toEqual({
      address_line1: ["api:address_line1.required"],
      postal_code: ["api:postal_code.province_mismatch"],
      correspondence_language: ["api:correspondence_language.required"],
    });
    expect(errors(MoveSchema, { ...address, move_date: addDays(today, -1) })).toEqual({
      move_date: ["api:move_date.not_in_future"],
      address_line1: ["api:address_line1.required"],
      postal_code: ["api:postal_code.province_mismatch"],
    });
  });

  it("card: an expired card beside a wrong security code, by autopay and by payment", () => {
    const card = { idempotency_key: "k", card_number: "4242 4242 4242 4242", expiry: "01/25", cvv: "12", cardholder_name: "Maya Singh" };
    expect(errors(CardAutopaySchema, card)).toEqual({ expiry: ["api:expiry.expired"], cvv: ["api:cvv.invalid"] });
    // An American Express card has a 4-digit code; a valid card of this month has not expired.
    const amex = { ...card, card_number: "3782 822463 10005", cvv: "123", expiry: `${today.slice(5, 7)}/${today.slice(2, 4)}` };
    expect(errors(CardAutopaySchema, amex)).toEqual({ cvv: ["api:cvv.invalid"] });
    const payment = { ...card, amount_choice: "other", amount: "", method: "credit_card" };
    expect(errors(PaymentSchema, payment)).toEqual({
      amount: ["api:amount.required"],
      expiry: ["api:expiry.expired"],
      cvv: ["api:cvv.invalid"],
    });
  });

  it("cancel: a comment for another reason beside the box not ticked", () => {
    expect(errors(CancelSchema, { cancel_date: addDays(today, -1), reason: "other" })).toEqual({
      cancel_date: ["api:cancel_date.in_past"],
      comment: ["api:comment.required"],
      understood: ["services:cancel.understoodRequired"],
    });
    expect(errors(CancelSchema, { cancel_date: today, reason: "price", understood: "on" })).toBeUndefined();
  });

  it("passwords: a confirmation that does not match beside the current password left empty or the terms not accepted", () => {
    expect(errors(PasswordSchema, { new_password: "Better-Pass-2027", confirm_password: "Better-Pass-2028" })).toEqual({
      current_password: ["api:current_password.required"],
      confirm_password: ["api:confirm_password.mismatch"],
    });
    expect(errors(ActivateAccountSchema, { new_password: "Better-Pass-2027", confirm_password: "nope" })).toEqual({
      confirm_password: ["api:confirm_password.mismatch"],
      accept_terms: ["api:accept_terms.required"],
    });
  });

  it("own roles: giving up the authoritative role needs the acknowledgement, also beside a role that does not exist", () => {
    expect(errors(RolesSchemas.residentialOwn, { new_roles: "janitor", acknowledge: "x" })).toEqual({
      new_roles: ["api:new_roles.not_available"],
      acknowledge: expect.arrayContaining(["contacts:edit.acknowledgeRequired"]),
    });
  });

  it("a file posted where a text is expected is refused, never a crash", () => {
    const data = form({ lan_ip: new File(["x"], "x.txt"), subnet_mask: "255.255.255.0" });
    expect(() => parseWithZod(data, { schema: LanSettingsSchema })).not.toThrow();
    expect(parseWithZod(data, { schema: LanSettingsSchema }).reply().error?.lan_ip).toBeTruthy();
  });
});

describe("the reservation form takes the MAC spellings the API takes (docs/decisions/165-one-mac-spelling-set.md)", () => {
  const schema = reservationSchema({ lanIp: "192.168.1.1", subnetMask: "255.255.255.0", inUse: [] });
  const macErrors = (mac_address: string) => parseWithZod(form({ mac_address, ip_address: "192.168.1.41" }), { schema }).reply().error;

  it("refuses a mixture of separators, as the API does", () => {
    for (const mac of ["AABB:CCDD.EEFF", "AA:BB-CC:DD-EE:FF", "AABBCC-DDEEFF"]) {
      expect(macErrors(mac), mac).toEqual({ mac_address: ["api:mac_address.invalid"] });
    }
  });

  it("says a value past a field's length in the portal's words, not zod's English", () => {
    const errors = parseWithZod(form({ mac_address: "0a:1b:2c:3d:4e:5f", ip_address: "192.168.1.41", hostname: "h".repeat(64) }), {
      schema,
    }).reply().error;
    expect(errors?.hostname).toContain("api:_generic.field");
    expect(errors?.hostname?.every((message) => message.startsWith("api:"))).toBe(true);
  });

  it("takes colons, hyphens, Cisco's dotted groups and bare hex digits", () => {
    for (const mac of ["0a:1b:2c:3d:4e:5f", "0a-1b-2c-3d-4e-5f", "0a1b.2c3d.4e5f", "0A1B2C3D4E5F"])
      expect(macErrors(mac), mac).toBeUndefined();
  });
});

describe("the router forms' constraints are their fields', whatever the router (made once per process)", () => {
  it("gives the rule and reservation forms the same HTML constraints for any LAN, rules and devices", async () => {
    const { RULE_CONSTRAINT } = await import("../../app/routes/router/router-rules.server.ts");
    const lan = { lanIp: "10.0.0.1", subnetMask: "255.255.0.0" };
    expect(getZodConstraint(ruleSchema({ ...lan, otherDescriptions: ["Game server", "NAS"] }))).toEqual(RULE_CONSTRAINT);
    expect(RULE_CONSTRAINT).toMatchObject({ description: { maxLength: 200 }, destination_address: { maxLength: 64 } });
    expect(getZodConstraint(reservationSchema({ ...lan, inUse: [["10.0.0.5", "F0:99:B6:12:34:01"]] }))).toEqual(
      getZodConstraint(reservationSchema({ lanIp: "", subnetMask: "", inUse: [] })),
    );
  });
});
