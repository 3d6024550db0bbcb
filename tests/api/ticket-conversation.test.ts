/**
 * A ticket's conversation: reading it, replying with attachments, closing and reopening, with the
 * ticket list's authorization and the rules enforced by the API itself (a closed ticket takes no reply,
 * a ticket is reopened within 14 days of its closing), and downloading the files of its messages.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import { SupportTicketsAnswer, TicketChangeAnswer, TicketThreadAnswer } from "#contract/support";
import { jpegWithHtml, samplePdf, samplePng } from "../support/sample-files.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

const RESI = 100101;
const FAMILY_HOME = 100201;
const QUEEN_WEST = 200305; // Priya billing + notify only: she reads, she does not write
const DAY = 86_400_000;

let api: TestApi;
let resi: string;
let family: string;
let business: string;
let sam: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business, sam] = await api.signInAll(
    "resi@example.com",
    "family@example.com",
    "business@example.com",
    "sam.gagnon@example.com",
  );
});
afterAll(() => api.close());

const PNG = new Uint8Array(samplePng());
const PDF = new Uint8Array(samplePdf());

const numberOf = async (subject: string) =>
  (await api.db.one<{ ticket_number: string }>("SELECT ticket_number FROM support_tickets WHERE subject = $1", [subject]))!.ticket_number;

function replyForm(message: string | undefined, files: [string, Uint8Array, string][] = [], field = "attachments") {
  const form = new FormData();
  if (message !== undefined) form.append("message", message);
  for (const [name, bytes, type] of files) form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}
const thread = async (customerId: number, number: string, token = resi, language = "en") => {
  const { status, body } = await api.call("GET", `/support/tickets/${customerId}/${number}`, {
    token,
    headers: { "Accept-Language": language },
  });
  expect(status).toBe(200);
  return TicketThreadAnswer.parse(body);
};
const reply = (customerId: number, number: string, form: FormData, token = resi) =>
  api.call("POST", `/support/tickets/${customerId}/${number}/messages`, { token, form });
const close = (customerId: number, number: string, token = resi) =>
  api.call("POST", `/support/tickets/${customerId}/${number}/close`, { token });
const reopen = (customerId: number, number: string, token = resi) =>
  api.call("POST", `/support/tickets/${customerId}/${number}/reopen`, { token });
const errorsOf = (body: unknown) => ErrorAnswer.parse(body).errors ?? {};
/** Everything a refused write must leave as it was. */
const state = async (number: string) =>
  api.db.one(
    `SELECT t.status, t.closed_at, t.updated_at,
            (SELECT count(*)::int FROM support_ticket_updates u WHERE u.ticket_id = t.id) AS messages,
            (SELECT count(*)::int FROM support_ticket_attachments a WHERE a.ticket_id = t.id) AS attachments,
            (SELECT count(*)::int FROM uploaded_files) AS files
       FROM support_tickets t WHERE t.ticket_number = $1`,
    [number],
  );

let moving: string;
let payPerView: string;
let tvChannel: string;
let wifi: string;
let proof: string;
let forwarding: string;
beforeAll(async () => {
  [moving, payPerView, tvChannel, wifi, proof, forwarding] = await Promise.all(
    [
      "Moving in January",
      "Question about a pay-per-view charge",
      "Channel missing from TV Essentials",
      "WiFi drops every evening",
      "Proof of payment sent – please restore service",
      "Forward the main number to the new reception line",
    ].map(numberOf),
  );
});

