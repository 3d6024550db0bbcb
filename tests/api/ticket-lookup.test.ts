/**
 * Looking a support ticket up without signing in: the same answer whether or not the number and the
 * e-mail match (a link e-mailed through the outbox only when they do, at most 3 an hour per ticket), the
 * link working once for 24 hours, and the read-only view it opens for an hour. Public endpoints: no token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorAnswer } from "#contract/common";
import { TicketLinkAnswer, TicketViewAnswer, TicketViewGrantAnswer } from "#contract/support";
import { TICKET_LINKS_DEMO } from "../../api/db/seed/business-network.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;

const lookup = (json: unknown, language = "en") =>
  api.call("POST", "/support/ticket-lookup", { json, headers: { "Accept-Language": language } });

/** The family home's proof-of-payment request, opened by family@example.com, with a PDF attached. */
let familyTicket: string;

const outbox = () =>
  api.db.query<{ to_address: string; language: string; subject: string; body_text: string; link_path: string }>(
    "SELECT to_address, language, subject, body_text, link_path FROM email_outbox WHERE template = 'ticket_lookup' ORDER BY id",
  );

/** The token of the newest lookup e-mail's link. */
const lastToken = async () => (await outbox()).at(-1)!.link_path.replace("/support/tickets/view/", "");

/** Looks up the ticket of a subject as its opener would, and answers the e-mailed link's token. */
async function linkFor(subject: string, email: string): Promise<string> {
  const number = (await api.db.one<{ ticket_number: string }>("SELECT ticket_number FROM support_tickets WHERE subject = $1", [subject]))!
    .ticket_number;
  const before = (await outbox()).length;
  await lookup({ ticket_number: number, email });
  expect((await outbox()).length).toBe(before + 1);
  return lastToken();
}

const useLink = (token: string) => api.call("POST", `/support/ticket-links/${token}`);

beforeAll(async () => {
  api = await createTestApi();
  familyTicket = (await api.db.one<{ ticket_number: string }>("SELECT ticket_number FROM support_tickets WHERE subject = $1", [
    TICKET_LINKS_DEMO.familyProof.ticket,
  ]))!.ticket_number;
});
afterAll(() => api.close());

describe("POST /support/ticket-lookup", () => {
  it("answers the same for a match, a wrong e-mail and an unknown ticket; only a match is e-mailed, to the opener", async () => {
    const before = (await outbox()).length;
    const match = await lookup({ ticket_number: ` ${familyTicket.toLowerCase()} `, email: "Family@Example.com" }, "fr");
    const wrongEmail = await lookup({ ticket_number: familyTicket, email: "resi@example.com" });
    const unknown = await lookup({ ticket_number: "CS-999999", email: "family@example.com" });
    for (const answer of [match, wrongEmail, unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true });
    }
    const sent = (await outbox()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to_address: "family@example.com",
      language: "fr",
      subject: `Votre demande de soutien ${familyTicket}`,
    });
    expect(sent[0].link_path).toMatch(/^\/support\/tickets\/view\/[A-Za-z0-9_-]{43}$/);
    expect(sent[0].body_text).toContain(`{{portal_url}}${sent[0].link_path}`);
    // French typography: no-break spaces before a colon and inside the guillemets.
    expect(sent[0].body_text).toContain("dans les 24 heures\u00a0:");
    expect(sent[0].body_text).toContain("(«\u00a0Proof of payment sent – please restore service\u00a0»)");
    expect(sent[0].body_text).not.toMatch(/ [:;?!»]|« /);
    // Only the token's hash is kept.
    const token = sent[0].link_path.split("/").at(-1)!;
    expect(JSON.stringify(await api.db.query("SELECT * FROM support_ticket_links"))).not.toContain(token);
  });

  it("refuses a malformed number or e-mail with its codes", async () => {
    const refused = await lookup({ ticket_number: "204805", email: "family@" });
    expect(refused.status).toBe(422);
    expect(ErrorAnswer.parse(refused.body).errors).toEqual({ ticket_number: ["ticket_number.invalid"], email: ["email.invalid"] });
    const empty = await lookup({});
    expect(ErrorAnswer.parse(empty.body).errors).toEqual({ ticket_number: ["ticket_number.required"], email: ["email.required"] });
    // Junk of any shape is refused the same way, never a 500.
    for (const junk of [
      { ticket_number: 5, email: ["a@example.com"] },
      [],
      "CS-1",
      { ticket_number: "CS-1".repeat(5000), email: "a@b.c" },
    ]) {
      const answer = await lookup(junk);
      // 422 for a body of the wrong shape; 400 for JSON that is not an object (body-parser's strict mode).
      expect(answer.status, JSON.stringify(junk).slice(0, 40)).toBe(typeof junk === "string" ? 400 : 422);
      expect(ErrorAnswer.parse(answer.body).success).toBe(false);
    }
  });

  it("e-mails at most 3 links an hour per ticket, answering the same past that", async () => {
    const resiTicket = (await api.db.one<{ ticket_number: string }>("SELECT ticket_number FROM support_tickets WHERE subject = $1", [
      "Moving in January",
    ]))!.ticket_number;
    const before = (await outbox()).length;
    for (let i = 0; i < 5; i++)
      expect((await lookup({ ticket_number: resiTicket, email: "resi@example.com" })).body).toEqual({ success: true });
    expect((await outbox()).length - before).toBe(3);
    api.clock.now = new Date(NOW.getTime() + 61 * 60_000);
    try {
      await lookup({ ticket_number: resiTicket, email: "resi@example.com" });
      expect((await outbox()).length - before).toBe(4);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });
});

