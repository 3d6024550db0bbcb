import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import { COMMERCIAL_TICKET_CATEGORIES, OpenTicketAnswer, RESIDENTIAL_TICKET_CATEGORIES, SupportTicketsAnswer } from "#contract/support";
import { samplePdf, sampleJpeg, samplePng } from "../support/sample-files.ts";
import { createTestApi, type TestApi } from "./support/api.ts";

const RESI = 100101;
const FAMILY_HOME = 100201;
const HARBOURFRONT = 200301; // Priya authoritative
const KENSINGTON = 200302; // Priya authoritative
const SCARBOROUGH = 200305; // Priya billing + notify only

let api: TestApi;
let resi: string;
let family: string;
let business: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
});
afterAll(() => api.close());

const PNG = new Uint8Array(samplePng());
const PDF = new Uint8Array(samplePdf());
const JPEG = new Uint8Array(sampleJpeg());

function ticketForm(fields: Record<string, string>, files: [string, Uint8Array, string][] = [], field = "attachments") {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [name, bytes, type] of files) form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}
const valid = { category: "outage", subject: "Link flapping", description: "The link went down three times this morning." };
const errorsOf = (body: unknown) => ErrorAnswer.parse(body).errors ?? {};
const counts = async () => {
  const row = await api.db.one<{ tickets: number; files: number }>(
    "SELECT (SELECT count(*)::int FROM support_tickets) AS tickets, (SELECT count(*)::int FROM uploaded_files) AS files",
  );
  return row!;
};