describe("GET /support/tickets/{customerId}/{ticketNumber}", () => {
  it("answers the ticket waiting for resi and its messages of both sides, oldest first", async () => {
    const answer = await thread(RESI, moving);
    expect(answer.ticket).toMatchObject({
      ticket_number: moving,
      subject: "Moving in January",
      category: "moving",
      category_name: "Moving",
      status: "waiting_on_customer",
      closed_at: null,
      reopen_until: null,
      can_reopen: false,
    });
    expect(answer.messages.map((m) => [m.author, m.author_name, m.mine])).toEqual([
      ["customer", "Maya Singh", true],
      ["agent", expect.any(String), false],
      ["agent", expect.any(String), false],
    ]);
    expect(answer.messages[0].body).toBe("We move to 80 Broadview Avenue on January 15. Can the service move with us?");
    expect(answer.messages[2].body).toMatch(/^Good news, 80 Broadview Avenue is on our network/);
    // An agent signs with a first name only.
    expect(answer.messages[1].author_name).toMatch(/^[A-Z][a-z]+$/);
    const times = answer.messages.map((m) => m.at);
    expect([...times].sort()).toEqual(times);
  });

  it("lists each message's attachments, and says whose messages are the signed-in user's", async () => {
    const asOpener = await thread(FAMILY_HOME, proof, family);
    expect(asOpener.messages[0]).toMatchObject({
      author: "customer",
      author_name: "Jordan Gagnon",
      mine: true,
      attachments: [{ file_name: "bank-confirmation.pdf", media_type: "application/pdf", size_bytes: expect.any(Number) }],
    });
    expect(asOpener.messages.slice(1).every((m) => m.author === "agent" && m.attachments.length === 0)).toBe(true);
    // Another contact of the account reads Jordan's message as his, not as "You".
    const asPartner = await thread(FAMILY_HOME, proof, sam, "fr");
    expect(asPartner.messages[0].mine).toBe(false);
    expect(asPartner.ticket.category_name).toBe("Facturation");
  });

  it("says until when a closed ticket may be reopened, and that one closed long ago no longer may", async () => {
    const { ticket } = await thread(RESI, tvChannel);
    expect(ticket.status).toBe("closed");
    expect(ticket.closed_at).not.toBeNull();
    expect(ticket.reopen_until).toBe(new Date(Date.parse(ticket.closed_at!) + 14 * DAY).toISOString());
    expect(ticket.can_reopen).toBe(false);
  });

  it("lets a contact without the support role read, and finds a number in any case", async () => {
    const answer = await thread(QUEEN_WEST, forwarding, business);
    expect(answer.messages.map((m) => [m.author, m.author_name, m.mine])).toEqual([
      ["customer", "Noah Williams", false],
      ["agent", expect.any(String), false],
    ]);
    expect((await thread(RESI, moving.toLowerCase())).ticket.ticket_number).toBe(moving);
  });

  it("answers 401 without a token, 403 for another user's account, 404 for a ticket that is not this account's", async () => {
    expect((await api.call("GET", `/support/tickets/${RESI}/${moving}`)).status).toBe(401);
    // Someone else's account, whether or not the number is one of its tickets.
    expect((await api.call("GET", `/support/tickets/${FAMILY_HOME}/${proof}`, { token: resi })).status).toBe(403);
    expect((await api.call("GET", `/support/tickets/${RESI}/${moving}`, { token: business })).status).toBe(403);
    // Resi's own account, with another account's ticket number, an unknown one, or not a number.
    for (const number of [proof, "CS-999999", "not-a-ticket", "CS-1%27"]) {
      const { status, body } = await api.call("GET", `/support/tickets/${RESI}/${number}`, { token: resi });
      expect(status).toBe(404);
      ErrorAnswer.parse(body);
    }
  });
});

