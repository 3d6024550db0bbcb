/**
 * Notification preferences and the mail they govern (api/service/notify.ts, notifications.ts): each
 * contact chooses per account which mail they receive; a change queues its mail in the same transaction
 * only to contacts who want it, in their language, with a signed unsubscribe link that works without
 * signing in (and only when signed by the API, unaltered and not expired); security mail is never
 * governed; the development outbox answers outside production only.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  NotificationPreferencesAnswer,
  NotificationPreferencesSaved,
  OutboxAnswer,
  UnsubscribeAnswer,
  UnsubscribeDone,
} from "#contract/notifications";
import { LinkSigner, UNSUBSCRIBE_LINK_DAYS } from "../../api/service/notify-links.ts";
import { queueBillReady, queueIncidentNotice, queueTicketReply } from "../../api/service/notify.ts";
import { DEVELOPMENT_TWO_STEP_KEY } from "../../api/service/two-step-secrets.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

const RESI = 100101; // resi@example.com's own account
const FAMILY_HOME = 100201; // family@example.com's
const VISA = { card_number: "4242 4242 4242 4242", expiry: "09/29", cvv: "123", cardholder_name: "Maya Singh" };
const ALL_ON = { bill_ready: true, payments: true, autopay: true, ticket_replies: true, outages: true };

let api: TestApi;
let resi: string;
let family: string;
let resiUserId: number;
const links = new LinkSigner(DEVELOPMENT_TWO_STEP_KEY);

interface OutboxRow {
  to_address: string;
  template: string;
  language: string;
  subject: string;
  body_text: string;
  unsubscribe_path: string | null;
}
/** The mail queued since the test began. */
let since = 0;
const queued = () =>
  api.db.query<OutboxRow>(
    "SELECT to_address, template, language, subject, body_text, unsubscribe_path FROM email_outbox WHERE id > $1 ORDER BY id",
    [since],
  );

const save = (customerId: number, token: string, json: unknown) =>
  api.call("PUT", `/profile-settings/notifications/${customerId}`, { token, json });

const pay = (token: string, customerId: number, amount: string, card = VISA.card_number) =>
  api.call("POST", `/billing/${customerId}/payments`, {
    token,
    json: { method: "credit_card", amount, ...VISA, card_number: card },
    headers: { "Idempotency-Key": randomUUID() },
  });

beforeAll(async () => {
  api = await createTestApi();
  [resi, family] = await api.signInAll("resi@example.com", "family@example.com");
  resiUserId = (await api.db.one<{ id: number }>("SELECT id FROM users WHERE username = 'resi@example.com'"))!.id;
});
afterAll(() => api.close());
beforeEach(async () => {
  api.clock.now = new Date(NOW);
  await api.db.query("DELETE FROM notification_preferences");
  since = (await api.db.one<{ id: number | null }>("SELECT max(id) AS id FROM email_outbox"))!.id ?? 0;
});

