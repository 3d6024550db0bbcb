/**
 * The mail relay (api/service/mail-relay.ts) against a real SMTP server in this process (smtp-server):
 * a password recovery asked through the API arrives as a mail in the user's language, plain text and
 * HTML, with the link to the portal's public address; the outbox row is then marked sent and its body
 * (the plain link) blanked. A mail server that refuses or is gone leaves the row unsent, counted and
 * tried again later; two relays at once never send one row twice.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, relayMail } from "../../api/service/mail-relay.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";
import { randomUUID } from "node:crypto";

const PORTAL = "https://my.lakeshore.example";
const FROM = "myLakeshore <no-reply@lakeshore-fibre.example>";

let smtp: SMTPServer;
let smtpUrl: string;
let received: ParsedMail[] = [];
/** The next mail is refused with this reply (then accepted again). */
let refuseNext: string | null = null;
let api: TestApi;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refuseNext) {
        const reason = refuseNext;
        refuseNext = null;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error(reason), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  // The schedule is left far apart: each test sends with sendMail().
  api = await createTestApi({ mail: { smtpUrl, from: FROM, portalUrl: PORTAL, intervalMs: 3_600_000 } });
});
afterAll(async () => {
  await api.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});
beforeEach(async () => {
  api.clock.now = new Date(NOW);
  await api.service.sendMail();
  received = [];
});

async function askRecovery(username: string) {
  const { status } = await api.call("POST", "/auth/forgot-password", { json: { username } });
  expect(status).toBe(200);
  return api.db.one<{ id: number; subject: string }>(
    "SELECT id, subject FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1",
    [username],
  );
}

describe("the mail relay", () => {
  it("sends a recovery link as text and HTML to the portal's address, then marks the row sent and blanks it", async () => {
    const row = (await askRecovery("resi@example.com"))!;
    expect(await api.service.sendMail()).toBe(1);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.to).toMatchObject({ text: "resi@example.com" });
    expect(mail.from?.value).toEqual([{ name: "myLakeshore", address: "no-reply@lakeshore-fibre.example" }]);
    expect(mail.subject).toBe(row.subject);
    const link = mail.text!.match(/https:\/\/my\.lakeshore\.example\/\S+/)?.[0];
    expect(link).toBeTruthy();
    expect(mail.text).not.toContain("{{portal_url}}");
    expect(mail.html).toContain(`<a href="${link}"`);
    // Security mail carries no unsubscribe link: it cannot be turned off.
    expect(mail.headerLines.some((h) => h.key === "list-unsubscribe")).toBe(false);
    expect(mail.headers.get("content-language")).toBe("en-CA");

    const stored = await api.db.one<{ sent_at: Date | null; body_text: string; attempts: number }>(
      "SELECT sent_at, body_text, attempts FROM email_outbox WHERE id = $1",
      [row.id],
    );
    expect(stored).toEqual({ sent_at: new Date(NOW), body_text: "", attempts: 0 });
    // Nothing is sent twice.
    expect(await api.service.sendMail()).toBe(0);
  });

  it("writes to a French-speaking user in French, accents intact", async () => {
    await api.db.query("UPDATE users SET preferred_language = 'fr' WHERE username = 'family@example.com'");
    const row = (await askRecovery("family@example.com"))!;
    expect(await api.service.sendMail()).toBe(1);
    const [mail] = received;
    expect(mail.subject).toBe(row.subject);
    expect(mail.subject).toMatch(/[éèàç]/);
    expect(mail.headers.get("content-language")).toBe("fr-CA");
    expect(mail.html).toContain('lang="fr-CA"');
  });

  it("keeps a refused mail unsent, counts the attempt with the server's words, and sends it once its wait is over", async () => {
    const row = (await askRecovery("business@example.com"))!;
    refuseNext = "Mailbox busy, try later";
    expect(await api.service.sendMail()).toBe(0);
    const failed = await api.db.one<{ sent_at: Date | null; attempts: number; last_error: string; next_attempt_at: Date }>(
      "SELECT sent_at, attempts, last_error, next_attempt_at FROM email_outbox WHERE id = $1",
      [row.id],
    );
    expect(failed).toMatchObject({ sent_at: null, attempts: 1 });
    expect(failed!.last_error).toContain("Mailbox busy");
    expect(failed!.next_attempt_at).toEqual(new Date(NOW.getTime() + 60_000));
    // Not before its wait is over; then sent.
    expect(await api.service.sendMail()).toBe(0);
    api.clock.now = new Date(NOW.getTime() + 61_000);
    expect(await api.service.sendMail()).toBe(1);
    expect(received.map((m) => m.to)).toMatchObject([{ text: "business@example.com" }]);
  });

  it(`leaves a row unsent after ${MAX_ATTEMPTS} attempts when the mail server is gone`, async () => {
    const row = (await askRecovery("leaving@example.com"))!;
    const gone = nodemailer.createTransport("smtp://127.0.0.1:9");
    const options = { db: api.db, from: FROM, portalUrl: PORTAL, smtpUrl: "smtp://127.0.0.1:9", now: () => api.clock.now };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      expect(await relayMail(options, gone)).toBe(0);
      api.clock.now = new Date(api.clock.now.getTime() + 3 * 3_600_000);
    }
    const stored = await api.db.one<{ sent_at: Date | null; attempts: number; last_error: string }>(
      "SELECT sent_at, attempts, last_error FROM email_outbox WHERE id = $1",
      [row.id],
    );
    expect(stored).toMatchObject({ sent_at: null, attempts: MAX_ATTEMPTS });
    expect(stored!.last_error).toMatch(/ECONNREFUSED/);
    expect(await api.service.sendMail()).toBe(0);
    gone.close();
  });

  it("sends each row once when two relays run at once (two API processes on one database)", async () => {
    for (const username of ["resi@example.com", "family@example.com", "business@example.com"]) await askRecovery(username);
    const options = { db: api.db, from: FROM, portalUrl: PORTAL, smtpUrl, now: () => api.clock.now };
    const [a, b] = [nodemailer.createTransport(smtpUrl), nodemailer.createTransport(smtpUrl)];
    const sent = await Promise.all([relayMail(options, a), relayMail(options, b)]);
    expect(sent[0] + sent[1]).toBe(3);
    expect(received.map((m) => m.to && "text" in m.to && m.to.text).sort()).toEqual([
      "business@example.com",
      "family@example.com",
      "resi@example.com",
    ]);
    a.close();
    b.close();
  });
});

