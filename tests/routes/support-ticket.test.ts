/**
 * A support request's page in isolation (msw answers as the API): the conversation's loader, the reply
 * (multipart, the support form's limits), closing and reopening, and who may do what.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { messageParts } from "../../app/lib/form-messages.ts";
import * as close from "../../app/routes/support/ticket-close.tsx";
import * as reopen from "../../app/routes/support/ticket-reopen.tsx";
import * as ticketPage from "../../app/routes/support/ticket.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { commercialCustomer, dashboard, residentialCustomer } from "../mocks/fixtures.ts";
import { thread } from "../mocks/support.ts";
import { server } from "../support/msw.ts";
import { multipartBody } from "../support/multipart-body.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;

const PAGE = "/support/100101/tickets/CS-1041";
const params = { customerId: "100101", ticketNumber: "CS-1041" };
const call = async (handler: Handler, url: string, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

afterEach(() => vi.restoreAllMocks());

/** The signed-in contact's roles on the fixture account. */
function rolesAre(roles: (typeof residentialCustomer)["roles"]) {
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", { ...dashboard, customers: [{ ...residentialCustomer, roles }, commercialCustomer] }),
    ),
  );
}

/** The ticket's status as the API answers it. */
const ticketIs = (ticket: Parameters<typeof thread>[0]) =>
  server.use(
    on("GET /support/tickets/{customerId}/{ticketNumber}", () => reply("GET /support/tickets/{customerId}/{ticketNumber}", thread(ticket))),
  );

/** Records the writes sent to the API (reply bodies, closes, reopens). */
function writes(answers: { reply?: () => Response; close?: () => Response; reopen?: () => Response } = {}) {
  const seen: { kind: string; ticket: string; form?: FormData; key?: string | null }[] = [];
  server.use(
    on("POST /support/tickets/{customerId}/{ticketNumber}/messages", async ({ request, params: p }) => {
      seen.push({
        kind: "reply",
        ticket: String(p.ticketNumber),
        form: await request.formData(),
        key: request.headers.get("Idempotency-Key"),
      });
      return (
        answers.reply?.() ??
        reply("POST /support/tickets/{customerId}/{ticketNumber}/messages", {
          success: true,
          ticket_number: "CS-1041",
          status: "open",
          message_id: 9,
        })
      );
    }),
    on("POST /support/tickets/{customerId}/{ticketNumber}/close", ({ params: p }) => {
      seen.push({ kind: "close", ticket: String(p.ticketNumber) });
      return (
        answers.close?.() ??
        reply("POST /support/tickets/{customerId}/{ticketNumber}/close", { success: true, ticket_number: "CS-1041", status: "closed" })
      );
    }),
    on("POST /support/tickets/{customerId}/{ticketNumber}/reopen", ({ params: p }) => {
      seen.push({ kind: "reopen", ticket: String(p.ticketNumber) });
      return (
        answers.reopen?.() ??
        reply("POST /support/tickets/{customerId}/{ticketNumber}/reopen", { success: true, ticket_number: "CS-1041", status: "open" })
      );
    }),
  );
  return seen;
}

const file = (name: string, type = "image/png", body = "\x89PNG\r\n\x1a\n....") => new File([body], name, { type });
/** A reply as the page posts it: with the key the page was rendered with. */
const post = (multipart: RouteCall["multipart"]) =>
  call(ticketPage.action as Handler, PAGE, { multipart: { idempotency_key: "reply-key", ...multipart } });

