/**
 * Sessions ("where you're signed in") and the activity log: what a customer and the account's other
 * contacts can tell from them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScheduledPauseDetailAnswer } from "#contract/accounts";
import { ActivityAnswer, SessionsAnswer, SignedOutOthersAnswer } from "#contract/activity";
import { AccessTokenAnswer } from "#contract/auth";
import { LinkSigner } from "../../api/service/notify-links.ts";
import { DEVELOPMENT_TWO_STEP_KEY } from "../../api/service/two-step-secrets.ts";
import { settleDue } from "../../api/service/settle.ts";
import { recordActivity } from "../../api/service/activity.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { DEMO_PASSWORD } from "./support/constants.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const HARBOURFRONT = 200301;
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** Signs in as the portal does: the browser's User-Agent and the client's address (trusted from loopback). */
async function signInFrom(username: string, userAgent: string, address: string) {
  const { status, body } = await api.call("POST", "/auth/access-token", {
    json: { username, password: DEMO_PASSWORD },
    headers: { "User-Agent": userAgent, "X-Forwarded-For": address },
  });
  expect(status).toBe(200);
  return AccessTokenAnswer.parse(body);
}

async function activity(token: string, customerId: number, query: Record<string, string | number> = {}) {
  const { status, body } = await api.call("GET", `/customers/${customerId}/activity`, { token, query });
  expect(status).toBe(200);
  return ActivityAnswer.parse(body);
}

describe("where you're signed in", () => {
  it("lists the user's sessions with browser, network and last seen, the current one first", async () => {
    const laptop = await signInFrom("family@example.com", FIREFOX, "203.0.113.77");
    const phone = await signInFrom("family@example.com", IPHONE, "2001:db8:abcd:12::1");
    const { status, body } = await api.call("GET", "/profile-settings/sessions", { token: phone.token });
    expect(status).toBe(200);
    const { sessions } = SessionsAnswer.parse(body);
    expect(sessions[0]).toMatchObject({ current: true, user_agent: IPHONE, network: "2001:db8:abcd::/48" });
    const other = sessions.find((s) => s.user_agent === FIREFOX)!;
    expect(other).toMatchObject({ current: false, network: "203.0.113.0/24" });
    // No address is kept, only its network.
    expect(JSON.stringify(body)).not.toContain("203.0.113.77");

    // A renewal is the session's "last seen".
    api.clock.now = new Date(api.clock.now.getTime() + 60 * 60_000);
    const renewed = await api.call("POST", "/auth/access-token", {
      json: { refresh_token: laptop.refresh_token },
      headers: { "X-Forwarded-For": "203.0.113.80" },
    });
    expect(renewed.status).toBe(200);
    const { token } = AccessTokenAnswer.parse(renewed.body);
    const after = SessionsAnswer.parse((await api.call("GET", "/profile-settings/sessions", { token })).body).sessions;
    expect(after.find((s) => s.user_agent === FIREFOX)!.last_seen_at).toBe(api.clock.now.toISOString());
  });

  it("signs out of one other session: its next request and its refresh token are refused", async () => {
    const laptop = await signInFrom("resi@example.com", FIREFOX, "203.0.113.7");
    const phone = await signInFrom("resi@example.com", IPHONE, "198.51.100.7");
    const { sessions } = SessionsAnswer.parse((await api.call("GET", "/profile-settings/sessions", { token: phone.token })).body);
    const laptopSession = sessions.find((s) => s.user_agent === FIREFOX && !s.current)!;
    expect((await api.call("GET", "/dashboard", { token: laptop.token })).status).toBe(200);

    const ended = await api.call("DELETE", `/profile-settings/sessions/${laptopSession.id}`, { token: phone.token });
    expect(ended.status).toBe(200);
    expect((await api.call("GET", "/dashboard", { token: laptop.token })).status).toBe(401);
    expect((await api.call("POST", "/auth/access-token", { json: { refresh_token: laptop.refresh_token } })).status).toBe(401);
    expect((await api.call("GET", "/dashboard", { token: phone.token })).status).toBe(200);
  });

  it("refuses to end the current session that way, and another user's session is not found", async () => {
    const mine = await signInFrom("resi@example.com", FIREFOX, "203.0.113.7");
    const theirs = await signInFrom("business@example.com", FIREFOX, "203.0.113.7");
    const own = SessionsAnswer.parse((await api.call("GET", "/profile-settings/sessions", { token: mine.token })).body).sessions[0];
    const other = SessionsAnswer.parse((await api.call("GET", "/profile-settings/sessions", { token: theirs.token })).body).sessions[0];
    const current = await api.call("DELETE", `/profile-settings/sessions/${own.id}`, { token: mine.token });
    expect(current.status).toBe(422);
    expect(current.body.errors).toEqual({ _form: ["_form.current"] });
    expect((await api.call("DELETE", `/profile-settings/sessions/${other.id}`, { token: mine.token })).status).toBe(404);
    expect((await api.call("GET", "/dashboard", { token: theirs.token })).status).toBe(200);
  });

  it("signs out everywhere else: every other session ends, this one stays", async () => {
    const first = await signInFrom("sam.gagnon@example.com", FIREFOX, "203.0.113.9");
    const second = await signInFrom("sam.gagnon@example.com", IPHONE, "203.0.113.9");
    const here = await signInFrom("sam.gagnon@example.com", FIREFOX, "198.51.100.9");
    const { status, body } = await api.call("POST", "/profile-settings/sessions/sign-out-others", { token: here.token });
    expect(status).toBe(200);
    expect(SignedOutOthersAnswer.parse(body).ended).toBeGreaterThanOrEqual(2);
    expect((await api.call("GET", "/dashboard", { token: first.token })).status).toBe(401);
    expect((await api.call("GET", "/dashboard", { token: second.token })).status).toBe(401);
    expect((await api.call("GET", "/dashboard", { token: here.token })).status).toBe(200);
    const left = SessionsAnswer.parse((await api.call("GET", "/profile-settings/sessions", { token: here.token })).body).sessions;
    expect(left.map((s) => s.current)).toEqual([true]);
  });
});