describe("notification mail through the relay", () => {
  const VISA = { method: "credit_card", card_number: "4242 4242 4242 4242", expiry: "09/29", cvv: "123", cardholder_name: "Maya Singh" };
  const pay = (token: string, amount: string) =>
    api.call("POST", "/billing/100101/payments", { token, json: { ...VISA, amount }, headers: { "Idempotency-Key": randomUUID() } });

  it("sends what the contact wants, in the provider's look, with a one-click unsubscribe that works signed out", async () => {
    const resi = await api.signIn("resi@example.com");
    expect((await pay(resi, "1.50")).status).toBe(201);
    expect(await api.service.sendMail()).toBe(1);
    const [mail] = received;
    expect(mail.subject).toBe("Payment received: $1.50");
    expect(mail.html).toContain("Lakeshore Fibre");
    expect(mail.html).toContain("You receive this e-mail because you are a contact of");
    const raw = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");
    const unsubscribe = raw("list-unsubscribe")!;
    expect(unsubscribe).toMatch(/^<https:\/\/my\.lakeshore\.example\/unsubscribe\/[\w.-]+>$/);
    expect(raw("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = unsubscribe.slice(1, -1);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}"`);

    // Anyone holding the mail turns payment mail off without signing in (the portal's page posts this).
    const token = link.split("/unsubscribe/")[1];
    expect((await api.call("POST", `/unsubscribe/${token}`)).status).toBe(200);
    received = [];
    expect((await pay(resi, "1.51")).status).toBe(201);
    expect(await api.service.sendMail()).toBe(0);
    expect(received).toEqual([]);

    // Turned on again from the profile: the next one leaves.
    const on = { bill_ready: true, payments: true, autopay: true, ticket_replies: true, outages: true };
    expect((await api.call("PUT", "/profile-settings/notifications/100101", { token: resi, json: on })).status).toBe(200);
    expect((await pay(resi, "1.52")).status).toBe(201);
    expect(await api.service.sendMail()).toBe(1);
    expect(received.map((m) => m.subject)).toEqual(["Payment received: $1.52"]);
  });
});