describe("GET and PUT /profile-settings/notifications", () => {
  it("lists every account the user is a contact of, every kind of mail on until turned off", async () => {
    const { status, body } = await api.call("GET", "/profile-settings/notifications", { token: family });
    expect(status).toBe(200);
    const { accounts } = NotificationPreferencesAnswer.parse(body);
    expect(accounts.length).toBeGreaterThan(1);
    expect(accounts.map((a) => a.customer_id)).toContain(FAMILY_HOME);
    for (const account of accounts) expect(account.preferences).toEqual(ALL_ON);
  });

  it("keeps a choice per account: the others stay as they were", async () => {
    const saved = await save(FAMILY_HOME, family, { ...ALL_ON, payments: false, outages: false });
    expect(saved.status).toBe(200);
    expect(NotificationPreferencesSaved.parse(saved.body).account).toMatchObject({
      customer_id: FAMILY_HOME,
      preferences: { ...ALL_ON, payments: false, outages: false },
    });
    const { accounts } = NotificationPreferencesAnswer.parse(
      (await api.call("GET", "/profile-settings/notifications", { token: family })).body,
    );
    for (const account of accounts) {
      expect(account.preferences).toEqual(account.customer_id === FAMILY_HOME ? { ...ALL_ON, payments: false, outages: false } : ALL_ON);
    }
  });

  it("takes a form as a browser sends it: a box left unchecked is off", async () => {
    const saved = await api.call("PUT", `/profile-settings/notifications/${RESI}`, {
      token: resi,
      form: { bill_ready: "on", autopay: "on" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.account.preferences).toEqual({
      bill_ready: true,
      payments: false,
      autopay: true,
      ticket_replies: false,
      outages: false,
    });
  });

  it("refuses another user's account (403) and a value that is not a yes or no (422), changing nothing", async () => {
    expect((await save(FAMILY_HOME, resi, ALL_ON)).status).toBe(403);
    expect((await save(999_999, resi, ALL_ON)).status).toBe(403);
    const bad = await save(RESI, resi, { ...ALL_ON, payments: "maybe" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty("payments");
    expect(await api.db.query("SELECT 1 FROM notification_preferences")).toEqual([]);
    expect((await api.call("GET", "/profile-settings/notifications")).status).toBe(401);
  });
});

describe("mail of a change, queued with it to the contacts who want it", () => {
  it("tells of a card payment received, in the contact's language, with an unsubscribe link", async () => {
    expect((await pay(resi, RESI, "1.25")).status).toBe(201);
    const [mail, ...others] = await queued();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ to_address: "resi@example.com", template: "payment_received", language: "en" });
    expect(mail.subject).toBe("Payment received: $1.25");
    expect(mail.body_text).toContain("{{portal_url}}/billing");
    expect(mail.unsubscribe_path).toMatch(/^\/unsubscribe\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(mail.body_text).toContain(`{{portal_url}}${mail.unsubscribe_path}`);
  });

  it("writes in French with Canadian amounts to a French-speaking contact", async () => {
    await api.db.query("UPDATE users SET preferred_language = 'fr' WHERE id = $1", [resiUserId]);
    try {
      expect((await pay(resi, RESI, "1.23")).status).toBe(201);
      const [mail] = await queued();
      expect(mail.language).toBe("fr");
      expect(mail.subject).toBe("Paiement reçu\u00a0: 1,23\u00a0$");
      expect(mail.body_text).toContain("Bonjour");
      expect(mail.body_text).toContain("courriel");
    } finally {
      await api.db.query("UPDATE users SET preferred_language = 'en' WHERE id = $1", [resiUserId]);
    }
  });

  it("mails no one of a card declined while paying by hand: the payer reads it on the page", async () => {
    expect((await pay(resi, RESI, "1.11", "4000 0000 0000 0002")).status).toBe(422);
    expect(await queued()).toEqual([]);
  });

  it("tells of an automatic charge declined by the card's bank", async () => {
    // The card kept for 100101's autopay, refused when charged on its date (Thursday the 19th).
    const { processor_token: kept } = (await api.db.one<{ processor_token: string }>(
      "SELECT processor_token FROM autopay_cards WHERE customer_id = $1 AND processor_token IS NOT NULL",
      [RESI],
    ))!;
    await api.db.query("UPDATE autopay_cards SET processor_token = '' WHERE processor_token = $1", [kept]);
    try {
      api.clock.now = new Date("2026-11-19T01:00:00Z");
      await api.service.settle();
      const toResi = (await queued()).filter((m) => m.to_address === "resi@example.com");
      expect(toResi.map((m) => m.template)).toEqual(["payment_declined"]);
      expect(toResi[0]!.subject).toMatch(/^Payment declined: \$[\d,]+\.\d\d$/);
    } finally {
      // The mail of that later day would come first in the outbox the tests below read.
      await api.db.query("DELETE FROM email_outbox WHERE id > $1", [since]);
      await api.db.query("UPDATE autopay_cards SET processor_token = $1 WHERE customer_id = $2 AND processor_token = ''", [kept, RESI]);
    }
  });

  it("queues nothing of payments for a contact who turned them off", async () => {
    await save(RESI, resi, { ...ALL_ON, payments: false });
    expect((await pay(resi, RESI, "1.12")).status).toBe(201);
    expect(await queued()).toEqual([]);
  });

  it("tells of automatic payments set up and stopped, unless autopay mail is off", async () => {
    const card = { card_number: "5555 5555 5555 4444", expiry: "04/2030", cvv: "321", cardholder_name: "Maya Singh", replace_pad: true };
    const setUp = await api.call("POST", `/billing/${RESI}/autopay/credit-card`, {
      token: resi,
      json: card,
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(setUp.status).toBe(201);
    expect((await api.call("DELETE", `/billing/${RESI}/autopay`, { token: resi })).status).toBe(200);
    expect((await queued()).map((m) => [m.template, m.subject])).toEqual([
      ["autopay_set_up", "Automatic payments set up"],
      ["autopay_stopped", "Automatic payments stopped"],
    ]);
    since = (await api.db.one<{ id: number }>("SELECT max(id) AS id FROM email_outbox"))!.id;
    await save(RESI, resi, { ...ALL_ON, autopay: false });
    const again = await api.call("POST", `/billing/${RESI}/autopay/credit-card`, {
      token: resi,
      json: card,
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(again.status).toBe(201);
    expect(await queued()).toEqual([]);
  });

  it("tells of a bill issued (the billing system's hook) with its amount and due date", async () => {
    const invoice = (await api.db.one<{ id: number }>("SELECT id FROM invoices WHERE customer_id = $1 ORDER BY issued_on DESC LIMIT 1", [
      RESI,
    ]))!;
    expect(await api.db.transaction((tx) => queueBillReady(tx, links, invoice.id, api.clock.now))).toBe(1);
    const [mail] = await queued();
    expect(mail.template).toBe("bill_ready");
    expect(mail.subject).toMatch(/^Your bill is ready: \$[\d,]+\.\d\d$/);
    expect(mail.body_text).toMatch(/due [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await save(RESI, resi, { ...ALL_ON, bill_ready: false });
    expect(await api.db.transaction((tx) => queueBillReady(tx, links, invoice.id, api.clock.now))).toBe(0);
  });

  it("tells a ticket's author of support's reply (the support system's hook)", async () => {
    const ticket = (await api.db.one<{ id: number; ticket_number: string }>(
      "SELECT id, ticket_number FROM support_tickets WHERE customer_id = $1 AND opened_by = $2 LIMIT 1",
      [RESI, resiUserId],
    ))!;
    expect(await api.db.transaction((tx) => queueTicketReply(tx, links, ticket.id, api.clock.now))).toBe(1);
    const [mail] = await queued();
    expect(mail).toMatchObject({
      to_address: "resi@example.com",
      template: "ticket_reply",
      subject: `Reply to your request ${ticket.ticket_number}`,
    });
    await save(RESI, resi, { ...ALL_ON, ticket_replies: false });
    expect(await api.db.transaction((tx) => queueTicketReply(tx, links, ticket.id, api.clock.now))).toBe(0);
  });

  it("tells the accounts in an outage's area (the status tools' hook), and not those outside it", async () => {
    const postal = (await api.db.one<{ postal: string }>(
      `SELECT upper(replace(coalesce(p.postal_code, s.postal_code), ' ', '')) AS postal
         FROM services s LEFT JOIN packages p ON p.id = s.package_id WHERE s.customer_id = $1 AND s.category = 'internet' LIMIT 1`,
      [RESI],
    ))!.postal;
    const incident = async (prefix: string) =>
      (await api.db
        .one<{ id: number }>(
          `INSERT INTO incidents (kind, services, summary_en, summary_fr, starts_at)
         VALUES ('outage', '{internet}', 'Fibre cut on Queen St E', 'Fibre coupée rue Queen Est', $1) RETURNING id`,
          [api.clock.now],
        )
        .then(async (row) => {
          await api.db.query("INSERT INTO incident_areas (incident_id, postal_prefix) VALUES ($1, $2)", [row!.id, prefix]);
          return row!;
        }))!;
    const near = await incident(postal.slice(0, 3));
    const far = await incident("X0A");
    try {
      expect(await api.db.transaction((tx) => queueIncidentNotice(tx, links, far.id, api.clock.now))).toBe(0);
      expect(await api.db.transaction((tx) => queueIncidentNotice(tx, links, near.id, api.clock.now))).toBeGreaterThanOrEqual(1);
      const mails = await queued();
      const mine = mails.filter((m) => m.to_address === "resi@example.com");
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ template: "incident_notice", subject: "Outage in your area" });
      expect(mine[0].body_text).toContain("Fibre cut on Queen St E");
      since = (await api.db.one<{ id: number }>("SELECT max(id) AS id FROM email_outbox"))!.id;
      await save(RESI, resi, { ...ALL_ON, outages: false });
      await api.db.transaction((tx) => queueIncidentNotice(tx, links, near.id, api.clock.now));
      expect((await queued()).filter((m) => m.to_address === "resi@example.com")).toEqual([]);
    } finally {
      await api.db.query("DELETE FROM incidents WHERE id = ANY ($1)", [[near.id, far.id]]);
    }
  });

  it("always sends security mail: a password recovery with every kind turned off", async () => {
    await save(RESI, resi, { bill_ready: false, payments: false, autopay: false, ticket_replies: false, outages: false });
    expect((await api.call("POST", "/auth/forgot-password", { json: { username: "resi@example.com" } })).status).toBe(200);
    const [mail] = await queued();
    expect(mail).toMatchObject({ to_address: "resi@example.com", template: "password_recovery", unsubscribe_path: null });
  });
});

describe("unsubscribe links, without signing in", () => {
  const tokenOf = (path: string) => path.slice("/unsubscribe/".length);
  async function paymentLink() {
    expect((await pay(resi, RESI, "1.01")).status).toBe(201);
    return tokenOf((await queued())[0].unsubscribe_path!);
  }

  it("says what the link turns off, changes nothing on GET, and turns it off on POST", async () => {
    const token = await paymentLink();
    const seen = await api.call("GET", `/unsubscribe/${token}`);
    expect(seen.status).toBe(200);
    expect(UnsubscribeAnswer.parse(seen.body)).toMatchObject({ kind: "payments", email: "r***@example.com", subscribed: true });
    expect(await api.db.query("SELECT 1 FROM notification_preferences")).toEqual([]);

    const done = await api.call("POST", `/unsubscribe/${token}`);
    expect(done.status).toBe(200);
    expect(UnsubscribeDone.parse(done.body).kind).toBe("payments");
    const { accounts } = NotificationPreferencesAnswer.parse(
      (await api.call("GET", "/profile-settings/notifications", { token: resi })).body,
    );
    expect(accounts.find((a) => a.customer_id === RESI)!.preferences).toEqual({ ...ALL_ON, payments: false });
    // Again: still fine, still off; the next payment mails no one.
    expect((await api.call("POST", `/unsubscribe/${token}`)).status).toBe(200);
    expect((await api.call("GET", `/unsubscribe/${token}`)).body.subscribed).toBe(false);
    since = (await api.db.one<{ id: number }>("SELECT max(id) AS id FROM email_outbox"))!.id;
    expect((await pay(resi, RESI, "1.02")).status).toBe(201);
    expect(await queued()).toEqual([]);
  });

  it("answers 404 to a forged, altered or expired link, and to one of another key, changing nothing", async () => {
    const token = await paymentLink();
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const otherAccount = Buffer.from(JSON.stringify({ ...claims, cid: FAMILY_HOME })).toString("base64url");
    const otherKey = await new LinkSigner("another-key-of-at-least-thirty-two-characters").sign(
      { userId: resiUserId, customerId: RESI, kind: "payments" },
      api.clock.now,
    );
    for (const bad of [`${header}.${otherAccount}.${signature}`, otherKey, "not-a-token", `${token}x`]) {
      expect((await api.call("GET", `/unsubscribe/${bad}`)).status).toBe(404);
      expect((await api.call("POST", `/unsubscribe/${bad}`)).status).toBe(404);
    }
    api.clock.now = new Date(NOW.getTime() + (UNSUBSCRIBE_LINK_DAYS + 1) * 86_400_000);
    expect((await api.call("POST", `/unsubscribe/${token}`)).status).toBe(404);
    expect(await api.db.query("SELECT 1 FROM notification_preferences")).toEqual([]);
    api.clock.now = new Date(NOW.getTime() + (UNSUBSCRIBE_LINK_DAYS - 1) * 86_400_000);
    expect((await api.call("GET", `/unsubscribe/${token}`)).status).toBe(200);
  });

  it("answers 404 once the user is no longer a contact of the account", async () => {
    const token = await links.sign({ userId: resiUserId, customerId: FAMILY_HOME, kind: "outages" }, api.clock.now);
    expect((await api.call("POST", `/unsubscribe/${token}`)).status).toBe(404);
  });
});

describe("GET /dev/outbox", () => {
  it("lists the latest mail, newest first, outside production", async () => {
    await api.call("POST", "/auth/forgot-password", { json: { username: "family@example.com" } });
    const { status, body } = await api.call("GET", "/dev/outbox");
    expect(status).toBe(200);
    const { mails } = OutboxAnswer.parse(body);
    expect(mails[0]).toMatchObject({ to: "family@example.com", template: "password_recovery", sent_at: null });
    expect(mails[0].body_text).toContain("{{portal_url}}/recover-password/");
    expect(mails.map((m) => m.id)).toEqual([...mails.map((m) => m.id)].sort((a, b) => b - a));
  });

  it("answers 404 in production", async () => {
    const production = await createTestApi({ devEndpoints: false });
    try {
      const { status } = await production.call("GET", "/dev/outbox");
      expect(status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
