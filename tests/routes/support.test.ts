/**
 * The support screens' loaders and actions in isolation (msw answers as the API): the tickets list,
 * the old desk behind FEATURE_RETIRE_OLD_DESK, and the multipart support form with its limits.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { messageParts } from "../../app/lib/form-messages.ts";
import * as newTicket from "../../app/routes/support/new.tsx";
import * as ticketsRoute from "../../app/routes/support/tickets.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { commercialCustomer, dashboard, residentialCustomer } from "../mocks/fixtures.ts";
import { ticket } from "../mocks/support.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { multipartBody, type Part } from "../support/multipart-body.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;

const call = async (handler: Handler, url: string, params: Record<string, string>, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

function residentialRoles(roles: (typeof residentialCustomer)["roles"]) {
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", { ...dashboard, customers: [{ ...residentialCustomer, roles }, commercialCustomer] }),
    ),
  );
}

/** Records the multipart bodies sent to open a ticket. */
function captureTickets(
  answer: () => Response = () => reply("POST /support/tickets/{customerId}", { success: true, ticket_id: 50, ticket_number: "CS-1050" }),
) {
  const seen: FormData[] = [];
  server.use(
    on("POST /support/tickets/{customerId}", async ({ request }) => {
      const form = await request.formData();
      // The header, where the API reads it, beside the fields (a test reads it as a field).
      form.set("Idempotency-Key", request.headers.get("Idempotency-Key") ?? "");
      seen.push(form);
      return answer();
    }),
  );
  return seen;
}

const file = (name: string, type = "image/png", body = "\x89PNG\r\n\x1a\n....") => new File([body], name, { type });
const fields = {
  category: "wifi",
  subject: "WiFi drops",
  description: "Every evening around 8 p.m.",
  cc_emails: "sam@example.com",
  idempotency_key: "ticket-key",
};
const params = { customerId: "100101" };
const post = (multipart: RouteCall["multipart"]) => call(newTicket.action as Handler, "/support/100101/new", params, { multipart });

afterEach(() => vi.restoreAllMocks());