describe("the activity log", () => {
  it("shows business@ a role change another authoritative contact made, with who and when", async () => {
    const marie = await signInFrom("office@example.com", FIREFOX, "198.51.100.20");
    const priya = await api.signIn("business@example.com");
    const contacts = (await api.call("GET", `/customer/${HARBOURFRONT}/contacts`, { token: marie.token })).body.contacts as {
      contact_id: number;
      first_name: string;
      roles: string[];
    }[];
    const noah = contacts.find((c) => c.first_name === "Noah")!;
    const changed = await api.call("PUT", `/customer/${HARBOURFRONT}/contact/${noah.contact_id}`, {
      token: marie.token,
      json: { new_roles: ["billing", "notify", "support"] },
    });
    expect(changed.status).toBe(200);

    const log = await activity(priya, HARBOURFRONT);
    expect(log.scope).toBe("account");
    expect(log.events[0]).toMatchObject({
      kind: "contact_roles_changed",
      at: api.clock.now.toISOString(),
      actor: { name: "Marie Lavoie" },
      own: false,
      details: { contact_name: "Noah Williams", roles: ["billing", "notify", "support"], previous_roles: ["billing", "notify"] },
    });
  });

  it("records a sign-in from a browser and network not seen before, once", async () => {
    const ua = "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0";
    await signInFrom("office@example.com", ua, "192.0.2.44");
    await signInFrom("office@example.com", ua, "192.0.2.45");
    const priya = await api.signIn("business@example.com");
    const signIns = (await activity(priya, HARBOURFRONT, { kind: "new_device_sign_in" })).events.filter((e) => e.details.user_agent === ua);
    expect(signIns).toHaveLength(1);
    expect(signIns[0].details.network).toBe("192.0.2.0/24");
  });

  it("shows a contact without the authoritative role only their own actions", async () => {
    // business@ handles only billing and notices on 200305 (i % 5 === 4): a payment of theirs, and someone else's event.
    const account = 200305;
    const priya = await api.signIn("business@example.com");
    await api.db.transaction(async (tx) => {
      await recordActivity(tx, api.clock.now, account, 3, "payment", { amount: 10, method: "bank" });
      await recordActivity(tx, api.clock.now, account, 65, "wifi_changed", { setting: "wifi" });
    });
    const log = await activity(priya, account);
    expect(log.scope).toBe("own");
    expect(log.events.length).toBeGreaterThan(0);
    expect(log.events.every((e) => e.own)).toBe(true);
    expect(log.events.some((e) => e.kind === "wifi_changed")).toBe(false);
  });

  it("filters by kind and dates, pages, and refuses an end before the start", async () => {
    const priya = await api.signIn("business@example.com");
    const payments = await activity(priya, HARBOURFRONT, { kind: "payment" });
    expect(payments.events.length).toBeGreaterThan(0);
    expect(payments.events.every((e) => e.kind === "payment")).toBe(true);
    const day = api.clock.now.toISOString().slice(0, 10);
    const today = await activity(priya, HARBOURFRONT, { from_date: day, to_date: day });
    expect(today.events.every((e) => e.at.startsWith(day))).toBe(true);
    const paged = await activity(priya, HARBOURFRONT, { page_size: 2, page: 2 });
    expect(paged.events).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(3);
    const refused = await api.call("GET", `/customers/${HARBOURFRONT}/activity`, {
      token: priya,
      query: { from_date: "2026-11-10", to_date: "2026-11-01" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ to_date: ["to_date.before_from_date"] });
    expect((await api.call("GET", `/customers/${HARBOURFRONT}/activity`, { token: priya, query: { kind: "nope" } })).status).toBe(422);
    const resi = await api.signIn("resi@example.com");
    expect((await api.call("GET", `/customers/${HARBOURFRONT}/activity`, { token: resi })).status).toBe(403);
  });

  it("records stopping card autopay with the change, and nothing when the change is refused", async () => {
    const cottage = 100203;
    const family = await api.signIn("family@example.com");
    const stopped = async () => (await activity(family, cottage, { kind: "autopay_stopped" })).events;
    expect(await stopped()).toHaveLength(0);
    expect((await api.call("DELETE", `/billing/${cottage}/autopay`, { token: family })).status).toBe(200);
    expect(await stopped()).toMatchObject([{ own: true, details: { method: "credit_card" } }]);
    // Stopped already: refused, and no second event.
    expect((await api.call("DELETE", `/billing/${cottage}/autopay`, { token: family })).status).toBe(422);
    expect(await stopped()).toHaveLength(1);
  });

  it("tells a pause scheduled, changed and cancelled apart, with its dates, and records no refused change", async () => {
    const condo = 100202;
    const family = await api.signIn("family@example.com");
    const pauses = async () =>
      (await activity(family, condo)).events
        .filter((e) => e.kind.startsWith("pause_"))
        .map((e) => [e.kind, e.details.starts_on, e.details.ends_on]);
    const detail = await api.call("GET", `/services/${condo}/scheduled-pause-detail`, { token: family, query: { package_ids: "5201" } });
    const [seeded] = ScheduledPauseDetailAnswer.parse(detail.body).packages[0]!.scheduled_pauses;
    const path = `/services/${condo}/scheduled-pause/${seeded!.pause_id}`;
    expect((await api.call("PUT", path, { token: family, json: { start_date: "2027-01-01", months: 7 } })).status).toBe(422);
    expect(await pauses()).toEqual([]);
    expect((await api.call("PUT", path, { token: family, json: { start_date: "2026-12-15", months: 2 } })).status).toBe(200);
    expect((await api.call("DELETE", path, { token: family })).status).toBe(200);
    const added = await api.call("POST", `/services/${condo}/scheduled-pause`, {
      token: family,
      json: { package_ids: [5201], start_date: "2027-03-01", months: 1 },
    });
    expect(added.status).toBe(201);
    // Newest first.
    expect(await pauses()).toEqual([
      ["pause_scheduled", "2027-03-01", "2027-04-01"],
      ["pause_cancelled", "2026-12-15", "2027-02-15"],
      ["pause_changed", "2026-12-15", "2027-02-15"],
    ]);
  });

  it("the settling job deletes events older than two years, and keeps the rest", async () => {
    const old = new Date(api.clock.now.getTime() - 731 * 86_400_000);
    const recent = new Date(api.clock.now.getTime() - 729 * 86_400_000);
    await recordActivity(api.db, old, HARBOURFRONT, 3, "payment", { amount: 1, method: "bank" });
    await recordActivity(api.db, recent, HARBOURFRONT, 3, "payment", { amount: 2, method: "bank" });
    const result = await settleDue(api.db, new LinkSigner(DEVELOPMENT_TWO_STEP_KEY), api.clock.now);
    expect(result.activityPurged).toBe(1);
    const kept = await api.db.query<{ created_at: Date }>("SELECT created_at FROM activity_log WHERE created_at < $1", [
      new Date(api.clock.now.getTime() - 700 * 86_400_000),
    ]);
    expect(kept.map((row) => new Date(row.created_at).toISOString())).toEqual([recent.toISOString()]);
  });
});