describe("POST /support/tickets/{customerId}/{ticketNumber}/messages", () => {
  it("adds the customer's reply with its attachments and puts the ticket back to open", async () => {
    api.clock.now = new Date(NOW.getTime() + 60_000);
    try {
      const { status, body } = await reply(
        RESI,
        moving,
        replyForm("The morning of January 16 would suit us.", [
          ["lease.pdf", PDF, "application/pdf"],
          ["floor-plan.png", PNG, "image/png"],
        ]),
      );
      expect(status).toBe(201);
      const answer = TicketChangeAnswer.parse(body);
      expect(answer).toMatchObject({ success: true, ticket_number: moving, status: "open", message_id: expect.any(Number) });

      const after = await thread(RESI, moving);
      expect(after.ticket.status).toBe("open");
      expect(after.ticket.updated_at).toBe(api.clock.now.toISOString());
      expect(after.messages.at(-1)).toEqual({
        message_id: answer.message_id,
        at: api.clock.now.toISOString(),
        author: "customer",
        author_name: "Maya Singh",
        mine: true,
        body: "The morning of January 16 would suit us.",
        attachments: [
          { attachment_id: expect.any(Number), file_name: "lease.pdf", media_type: "application/pdf", size_bytes: PDF.length },
          { attachment_id: expect.any(Number), file_name: "floor-plan.png", media_type: "image/png", size_bytes: PNG.length },
        ],
      });
      // The list shows it too: first, with the reply as its latest message and its files counted.
      const list = SupportTicketsAnswer.parse((await api.call("GET", `/support/tickets/${RESI}`, { token: resi })).body);
      expect(list.customer_tickets[0]).toMatchObject({
        ticket_number: moving,
        status: "open",
        last_update: { author: "customer", summary: "The morning of January 16 would suit us." },
      });
      expect(list.customer_tickets[0].attachments.map((a) => a.file_name)).toEqual(["lease.pdf", "floor-plan.png"]);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });

  it("reopens a resolved ticket by a reply, without attachments", async () => {
    const { status } = await reply(RESI, payPerView, replyForm("It happened again this month."));
    expect(status).toBe(201);
    expect((await thread(RESI, payPerView)).ticket.status).toBe("open");
  });

  it("refuses an empty or too long message and the files the support form refuses, changing nothing", async () => {
    const before = await state(wifi);
    const cases: [FormData, Record<string, string[]>][] = [
      [replyForm("   "), { message: ["message.required"] }],
      [replyForm(undefined), { message: ["message.required"] }],
      [replyForm("x".repeat(5001)), { message: ["message.too_long"] }],
      [
        replyForm(
          "Six files",
          ["1", "2", "3", "4", "5", "6"].map((n): [string, Uint8Array, string] => [`${n}.png`, PNG, "image/png"]),
        ),
        { attachments: ["attachments.too_many"] },
      ],
      [
        replyForm("A program", [["setup.pdf", new TextEncoder().encode("MZ\x90\x00 a Windows program"), "application/pdf"]]),
        { attachments: ["attachments.type"] },
      ],
      [
        replyForm("A photo", [["router.jpg", new Uint8Array(jpegWithHtml()), "image/jpeg"]]),
        { attachments: ["attachments.unsafe_content"] },
      ],
      [replyForm("Elsewhere", [["a.png", PNG, "image/png"]], "evidence"), { attachments: ["attachments.unexpected_field"] }],
    ];
    for (const [form, errors] of cases) {
      const { status, body } = await reply(RESI, wifi, form);
      expect(status).toBe(422);
      expect(errorsOf(body)).toEqual(errors);
    }
    expect(await state(wifi)).toEqual(before);
  });

  it("adds one message for a reply posted twice with one key, together or one after the other, and answers both the same", async () => {
    const before = await state(moving);
    const keyed = (key: string, message = "Still dropping at 9 p.m.") =>
      api.call("POST", `/support/tickets/${RESI}/${moving}/messages`, {
        token: resi,
        form: replyForm(message, [["speed-test.png", PNG, "image/png"]]),
        headers: { "Idempotency-Key": key },
      });
    const [first, second] = await Promise.all([keyed("reply-twice-1"), keyed("reply-twice-1")]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    const third = await keyed("reply-twice-1");
    expect(third.status).toBe(201);
    expect(third.headers.get("idempotent-replayed")).toBe("true");
    expect(third.body).toEqual(first.body);
    const after = await state(moving);
    expect(after).toMatchObject({ messages: Number(before!.messages) + 1, attachments: Number(before!.attachments) + 1 });
    // The same key for another message is refused, changing nothing; a new key is a new message.
    const reused = await keyed("reply-twice-1", "Another message");
    expect(reused.status).toBe(422);
    expect(errorsOf(reused.body)).toEqual({ idempotency_key: ["idempotency_key.reused"] });
    expect(await state(moving)).toEqual(after);
    expect((await keyed("reply-twice-2", "Another message")).status).toBe(201);
    expect((await state(moving))!.messages).toBe(Number(after!.messages) + 1);
  });

  it("keeps a message of exactly 5,000 characters", async () => {
    const { status } = await reply(RESI, wifi, replyForm("y".repeat(5000)));
    expect(status).toBe(201);
    expect((await thread(RESI, wifi)).messages.at(-1)!.body).toHaveLength(5000);
  });

  it("answers 403 to a contact without the support or authoritative role and on another user's account, 404 for an unknown ticket", async () => {
    const before = await state(forwarding);
    expect((await reply(QUEEN_WEST, forwarding, replyForm("Forward to 416-555-0199."), business)).status).toBe(403);
    expect((await close(QUEEN_WEST, forwarding, business)).status).toBe(403);
    expect(await state(forwarding)).toEqual(before);
    expect((await reply(FAMILY_HOME, proof, replyForm("Hello"), resi)).status).toBe(403);
    expect((await reply(RESI, proof, replyForm("Hello"), resi)).status).toBe(404);
    expect((await reply(RESI, "CS-999999", replyForm("Hello"), resi)).status).toBe(404);
    expect((await api.call("POST", `/support/tickets/${RESI}/${wifi}/messages`, { form: replyForm("Hello") })).status).toBe(401);
  });
});

describe("closing and reopening", () => {
  it("closes a ticket, refuses a reply or a second close, reopens it within 14 days, and not after", async () => {
    /** Moves the service clock; a fresh sign-in then (access tokens last less than the days moved). */
    const at = async (time: Date) => {
      api.clock.now = time;
      return api.signIn("resi@example.com");
    };
    const closedAt = new Date(NOW.getTime() + 3_600_000);
    try {
      let token = await at(closedAt);
      const closed = await close(RESI, wifi, token);
      expect(closed.status).toBe(200);
      expect(TicketChangeAnswer.parse(closed.body)).toEqual({ success: true, ticket_number: wifi, status: "closed" });
      const { ticket } = await thread(RESI, wifi, token);
      expect(ticket).toMatchObject({
        status: "closed",
        closed_at: closedAt.toISOString(),
        reopen_until: new Date(closedAt.getTime() + 14 * DAY).toISOString(),
        can_reopen: true,
      });

      const before = await state(wifi);
      const again = await close(RESI, wifi, token);
      expect(again.status).toBe(422);
      expect(errorsOf(again.body)).toEqual({ _form: ["_form.ticket_closed"] });
      const refused = await reply(RESI, wifi, replyForm("One more thing", [["a.png", PNG, "image/png"]]), token);
      expect(refused.status).toBe(422);
      expect(errorsOf(refused.body)).toEqual({ _form: ["_form.ticket_closed"] });
      expect(await state(wifi)).toEqual(before);

      // 13 days and 23 hours later: still reopened.
      token = await at(new Date(closedAt.getTime() + 14 * DAY - 3_600_000));
      const reopened = await reopen(RESI, wifi, token);
      expect(reopened.status).toBe(200);
      expect(TicketChangeAnswer.parse(reopened.body)).toEqual({ success: true, ticket_number: wifi, status: "open" });
      expect((await thread(RESI, wifi, token)).ticket).toMatchObject({
        status: "open",
        closed_at: null,
        reopen_until: null,
        can_reopen: false,
      });
      const notClosed = await reopen(RESI, wifi, token);
      expect(notClosed.status).toBe(422);
      expect(errorsOf(notClosed.body)).toEqual({ _form: ["_form.ticket_not_closed"] });

      // Closed again, then 14 days pass: a new request is needed.
      const secondClose = new Date(api.clock.now.getTime() + 60_000);
      token = await at(secondClose);
      expect((await close(RESI, wifi, token)).status).toBe(200);
      token = await at(new Date(secondClose.getTime() + 14 * DAY));
      expect((await thread(RESI, wifi, token)).ticket.can_reopen).toBe(false);
      const late = await reopen(RESI, wifi, token);
      expect(late.status).toBe(422);
      expect(errorsOf(late.body)).toEqual({ _form: ["_form.reopen_expired"] });
      expect((await thread(RESI, wifi, token)).ticket.status).toBe("closed");
    } finally {
      api.clock.now = new Date(NOW);
    }
  });

  it("refuses a contact who only reads to reopen", async () => {
    const before = await state(tvChannel);
    expect((await reopen(QUEEN_WEST, forwarding, business)).status).toBe(403);
    expect((await reopen(RESI, tvChannel, business)).status).toBe(403);
    expect(await state(tvChannel)).toEqual(before);
  });

  it("refuses to reopen the demo's ticket closed months ago", async () => {
    const late = await reopen(RESI, tvChannel);
    expect(late.status).toBe(422);
    expect(errorsOf(late.body)).toEqual({ _form: ["_form.reopen_expired"] });
  });

  it("closes once when two closes arrive together", async () => {
    const answers = await Promise.all([close(RESI, payPerView), close(RESI, payPerView)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });
});

describe("GET /support/tickets/{customerId}/{ticketNumber}/attachments/{attachmentId}", () => {
  /** The file as a browser gets it: status, headers and the exact bytes. */
  const download = async (customerId: number, number: string, id: number | string, token = resi) => {
    const response = await fetch(`${api.baseUrl}/support/tickets/${customerId}/${number}/attachments/${id}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  /** The id of a message's file, by its name, as the conversation lists it. */
  const fileId = async (customerId: number, number: string, name: string, token = resi) =>
    (await thread(customerId, number, token)).messages.flatMap((m) => m.attachments).find((f) => f.file_name === name)!.attachment_id;

  let leaseId: number;
  beforeAll(async () => {
    const sent = await reply(
      RESI,
      moving,
      replyForm("Our lease and a photo.", [
        ["lease (final).pdf", PDF, "application/pdf"],
        ["Plan d’étage.png", PNG, "image/png"],
      ]),
    );
    expect(sent.status).toBe(201);
    leaseId = await fileId(RESI, moving, "lease (final).pdf");
  });

  it("answers the owner the exact bytes, as an attachment in the detected type, never sniffed nor cached", async () => {
    const { status, headers, bytes } = await download(RESI, moving, leaseId);
    expect(status).toBe(200);
    expect(bytes).toEqual(PDF);
    expect(headers.get("content-type")).toBe("application/pdf");
    expect(headers.get("content-length")).toBe(String(PDF.length));
    expect(headers.get("content-disposition")).toBe('attachment; filename="lease (final).pdf"');
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(headers.get("cache-control")).toBe("private, no-store");

    // A name beyond ASCII: a plain fallback and the UTF-8 name, never a raw byte in the header.
    const png = await download(RESI, moving, await fileId(RESI, moving, "Plan d’étage.png"));
    expect(png.status).toBe(200);
    expect(png.bytes).toEqual(PNG);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBe(
      "attachment; filename=\"Plan d??tage.png\"; filename*=UTF-8''Plan%20d%E2%80%99%C3%A9tage.png",
    );
  });

  it("never lets a stored name break out of its header", async () => {
    const before = await api.db.one<{ file_name: string }>("SELECT file_name FROM uploaded_files WHERE id = $1", [leaseId]);
    await api.db.query("UPDATE uploaded_files SET file_name = $2 WHERE id = $1", [leaseId, '../a"b\r\nX-Injected: 1\\c.pdf']);
    try {
      const { status, headers } = await download(RESI, moving, leaseId);
      expect(status).toBe(200);
      expect(headers.get("x-injected")).toBeNull();
      // One line: the folder dropped, the quote escaped, CR and LF only ever percent-encoded in filename*.
      expect(headers.get("content-disposition")).toBe(
        `attachment; filename="a\\"b??X-Injected: 1\\\\c.pdf"; filename*=UTF-8''a%22b%0D%0AX-Injected%3A%201%5Cc.pdf`,
      );
    } finally {
      await api.db.query("UPDATE uploaded_files SET file_name = $2 WHERE id = $1", [leaseId, before!.file_name]);
    }
  });

  it("answers a seeded file to every contact who reads the conversation, with or without the support role", async () => {
    const id = await fileId(FAMILY_HOME, proof, "bank-confirmation.pdf", family);
    const row = await api.db.one<{ sha256: string }>("SELECT sha256 FROM uploaded_files WHERE id = $1", [id]);
    const asOpener = await download(FAMILY_HOME, proof, id, family);
    expect(asOpener.status).toBe(200);
    expect(createHash("sha256").update(asOpener.bytes).digest("hex")).toBe(row!.sha256);
    expect(asOpener.headers.get("content-disposition")).toBe("attachment; filename=bank-confirmation.pdf");

    // Sam without the support role (billing only): he reads the conversation, so he gets its files.
    const contact = "customer_id = $1 AND user_id = (SELECT id FROM users WHERE username = 'sam.gagnon@example.com')";
    await api.db.query(`UPDATE contacts SET roles = array_remove(roles, 'support') WHERE ${contact}`, [FAMILY_HOME]);
    try {
      const readOnly = await api.signIn("sam.gagnon@example.com");
      expect((await reply(FAMILY_HOME, proof, replyForm("Hello"), readOnly)).status).toBe(403);
      const asReader = await download(FAMILY_HOME, proof, id, readOnly);
      expect(asReader.status).toBe(200);
      expect(asReader.bytes).toEqual(asOpener.bytes);
    } finally {
      await api.db.query(`UPDATE contacts SET roles = array_append(roles, 'support') WHERE ${contact}`, [FAMILY_HOME]);
    }
  });

  it("answers 404 for a file of another ticket or another customer, and never its bytes", async () => {
    const familyFile = await fileId(FAMILY_HOME, proof, "bank-confirmation.pdf", family);
    const refusals: [number, string, number | string, string][] = [
      // Another customer's file, through resi's own ticket.
      [RESI, moving, familyFile, resi],
      // Resi's file, through another of her tickets.
      [RESI, wifi, leaseId, resi],
      // Resi's file, through the family's ticket, asked by the family.
      [FAMILY_HOME, proof, leaseId, family],
      // A file of this ticket, under a ticket number of another account.
      [RESI, proof, familyFile, resi],
      // No such file.
      [RESI, moving, 999_999, resi],
    ];
    for (const [customerId, number, id, token] of refusals) {
      const { status, headers, bytes } = await download(customerId, number, id, token);
      expect(status, `${customerId}/${number}/${id}`).toBe(404);
      expect(headers.get("content-type")).toMatch(/^application\/json/);
      expect(headers.get("content-disposition")).toBeNull();
      ErrorAnswer.parse(JSON.parse(new TextDecoder().decode(bytes)));
    }
  });

  it("answers 404 for an id that is not a number, 403 for another user's account, 401 without a token", async () => {
    for (const id of ["abc", "1e3", "-1", "0x10", `${leaseId}.pdf`, "99999999999999999999"]) {
      const { status } = await download(RESI, moving, encodeURIComponent(id));
      expect(status, id).toBe(404);
    }
    // Another user's account: refused as its conversation is, before any file is looked at.
    expect((await download(RESI, moving, leaseId, family)).status).toBe(403);
    expect((await download(FAMILY_HOME, proof, leaseId, resi)).status).toBe(403);
    expect((await download(RESI, moving, leaseId, "")).status).toBe(401);
  });

  it("answers 404 when the stored bytes are gone, before sending anything", async () => {
    const row = await api.db.one<{ storage_key: string }>("SELECT storage_key FROM uploaded_files WHERE id = $1", [leaseId]);
    await api.service.files.remove(row!.storage_key);
    const { status, headers } = await download(RESI, moving, leaseId);
    expect(status).toBe(404);
    expect(headers.get("content-disposition")).toBeNull();
  });
});