describe("the request's page", () => {
  it("shows the ticket and its messages of both sides, for a contact who may answer", async () => {
    const result = await call(ticketPage.loader as Handler, PAGE);
    expect(result.status).toBe(200);
    expect(result.data.ticket).toMatchObject({ ticket_number: "CS-1041", status: "waiting_on_customer" });
    expect(result.data.messages.map((m: { author: string; mine: boolean }) => [m.author, m.mine])).toEqual([
      ["customer", true],
      ["agent", false],
    ]);
    expect(result.data.canWrite).toBe(true);
    expect(result.data.reopenDays).toBe(14);
  });

  it("lets a contact without the support or authoritative role read, and nothing more", async () => {
    rolesAre(["billing"]);
    const seen = writes();
    const page = await call(ticketPage.loader as Handler, PAGE);
    expect(page.status).toBe(200);
    expect(page.data.canWrite).toBe(false);
    expect(page.data.phone).toBe("416-555-0150");
    expect((await post({ message: "Hello" })).status).toBe(403);
    expect((await call(close.loader as Handler, `${PAGE}/close`)).status).toBe(403);
    expect((await call(close.action as Handler, `${PAGE}/close`, { form: {} })).status).toBe(403);
    expect((await call(reopen.loader as Handler, `${PAGE}/reopen`)).status).toBe(403);
    expect((await call(reopen.action as Handler, `${PAGE}/reopen`, { form: {} })).status).toBe(403);
    expect(seen).toEqual([]);
  });

  it("answers 404 for a ticket the API does not find for this account, and for what is not a ticket number", async () => {
    let asked = 0;
    server.use(
      on("GET /support/tickets/{customerId}/{ticketNumber}", () => {
        asked++;
        return refuse(404);
      }),
    );
    expect(
      (await call(ticketPage.loader as Handler, "/support/100101/tickets/CS-9", { params: { ...params, ticketNumber: "CS-9" } })).status,
    ).toBe(404);
    expect(asked).toBe(1);
    const odd = await call(ticketPage.loader as Handler, "/support/100101/tickets/..%2F..%2Fdashboard", {
      params: { ...params, ticketNumber: "../../dashboard" },
    });
    expect(odd.status).toBe(404);
    expect(asked).toBe(1);
  });

  it("answers 403 for someone else's account without asking for the ticket", async () => {
    const result = await call(ticketPage.loader as Handler, "/support/555555/tickets/CS-1041", {
      params: { ...params, customerId: "555555" },
    });
    expect(result.status).toBe(403);
  });
});