describe("GET /support/tickets/{customerId}", () => {
  it("lists resi's tickets in every state, most recently updated first, with the last message", async () => {
    const { status, body } = await api.call("GET", `/support/tickets/${RESI}`, { token: resi });
    expect(status).toBe(200);
    const answer = SupportTicketsAnswer.parse(body);
    expect(answer.customer_tickets.map((t) => t.status).sort()).toEqual(["closed", "in_progress", "resolved", "waiting_on_customer"]);
    const updated = answer.customer_tickets.map((t) => t.updated_at);
    expect([...updated].sort().reverse()).toEqual(updated);
    const wifi = answer.customer_tickets.find((t) => t.category === "wifi")!;
    expect(wifi).toMatchObject({
      subject: "WiFi drops every evening",
      category_name: "WiFi",
      service_id: 7001,
      last_update: { author: "customer", author_name: "Maya Singh", summary: "It happened again last night at 9:10 pm, but shorter." },
    });
    expect(wifi.ticket_number).toMatch(/^CS-\d+$/);
    expect(answer.categories.map((c) => c.value)).toEqual([...RESIDENTIAL_TICKET_CATEGORIES]);
  });

  it("answers category labels in French when asked", async () => {
    const { body } = await api.call("GET", `/support/tickets/${RESI}`, { token: resi, headers: { "Accept-Language": "fr" } });
    const answer = SupportTicketsAnswer.parse(body);
    expect(answer.categories.find((c) => c.value === "moving")!.label).toBe("Déménagement");
    expect(answer.customer_tickets.find((t) => t.category === "billing")!.category_name).toBe("Facturation");
  });

  it("shows attachments, and the commercial categories for a commercial account", async () => {
    const home = SupportTicketsAnswer.parse((await api.call("GET", `/support/tickets/${FAMILY_HOME}`, { token: family })).body);
    expect(home.customer_tickets[0].attachments).toEqual([
      { file_name: "bank-confirmation.pdf", media_type: "application/pdf", size_bytes: expect.any(Number) },
    ]);
    const company = SupportTicketsAnswer.parse((await api.call("GET", `/support/tickets/${HARBOURFRONT}`, { token: business })).body);
    expect(company.categories.map((c) => c.value)).toEqual([...COMMERCIAL_TICKET_CATEGORIES]);
    expect(company.customer_tickets.map((t) => t.status).sort()).toEqual(["in_progress", "resolved"]);
  });

  it("lets any activated contact read, even without the support role", async () => {
    const { status, body } = await api.call("GET", `/support/tickets/${SCARBOROUGH}`, { token: business });
    expect(status).toBe(200);
    SupportTicketsAnswer.parse(body);
  });

  it("answers 401 without a token and 403 for another user's account or an unknown one", async () => {
    expect((await api.call("GET", `/support/tickets/${RESI}`)).status).toBe(401);
    expect((await api.call("GET", `/support/tickets/${RESI}`, { token: business })).status).toBe(403);
    expect((await api.call("GET", `/support/tickets/${HARBOURFRONT}`, { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/support/tickets/999999", { token: resi })).status).toBe(403);
  });
});

describe("POST /support/tickets/{customerId}", () => {
  it("opens a ticket with CC addresses and attachments checked by content, stored with it", async () => {
    const { status, body } = await api.call("POST", `/support/tickets/${HARBOURFRONT}`, {
      token: business,
      form: ticketForm(
        {
          ...valid,
          service_id: "8001",
          cc_emails: "Noah.Williams@harbourfrontlogi.example; it@harbourfrontlogi.example\n noah.williams@harbourfrontlogi.example",
        },
        [
          ["traceroute.png", PNG, "image/png"],
          ["report.pdf", PDF, "application/octet-stream"],
          ["photo.jpg", JPEG, "image/jpeg"],
        ],
      ),
    });
    expect(status).toBe(201);
    const opened = OpenTicketAnswer.parse(body);
    expect(opened.ticket_number).toMatch(/^CS-\d+$/);

    const list = SupportTicketsAnswer.parse((await api.call("GET", `/support/tickets/${HARBOURFRONT}`, { token: business })).body);
    expect(list.customer_tickets[0]).toMatchObject({
      ticket_id: opened.ticket_id,
      ticket_number: opened.ticket_number,
      subject: "Link flapping",
      category: "outage",
      status: "open",
      service_id: 8001,
      created_at: api.clock.now.toISOString(),
      last_update: { author: "customer", author_name: "Priya Raman", summary: valid.description },
      attachments: [
        { file_name: "traceroute.png", media_type: "image/png", size_bytes: PNG.length },
        { file_name: "report.pdf", media_type: "application/pdf", size_bytes: PDF.length },
        { file_name: "photo.jpg", media_type: "image/jpeg", size_bytes: JPEG.length },
      ],
    });
    const stored = await api.db.one<{ cc_emails: string[]; opened_by: number }>(
      "SELECT cc_emails, opened_by FROM support_tickets WHERE id = $1",
      [opened.ticket_id],
    );
    expect(stored).toEqual({ cc_emails: ["noah.williams@harbourfrontlogi.example", "it@harbourfrontlogi.example"], opened_by: 3 });
    const files = await api.db.query<{ purpose: string; customer_id: number }>(
      "SELECT f.purpose, f.customer_id FROM uploaded_files f JOIN support_ticket_attachments a ON a.file_id = f.id WHERE a.ticket_id = $1",
      [opened.ticket_id],
    );
    expect(files).toEqual(Array(3).fill({ purpose: "support_attachment", customer_id: HARBOURFRONT }));
  });

  it("works for residential customers, with JSON too, and for a contact with only the support role", async () => {
    const own = await api.call("POST", `/support/tickets/${RESI}`, {
      token: resi,
      json: { category: "internet", subject: "Slow upstairs", description: "Speeds drop in the upstairs bedroom." },
    });
    expect(own.status).toBe(201);
    const sam = await api.signIn("sam.gagnon@example.com"); // billing + support on the family home
    const partner = await api.call("POST", `/support/tickets/${FAMILY_HOME}`, {
      token: sam,
      form: ticketForm({ category: "billing", subject: "Receipt", description: "Please e-mail me last month's receipt." }),
    });
    expect(partner.status).toBe(201);
    const ticket = SupportTicketsAnswer.parse((await api.call("GET", `/support/tickets/${FAMILY_HOME}`, { token: family })).body)
      .customer_tickets[0];
    expect(ticket).toMatchObject({ subject: "Receipt", attachments: [], last_update: { author_name: "Sam Gagnon" } });
  });

  it("opens one ticket for a form posted twice with one key, and answers both with its number", async () => {
    const before = await counts();
    const post = (key: string) =>
      api.call("POST", `/support/tickets/${HARBOURFRONT}`, {
        token: business,
        form: ticketForm({ ...valid, subject: "Posted twice" }, [["trace.pdf", PDF, "application/pdf"]]),
        headers: { "Idempotency-Key": key },
      });
    const [first, second] = await Promise.all([post("open-twice"), post("open-twice")]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(OpenTicketAnswer.parse(second.body).ticket_number).toBe(OpenTicketAnswer.parse(first.body).ticket_number);
    expect(await counts()).toEqual({ tickets: before.tickets + 1, files: before.files + 1 });
    const invalid = await api.call("POST", `/support/tickets/${HARBOURFRONT}`, {
      token: business,
      form: ticketForm(valid),
      headers: { "Idempotency-Key": "not a key" },
    });
    expect(invalid.status).toBe(400);
    expect(errorsOf(invalid.body)).toEqual({ idempotency_key: ["idempotency_key.invalid"] });
    expect(await counts()).toEqual({ tickets: before.tickets + 1, files: before.files + 1 });
  });

  it("answers 401 without a token, 403 on another user's account and for a contact without the support or authoritative role", async () => {
    const before = await counts();
    expect((await api.call("POST", `/support/tickets/${RESI}`, { form: ticketForm(valid) })).status).toBe(401);
    expect((await api.call("POST", `/support/tickets/${RESI}`, { token: business, form: ticketForm(valid) })).status).toBe(403);
    const billingOnly = await api.call("POST", `/support/tickets/${SCARBOROUGH}`, { token: business, form: ticketForm(valid) });
    expect(billingOnly.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("requires a category from the customer's list, a subject and a description", async () => {
    const none = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm({ subject: "Hi", description: "Help" }),
    });
    expect(none.status).toBe(422);
    expect(errorsOf(none.body)).toEqual({ category: ["category.required"] });

    const blank = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm({ category: "", subject: " ", description: "" }),
    });
    expect(errorsOf(blank.body)).toEqual({
      category: ["category.required"],
      subject: ["subject.required"],
      description: ["description.required"],
    });

    const residentialOnly = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm({ ...valid, category: "tv" }),
    });
    expect(errorsOf(residentialOnly.body)).toEqual({ category: ["category.invalid"] });
    const commercialOnly = await api.call("POST", `/support/tickets/${RESI}`, {
      token: resi,
      form: ticketForm({ ...valid, category: "colocation" }),
    });
    expect(errorsOf(commercialOnly.body)).toEqual({ category: ["category.invalid"] });

    const long = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm({ ...valid, subject: "s".repeat(151) }),
    });
    expect(errorsOf(long.body)).toEqual({ subject: ["subject.too_long"] });
  });

  it("refuses invalid CC addresses, naming them", async () => {
    const { status, body } = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm({ ...valid, cc_emails: "ok@example.com, not-an-email;bob@\nalso@bad@example.com" }),
    });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ cc_emails: ["cc_emails.invalid"] });
    expect(ErrorAnswer.parse(body).message).toBe("Invalid CC e-mail addresses: not-an-email, bob@, also@bad@example.com");
  });

  it("refuses six attachments", async () => {
    const before = await counts();
    const six = Array.from({ length: 6 }, (_, i) => [`scan-${i}.png`, PNG, "image/png"] as [string, Uint8Array, string]);
    const { status, body } = await api.call("POST", `/support/tickets/${KENSINGTON}`, { token: business, form: ticketForm(valid, six) });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ attachments: ["attachments.too_many"] });
    expect(await counts()).toEqual(before);
  });

  it("refuses a file over 10 MB", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    const { status, body } = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm(valid, [["big.pdf", big, "application/pdf"]]),
    });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ attachments: ["attachments.too_large"] });
  });

  it("refuses a file named .pdf whose bytes are not a PDF, and an empty file, storing nothing", async () => {
    const before = await counts();
    const fake = new TextEncoder().encode("MZ\x90\x00 this is a Windows program, not a PDF");
    const { status, body } = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm(valid, [
        ["fine.png", PNG, "image/png"],
        ["invoice.pdf", fake, "application/pdf"],
      ]),
    });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ attachments: ["attachments.type"] });

    const empty = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm(valid, [["empty.pdf", new Uint8Array(0), "application/pdf"]]),
    });
    expect(errorsOf(empty.body)).toEqual({ attachments: ["attachments.empty"] });
    expect(await counts()).toEqual(before);
  });

  it("refuses files sent in another field and a service of another account", async () => {
    const stray = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm(valid, [["a.png", PNG, "image/png"]], "photo"),
    });
    expect(stray.status).toBe(422);
    expect(errorsOf(stray.body)).toEqual({ attachments: ["attachments.unexpected_field"] });

    const foreign = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm({ ...valid, service_id: "8001" }),
    });
    expect(errorsOf(foreign.body)).toEqual({ service_id: ["service_id.not_found"] });
  });

  it("reports every refused field at once", async () => {
    const { status, body } = await api.call("POST", `/support/tickets/${KENSINGTON}`, {
      token: business,
      form: ticketForm({ subject: "Hi", description: "Help", cc_emails: "nope" }, [["x.pdf", PNG.slice(0, 4), "application/pdf"]]),
    });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({
      category: ["category.required"],
      cc_emails: ["cc_emails.invalid"],
      attachments: ["attachments.type"],
    });
  });
});