describe("the e-mailed link and the view it opens", () => {
  it("names its ticket, opens a read-only view once, and then no longer works", async () => {
    const token = await linkFor(TICKET_LINKS_DEMO.familyProof.ticket, "family@example.com");
    const link = await api.call("GET", `/support/ticket-links/${token}`);
    expect(link.status).toBe(200);
    expect(TicketLinkAnswer.parse(link.body)).toEqual({
      ticket_number: familyTicket,
      expires_at: new Date(NOW.getTime() + 24 * 3_600_000).toISOString(),
    });
    // Reading the link twice does not use it up (a mail scanner opening it does not spend it).
    expect((await api.call("GET", `/support/ticket-links/${token}`)).status).toBe(200);

    const used = await useLink(token);
    expect(used.status).toBe(201);
    const grant = TicketViewGrantAnswer.parse(used.body);
    expect(grant).toMatchObject({ ticket_number: familyTicket, expires_at: new Date(NOW.getTime() + 3_600_000).toISOString() });
    expect((await useLink(token)).status).toBe(404);
    expect((await api.call("GET", `/support/ticket-links/${token}`)).status).toBe(404);

    const view = await api.call("GET", `/support/ticket-views/${grant.view_token}`, { headers: { "Accept-Language": "fr" } });
    expect(view.status).toBe(200);
    expect(TicketViewAnswer.parse(view.body)).toEqual({
      ticket: {
        ticket_number: familyTicket,
        subject: "Proof of payment sent – please restore service",
        category: "billing",
        category_name: "Facturation",
        status: "open",
        created_at: expect.any(String),
        updated_at: expect.any(String),
        attachments: [{ file_name: "bank-confirmation.pdf" }],
      },
      messages: [
        {
          message_id: expect.any(Number),
          at: expect.any(String),
          author: "customer",
          author_name: "Jordan Gagnon",
          mine: false,
          body: expect.stringMatching(/^I paid the overdue balance/),
          attachments: [
            {
              attachment_id: expect.any(Number),
              file_name: "bank-confirmation.pdf",
              media_type: "application/pdf",
              size_bytes: expect.any(Number),
            },
          ],
        },
        {
          message_id: expect.any(Number),
          at: expect.any(String),
          author: "agent",
          author_name: expect.any(String),
          mine: false,
          body: expect.stringMatching(/^Thank you, we received your confirmation/),
          attachments: [],
        },
      ],
      expires_at: grant.expires_at,
    });
    // The conversation, oldest first; never the files themselves.
    const { messages } = TicketViewAnswer.parse(view.body);
    expect(messages[0].at < messages[1].at).toBe(true);
    expect(JSON.stringify(view.body)).not.toMatch(/PDF-1/);
  });

  it("ends the view after an hour and the link after 24 hours", async () => {
    const first = await linkFor("Channel missing from TV Essentials", "resi@example.com");
    const grant = TicketViewGrantAnswer.parse((await useLink(first)).body);
    const second = await linkFor("Question about a pay-per-view charge", "resi@example.com");
    try {
      api.clock.now = new Date(NOW.getTime() + 61 * 60_000);
      expect((await api.call("GET", `/support/ticket-views/${grant.view_token}`)).status).toBe(404);
      expect((await api.call("GET", `/support/ticket-links/${second}`)).status).toBe(200);
      api.clock.now = new Date(NOW.getTime() + 25 * 3_600_000);
      expect((await api.call("GET", `/support/ticket-links/${second}`)).status).toBe(404);
      expect((await useLink(second)).status).toBe(404);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });

  it("answers 404 for unknown or malformed tokens, and never takes a link for a view or a view for a link", async () => {
    for (const path of ["/support/ticket-links/not-a-token-at-all-xxxxxxxxxxxx", "/support/ticket-links/x", "/support/ticket-views/x"]) {
      expect((await api.call("GET", path)).status).toBe(404);
    }
    const token = await linkFor(TICKET_LINKS_DEMO.resiWifi.ticket, "resi@example.com");
    expect((await api.call("GET", `/support/ticket-views/${token}`)).status).toBe(404);
    const grant = TicketViewGrantAnswer.parse((await useLink(token)).body);
    expect((await api.call("GET", `/support/ticket-links/${grant.view_token}`)).status).toBe(404);
    expect((await useLink(grant.view_token)).status).toBe(404);
  });

  it("opens one view when the same link is used twice at the same moment", async () => {
    const token = await linkFor("Packet loss on the dedicated internet circuit", "business@example.com");
    const answers = await Promise.all([useLink(token), useLink(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
  });

  it("has the demo's fixed links", async () => {
    for (const link of Object.values(TICKET_LINKS_DEMO)) {
      const { body } = await api.call("GET", `/support/ticket-links/${link.token}`);
      expect(TicketLinkAnswer.parse(body).ticket_number).toMatch(/^CS-\d+$/);
    }
  });
});