describe("replying", () => {
  it("sends the message and the attachments as multipart, then the request's page with a notification", async () => {
    const seen = writes();
    const result = await post({
      message: "The morning of the 16th suits us.",
      attachments: [file("plan.png"), file("lease.pdf", "application/pdf", "%PDF-1.4")],
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(PAGE);
    expect(seen).toHaveLength(1);
    expect(seen[0].ticket).toBe("CS-1041");
    expect(seen[0].form!.get("message")).toBe("The morning of the 16th suits us.");
    expect((seen[0].form!.getAll("attachments") as File[]).map((f) => f.name)).toEqual(["plan.png", "lease.pdf"]);
  });

  it("sends the page's idempotency key with the reply (a double post sends one message), and gives a refused reply a new key", async () => {
    const seen = writes();
    const page = await call(ticketPage.loader as Handler, PAGE);
    expect(page.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(ticketPage.loader as Handler, PAGE)).data.idempotencyKey).not.toBe(page.data.idempotencyKey);
    await post({ message: "Thanks", idempotency_key: page.data.idempotencyKey });
    expect(seen.map((s) => s.key)).toEqual([page.data.idempotencyKey]);

    writes({ reply: () => refuse(422, { attachments: ["attachments.unsafe_content"] }) });
    const refused = await post({ message: "Photo", attachments: [file("router.jpg", "image/jpeg", "\xff\xd8\xff<html>")] });
    expect(refused.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.data.idempotencyKey).not.toBe("reply-key");

    const seenWithout = writes();
    const without = await call(ticketPage.action as Handler, PAGE, { multipart: { message: "No key" } });
    expect(without.status).toBe(400);
    expect(without.data.result.error.idempotency_key).toEqual(["api:idempotency_key.required"]);
    expect(seenWithout).toEqual([]);
  });

  it("refuses an empty or too long message and the files the support form refuses, keeping what was typed and sending nothing", async () => {
    const seen = writes();
    const empty = await post({ message: "   " });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.message).toEqual(["api:message.required"]);

    const long = await post({ message: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.data.result.error.message).toEqual(["api:message.too_long"]);

    const program = await post({ message: "See the file", attachments: [file("setup.exe", "application/octet-stream")] });
    expect(program.status).toBe(400);
    expect(program.data.result.error.attachments.map(messageParts)).toEqual([["api:attachments.type_named", { files: "setup.exe" }]]);
    expect(program.data.result.initialValue.message).toBe("See the file");

    const six = await post({ message: "Six photos", attachments: ["1", "2", "3", "4", "5", "6"].map((n) => file(`${n}.png`)) });
    expect(six.status).toBe(413);
    expect(six.data.result.error.attachments).toEqual(["common:formErrors.tooManyFiles"]);
    expect(six.data.result.initialValue.message).toBe("Six photos");

    const big = await post({
      message: "Big",
      attachments: [new File([new Uint8Array(10 * 1024 * 1024 + 10)], "big.png", { type: "image/png" })],
    });
    expect(big.status).toBe(400);
    expect(big.data.result.error.attachments.map(messageParts)).toEqual([
      ["api:attachments.too_large_named", { size: 10, files: "big.png" }],
    ]);
    expect(seen).toEqual([]);
  });

  it("refuses a PDF far over 10 MB with 413, keeping the message typed before it, saying why once on the file field, and sends nothing", async () => {
    const seen = writes();
    const MB = 1024 * 1024;
    for (const size of [Math.round(11.6 * MB), 21 * MB]) {
      // As the page's form sends it: the key, the message, then the attachments.
      const { body, headers } = multipartBody([
        ["idempotency_key", "reply-key"],
        ["message", "The modem's log is attached."],
        ["attachments", { filename: "modem-log.pdf", type: "application/pdf", size }],
      ]);
      const result = await call(ticketPage.action as Handler, PAGE, { body, headers });
      expect(result.status).toBe(413);
      expect(result.data.result.initialValue.message).toBe("The modem's log is attached.");
      expect(result.data.result.error).toEqual({ attachments: [expect.any(String)] });
      expect(result.data.result.error.attachments.map(messageParts)).toEqual([
        ["api:attachments.too_large_file", { size: 10, file: "modem-log.pdf" }],
      ]);
    }
    expect(seen).toEqual([]);
  });

  it("shows the API's refusals: on the field, or above the form for a request closed meanwhile", async () => {
    writes({ reply: () => refuse(422, { attachments: ["attachments.unsafe_content"] }) });
    const unsafe = await post({ message: "Photo", attachments: [file("router.jpg", "image/jpeg", "\xff\xd8\xff<html>")] });
    expect(unsafe.status).toBe(422);
    expect(unsafe.data.result.error.attachments).toEqual(["api:attachments.unsafe_content"]);
    expect(unsafe.data.result.initialValue.message).toBe("Photo");

    writes({ reply: () => refuse(422, { _form: ["_form.ticket_closed"] }) });
    const closed = await post({ message: "One more thing" });
    expect(closed.status).toBe(422);
    expect(closed.data.result.error[""]).toEqual(["api:_form.ticket_closed"]);
  });

  it("keeps the whole reply refused because the request was closed meanwhile, and reads the page again: closed, with Reopen", async () => {
    const typed = `Still dropping every evening. ${"The router log says so. ".repeat(150)}`.trim();
    expect(typed.length).toBeGreaterThan(1000);
    writes({ reply: () => refuse(422, { _form: ["_form.ticket_closed"] }) });
    const refused = await post({ message: typed, attachments: [file("router.png")] });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error[""]).toEqual(["api:_form.ticket_closed"]);
    // All of it, not the form's first 1,000 characters; the file counted, since it cannot be kept.
    expect(refused.data.unsent).toEqual({ message: typed, files: 1, closed: true });
    expect(refused.data.result.initialValue.message).toBe(typed);
    expect(refused.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    // With JavaScript, React Router reads the page's data again after the refusal (it does not after a 4xx by itself)…
    const revalidates = (actionStatus: number | undefined) =>
      ticketPage.shouldRevalidate({ actionStatus, defaultShouldRevalidate: false } as Parameters<typeof ticketPage.shouldRevalidate>[0]);
    expect(revalidates(422)).toBe(true);
    expect(revalidates(undefined)).toBe(false);
    // …and the page is then the closed one, with its Reopen button (the API says until when).
    ticketIs({ status: "closed", closed_at: "2026-11-12T16:30:00Z", reopen_until: "2026-11-26T16:30:00Z", can_reopen: true });
    const page = await call(ticketPage.loader as Handler, PAGE);
    expect(page.data.ticket).toMatchObject({ status: "closed", can_reopen: true });
  });

  it("keeps a refused reply's whole message for the form when the request is not closed (a failure of the API)", async () => {
    const typed = "x ".repeat(1200).trim();
    writes({ reply: () => refuse(503) });
    const down = await post({ message: typed });
    expect(down.status).toBe(503);
    expect(down.data.result.initialValue.message).toBe(typed);
    expect(down.data.unsent).toEqual({ message: typed, files: 0 });
  });

  it("answers 404 to a reply to what is not a ticket number, and when the API does not find the ticket", async () => {
    const seen = writes();
    const odd = await call(ticketPage.action as Handler, "/support/100101/tickets/x", {
      params: { ...params, ticketNumber: "x" },
      multipart: { message: "Hello" },
    });
    expect(odd.status).toBe(404);
    expect(seen).toEqual([]);
    writes({ reply: () => refuse(404) });
    expect((await post({ message: "Hello" })).status).toBe(404);
  });

  it("keeps the form when the API is unavailable (503), and answers 415 to a body that is not a form", async () => {
    writes({ reply: () => refuse(503) });
    const down = await post({ message: "Hello" });
    expect(down.status).toBe(503);
    expect(down.data.result.error[""]).toEqual(["common:formErrors.unavailable"]);
    expect(down.data.result.initialValue.message).toBe("Hello");
    const json = await call(ticketPage.action as Handler, PAGE, { body: "{}", headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
  });
});

describe("closing", () => {
  it("asks first, then closes and goes back to the request's page", async () => {
    const page = await call(close.loader as Handler, `${PAGE}/close`);
    expect(page.status).toBe(200);
    expect(page.data.ticket).toEqual({ ticket_number: "CS-1041", subject: "WiFi drops in the evening" });
    const seen = writes();
    const done = await call(close.action as Handler, `${PAGE}/close`, { form: {} });
    expect(done.status).toBe(302);
    expect(done.location).toBe(PAGE);
    expect(seen).toEqual([{ kind: "close", ticket: "CS-1041" }]);
  });

  it("leads a closed request back to its page, and shows the API's refusal", async () => {
    ticketIs({ status: "closed", closed_at: "2026-11-12T16:30:00Z", reopen_until: "2026-11-26T16:30:00Z", can_reopen: true });
    const page = await call(close.loader as Handler, `${PAGE}/close`);
    expect(page.location).toBe(PAGE);
    writes({ close: () => refuse(422, { _form: ["_form.ticket_closed"] }) });
    const refused = await call(close.action as Handler, `${PAGE}/close`, { form: {} });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error[""]).toEqual(["api:_form.ticket_closed"]);
  });

  it("answers 415 to a body that is not a form, without closing", async () => {
    const seen = writes();
    const json = await call(close.action as Handler, `${PAGE}/close`, { body: "{}", headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
    expect(seen).toEqual([]);
  });
});

describe("reopening", () => {
  it("offers to reopen a request closed less than 14 days ago, and reopens it", async () => {
    ticketIs({ status: "closed", closed_at: "2026-11-12T16:30:00Z", reopen_until: "2026-11-26T16:30:00Z", can_reopen: true });
    const page = await call(reopen.loader as Handler, `${PAGE}/reopen`);
    expect(page.status).toBe(200);
    expect(page.data.ticket).toMatchObject({ can_reopen: true, closed_at: "2026-11-12T16:30:00Z" });
    const seen = writes();
    const done = await call(reopen.action as Handler, `${PAGE}/reopen`, { form: {} });
    expect(done.status).toBe(302);
    expect(done.location).toBe(PAGE);
    expect(seen).toEqual([{ kind: "reopen", ticket: "CS-1041" }]);
  });

  it("says to open a new request once the 14 days are over, and shows the API's refusal", async () => {
    ticketIs({ status: "closed", closed_at: "2026-10-01T16:30:00Z", reopen_until: "2026-10-15T16:30:00Z", can_reopen: false });
    const page = await call(reopen.loader as Handler, `${PAGE}/reopen`);
    expect(page.data.ticket.can_reopen).toBe(false);
    writes({ reopen: () => refuse(422, { _form: ["_form.reopen_expired"] }) });
    const refused = await call(reopen.action as Handler, `${PAGE}/reopen`, { form: {} });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error[""]).toEqual(["api:_form.reopen_expired"]);
  });

  it("reopens and sends the kept reply in one post, in that order, with the reply's key", async () => {
    ticketIs({ status: "closed", closed_at: "2026-11-12T16:30:00Z", reopen_until: "2026-11-26T16:30:00Z", can_reopen: true });
    const seen = writes();
    const typed = "Still dropping every evening. The router log says so.";
    const done = await call(reopen.action as Handler, `${PAGE}/reopen`, { form: { message: typed, idempotency_key: "kept-key" } });
    expect(done.status).toBe(302);
    expect(done.location).toBe(PAGE);
    expect(seen.map((s) => s.kind)).toEqual(["reopen", "reply"]);
    expect(seen[1]).toMatchObject({ ticket: "CS-1041", key: "kept-key" });
    expect(seen[1].form!.get("message")).toBe(typed);
  });

  it("sends the kept reply when the request is open already (a second press), once, by its key", async () => {
    const seen = writes({ reopen: () => refuse(422, { _form: ["_form.ticket_not_closed"] }) });
    const done = await call(reopen.action as Handler, `${PAGE}/reopen`, { form: { message: "Hello again", idempotency_key: "kept-key" } });
    expect(done.status).toBe(302);
    expect(seen.map((s) => [s.kind, s.key ?? null])).toEqual([
      ["reopen", null],
      ["reply", "kept-key"],
    ]);
  });

  it("says the request is open again but the reply was not sent when sending fails, keeping the text and its key", async () => {
    const seen = writes({ reply: () => refuse(503) });
    const typed = "Still dropping every evening.";
    const failed = await call(reopen.action as Handler, `${PAGE}/reopen`, { form: { message: typed, idempotency_key: "kept-key" } });
    expect(failed.status).toBe(503);
    expect(seen.map((s) => s.kind)).toEqual(["reopen", "reply"]);
    expect(failed.data.result.error[""]).toEqual(["common:formErrors.unavailable"]);
    // The same key for the next try: had the API kept it, it answers it again rather than posting it twice.
    expect(failed.data.unsent).toEqual({ message: typed, files: 0, open: true, idempotencyKey: "kept-key" });

    // Refused by the API (closed again meanwhile): why, the text, and a new key.
    writes({ reply: () => refuse(422, { _form: ["_form.ticket_closed"] }) });
    const refused = await call(reopen.action as Handler, `${PAGE}/reopen`, { form: { message: typed, idempotency_key: "kept-key" } });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error[""]).toEqual(["api:_form.ticket_closed"]);
    expect(refused.data.unsent).toMatchObject({ message: typed, open: true });
    expect(refused.data.unsent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends nothing when the request cannot be reopened, saying why and keeping the text", async () => {
    const seen = writes({ reopen: () => refuse(422, { _form: ["_form.reopen_expired"] }) });
    const refused = await call(reopen.action as Handler, `${PAGE}/reopen`, {
      form: { message: "Hello again", idempotency_key: "kept-key" },
    });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error[""]).toEqual(["api:_form.reopen_expired"]);
    expect(refused.data.unsent).toMatchObject({ message: "Hello again", files: 0 });
    expect(refused.data.unsent.open).toBeUndefined();
    expect(seen.map((s) => s.kind)).toEqual(["reopen"]);
  });

  it("refuses a kept reply without its key, or too long, before asking the API", async () => {
    const seen = writes();
    const keyless = await call(reopen.action as Handler, `${PAGE}/reopen`, { form: { message: "Hello again" } });
    expect(keyless.status).toBe(422);
    expect(keyless.data.result.error[""]).toEqual(["api:idempotency_key.required"]);
    expect(keyless.data.unsent.message).toBe("Hello again");
    const long = await call(reopen.action as Handler, `${PAGE}/reopen`, { form: { message: "x".repeat(5001), idempotency_key: "k" } });
    expect(long.status).toBe(400);
    expect(long.data.result.error.message).toEqual(["api:message.too_long"]);
    expect(seen).toEqual([]);
  });

  it("leads a request that is not closed back to its page", async () => {
    const page = await call(reopen.loader as Handler, `${PAGE}/reopen`);
    expect(page.location).toBe(PAGE);
  });
});