describe("support tickets", () => {
  it("lists the tickets most recently updated first, with the way to open one and no old desk by default", async () => {
    server.use(
      on("GET /support/tickets/{customerId}", () =>
        reply("GET /support/tickets/{customerId}", {
          customer_tickets: [
            ticket({ ticket_id: 1, ticket_number: "CS-1", updated_at: "2026-10-01T10:00:00Z" }),
            ticket({ ticket_id: 2, ticket_number: "CS-2", updated_at: "2026-11-20T10:00:00Z" }),
          ],
          categories: [],
        }),
      ),
    );
    const result = await call(ticketsRoute.loader as Handler, "/support/100101", params);
    expect(result.data.tickets.map((t: { ticket_number: string }) => t.ticket_number)).toEqual(["CS-2", "CS-1"]);
    expect(result.data.canOpen).toBe(true);
    expect(result.data.oldDeskUrl).toBeNull();
    expect(result.data.phone).toBe("416-555-0150");
  });

  it("links the old desk while FEATURE_RETIRE_OLD_DESK is off", async () => {
    useEnv({ FEATURE_RETIRE_OLD_DESK: "false", OLD_SUPPORT_DESK_URL: "https://desk.example.com/help/" });
    const result = await call(ticketsRoute.loader as Handler, "/support/100101", params);
    expect(result.data.oldDeskUrl).toBe("https://desk.example.com/help");
  });

  it("lets a contact without the support or authoritative role read but not open tickets", async () => {
    residentialRoles(["billing"]);
    const result = await call(ticketsRoute.loader as Handler, "/support/100101", params);
    expect(result.data.canOpen).toBe(false);
    expect((await call(newTicket.loader as Handler, "/support/100101/new", params)).status).toBe(403);
    const seen = captureTickets();
    expect((await post(fields)).status).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it("without an account goes to the active account's support page; 403 for someone else's", async () => {
    expect((await call(ticketsRoute.loader as Handler, "/support", {})).location).toBe("/support/100101");
    expect((await call(ticketsRoute.loader as Handler, "/support/555555", { customerId: "555555" })).status).toBe(403);
  });
});

describe("the support form", () => {
  it("offers the customer's categories", async () => {
    const result = await call(newTicket.loader as Handler, "/support/100101/new", params);
    expect(result.data.categories.map((c: { value: string }) => c.value)).toEqual(["billing", "internet", "wifi", "other"]);
  });

  it("sends the page's idempotency key with the ticket, so that a form posted twice opens one", async () => {
    const seen = captureTickets();
    const page = await call(newTicket.loader as Handler, "/support/100101/new", params);
    expect(page.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await post({ ...fields, idempotency_key: page.data.idempotencyKey })).status).toBe(302);
    expect(seen[0].get("Idempotency-Key")).toBe(page.data.idempotencyKey);
    const { idempotency_key: _, ...withoutKey } = fields;
    const refused = await post(withoutKey);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.idempotency_key).toEqual(["api:idempotency_key.required"]);
    expect(seen).toHaveLength(1);
  });

  it("sends the fields, the CC address and two attachments as multipart, then the list with the ticket number", async () => {
    const seen = captureTickets();
    const result = await post({ ...fields, attachments: [file("photo.png"), file("bill.pdf", "application/pdf", "%PDF-1.4")] });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/support/100101");
    const sent = seen[0];
    expect(sent.get("category")).toBe("wifi");
    expect(sent.get("subject")).toBe("WiFi drops");
    expect(sent.get("cc_emails")).toBe("sam@example.com");
    expect((sent.getAll("attachments") as File[]).map((f) => f.name)).toEqual(["photo.png", "bill.pdf"]);
  });

  it("refuses six files with 'Too many files' and keeps what was typed", async () => {
    const seen = captureTickets();
    const result = await post({ ...fields, attachments: ["1", "2", "3", "4", "5", "6"].map((n) => file(`${n}.png`)) });
    expect(result.status).toBe(413);
    expect(result.data.result.error.attachments).toEqual(["common:formErrors.tooManyFiles"]);
    expect(result.data.result.initialValue).toMatchObject({
      subject: "WiFi drops",
      description: fields.description,
      cc_emails: "sam@example.com",
    });
    expect(seen).toHaveLength(0);
  });

  it("refuses a file that is not JPG, PNG or PDF by its name, and by its content when the API says so", async () => {
    const byName = await post({ ...fields, attachments: [file("setup.exe", "application/octet-stream")] });
    expect(byName.status).toBe(400);
    expect(byName.data.result.error.attachments.map(messageParts)).toEqual([["api:attachments.type_named", { files: "setup.exe" }]]);
    captureTickets(() => refuse(422, { attachments: ["attachments.type"] }));
    const byContent = await post({ ...fields, attachments: [file("photo.png", "image/png", "MZ\x90\x00 not a png")] });
    expect(byContent.status).toBe(422);
    expect(byContent.data.result.error.attachments).toEqual(["api:attachments.type"]);
    expect(byContent.data.result.initialValue.subject).toBe("WiFi drops");
  });

  it("names the invalid CC address in its message", async () => {
    const result = await post({ ...fields, cc_emails: "sam@example.com, not-an-email" });
    expect(result.status).toBe(400);
    const [message] = result.data.result.error.cc_emails;
    expect(messageParts(message)).toEqual(["support:form.ccInvalid", { emails: "not-an-email", count: 1 }]);
    expect(result.data.result.initialValue.cc_emails).toBe("sam@example.com, not-an-email");
  });

  it("gives a long description back whole when the form is refused (up to its own 5,000 characters)", async () => {
    const description = "The line drops every evening after 9 p.m. ".repeat(100).trim();
    expect(description.length).toBeGreaterThan(4000);
    const result = await post({ ...fields, description, cc_emails: "not-an-email" });
    expect(result.status).toBe(400);
    expect(result.data.result.initialValue.description).toBe(description);
  });

  it("needs an option, a subject and a description", async () => {
    const result = await post({ category: "", subject: "", description: "" });
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject({
      category: ["api:category.required"],
      subject: ["api:subject.required"],
      description: ["api:description.required"],
    });
  });

  it("answers 415 to a body that is not a form, and 413 to a file far over 10 MB", async () => {
    const json = await call(newTicket.action as Handler, "/support/100101/new", params, {
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(json.status).toBe(415);
    const huge = await post({ ...fields, attachments: [new File([new Uint8Array(12 * 1024 * 1024)], "big.png", { type: "image/png" })] });
    expect(huge.status).toBe(413);
  });

  it("says a file a little over 10 MB is too large, on its field", async () => {
    const over = await post({
      ...fields,
      attachments: [new File([new Uint8Array(10 * 1024 * 1024 + 10)], "big.png", { type: "image/png" })],
    });
    expect(over.status).toBe(400);
    expect(over.data.result.error.attachments.map(messageParts)).toEqual([
      ["api:attachments.too_large_named", { size: 10, files: "big.png" }],
    ]);
  });

  /** A 413 for the files that gives back every text field typed before them, the message once, on the file field. */
  function expectRefusedWithTextKept(result: { status: number; data: any }) {
    expect(result.status).toBe(413);
    expect(result.data.result.initialValue).toMatchObject({
      category: "wifi",
      subject: "WiFi drops",
      description: "Every evening around 8 p.m.",
      cc_emails: "sam@example.com",
    });
    // Once, on the file field (the error summary links to it), and nothing else refused.
    expect(result.data.result.error).toEqual({ attachments: [expect.any(String)] });
  }

  it("refuses a PDF far over 10 MB with 413, keeping every field typed before it, the message once on the file field, and sends nothing", async () => {
    const seen = captureTickets();
    const MB = 1024 * 1024;
    for (const size of [Math.round(11.6 * MB), 21 * MB]) {
      // As a browser sends the form: its controls in order, the attachments last.
      const { body, headers } = multipartBody([
        ["idempotency_key", "ticket-key"],
        ["category", "wifi"],
        ["subject", "WiFi drops"],
        ["description", "Every evening around 8 p.m."],
        ["cc_emails", "sam@example.com"],
        ["attachments", { filename: "modem-log.pdf", type: "application/pdf", size }],
      ]);
      const result = await call(newTicket.action as Handler, "/support/100101/new", params, { body, headers });
      expectRefusedWithTextKept(result);
      // Named: the customer knows which file to choose again.
      expect(result.data.result.error.attachments.map(messageParts)).toEqual([
        ["api:attachments.too_large_file", { size: 10, file: "modem-log.pdf" }],
      ]);
    }
    expect(seen).toHaveLength(0);
  });

  it("stops a body past the form's limit (six PDFs of 10.5 MB) and keeps every field typed before the files", async () => {
    const seen = captureTickets();
    const pdf = (n: number): Part => ["attachments", { filename: `scan${n}.pdf`, type: "application/pdf", size: 10.5 * 1024 * 1024 }];
    const { body, headers } = multipartBody([
      ["idempotency_key", "ticket-key"],
      ["category", "wifi"],
      ["subject", "WiFi drops"],
      ["description", "Every evening around 8 p.m."],
      ["cc_emails", ""],
      ...[1, 2, 3, 4, 5, 6].map(pdf),
    ]);
    const result = await call(newTicket.action as Handler, "/support/100101/new", params, { body, headers });
    expect(result.status).toBe(413);
    expect(result.data.result.initialValue).toMatchObject({
      category: "wifi",
      subject: "WiFi drops",
      description: "Every evening around 8 p.m.",
    });
    expect(result.data.result.error).toEqual({ attachments: [expect.any(String)] });
    expect(seen).toHaveLength(0);
  });

  it("refuses a declared length past the form's limit (five files and fields), reading no more than room for its text fields", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      },
      { highWaterMark: 0 },
    );
    const seen = captureTickets();
    const result = await call(newTicket.action as Handler, "/support/100101/new", params, {
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(200 * 1024 * 1024) },
    });
    expect(result.status).toBe(413);
    expect(result.data.result.error.attachments.map(messageParts)).toEqual([["common:formErrors.filesTooLarge", { size: 10 }]]);
    // Said once: on the file field, not above the form too.
    expect(result.data.result.error[""]).toBeUndefined();
    // The text fields' room (256 KB) and a chunk, in 64 KB chunks: not the 200 MB declared.
    expect(pulls).toBeLessThanOrEqual(6);
    expect(seen).toHaveLength(0);
  });

  it("keeps the fields ahead of the files of a body declared past the form's limit, reading nothing of the files", async () => {
    const { body: whole, headers } = multipartBody([
      ["idempotency_key", "ticket-key"],
      ["category", "wifi"],
      ["subject", "WiFi drops"],
      ["description", "Every evening around 8 p.m."],
      ["cc_emails", "sam@example.com"],
      ["attachments", { filename: "video.pdf", type: "application/pdf", size: 9 }],
    ]);
    // The fields and the file's first bytes; then the file goes on (200 MB are declared).
    const head = new TextEncoder().encode(whole.slice(0, whole.lastIndexOf("\r\n--")));
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.enqueue(pulls++ === 0 ? head : new Uint8Array(64 * 1024).fill(0x30));
        },
      },
      { highWaterMark: 0 },
    );
    const seen = captureTickets();
    const result = await call(newTicket.action as Handler, "/support/100101/new", params, {
      body,
      headers: { ...headers, "Content-Length": String(200 * 1024 * 1024) },
    });
    expectRefusedWithTextKept(result);
    // Stopped where the file began.
    expect(pulls).toBeLessThanOrEqual(2);
    expect(seen).toHaveLength(0);
  });

  it("counts a body of unknown length as it arrives and stops it past the form's limit", async () => {
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024).fill(0x30);
    const head = new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="subject"\r\n\r\n');
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent > 500 * 1024 * 1024) return controller.close();
          const piece = sent === 0 ? head : chunk;
          sent += piece.length;
          controller.enqueue(piece);
        },
      },
      { highWaterMark: 0 },
    );
    const result = await call(newTicket.action as Handler, "/support/100101/new", params, {
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(result.status).toBe(413);
    // The form's limit: 5 × (10 + 1) MB + 256 KB; nothing much past it was read.
    expect(sent).toBeLessThan(56 * 1024 * 1024);
  });

  it("sends the files to the API from temporary files on disk, removed once the action is done, refused or not", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "support-route-"));
    vi.stubEnv("TMPDIR", dir);
    try {
      const onDisk: string[][] = [];
      server.use(
        on("POST /support/tickets/{customerId}", async ({ request }) => {
          // While the API reads the form, its files are on disk (one directory per post).
          onDisk.push(readdirSync(dir).flatMap((sub) => readdirSync(path.join(dir, sub))));
          await request.formData();
          return reply("POST /support/tickets/{customerId}", { success: true, ticket_id: 50, ticket_number: "CS-1050" });
        }),
      );
      const sent = await post({ ...fields, attachments: [file("photo.png"), file("bill.pdf", "application/pdf", "%PDF-1.4")] });
      expect(sent.status).toBe(302);
      expect(onDisk).toEqual([["0", "1"]]);
      expect(readdirSync(dir)).toEqual([]);

      const refused = await post({ ...fields, subject: "", attachments: [file("photo.png")] });
      expect(refused.status).toBe(400);
      const tooMany = await post({ ...fields, attachments: ["1", "2", "3", "4", "5", "6"].map((n) => file(`${n}.png`)) });
      expect(tooMany.status).toBe(413);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says the user's other uploads are still being sent when the API refuses one more at once (429)", async () => {
    captureTickets(() => refuse(429));
    const result = await post({ ...fields, attachments: [file("photo.png")] });
    expect(result.status).toBe(429);
    expect(result.data.result.error[""]).toEqual(["common:formErrors.uploadsBusy"]);
    expect(result.data.result.initialValue.subject).toBe("WiFi drops");
  });
});
