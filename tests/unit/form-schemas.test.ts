/**
 * The forms' shared schemas as the browser runs them (conform's parseWithZod over the form's own
 * FormData) and as the portal's actions do: what a customer sends is accepted or refused the same way
 * with and without JavaScript.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { SupportTicketSchema } from "../../app/schemas/support.ts";

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
  const ticket = { category: "wifi", subject: "WiFi drops", description: "Every evening." };

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
    expect(empty.reply().error).toEqual({ attachments: ["api:attachments.empty"] });
  });
});
