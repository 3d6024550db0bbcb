/**
 * "Where you're signed in" (/profile-settings/sessions) and an account's activity log (/account-activity/{id} and
 * its CSV): the sessions in words, signing out of one or of every other, the log's filter refused before the API
 * is asked, its pages, and a CSV a spreadsheet opens safely (msw answers as the API).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActivityAnswer, ActivityEvent, SessionRecord } from "#contract/activity";
import { toCsvWithBom } from "../../app/lib/activity-words.server.ts";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as activityPage from "../../app/routes/profile/activity.tsx";
import * as activityCsv from "../../app/routes/profile/activity-csv.ts";
import * as sessionsPage from "../../app/routes/profile/sessions.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;

const call = async (handler: Handler, url: string, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

afterEach(() => vi.restoreAllMocks());

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const session = (over: Partial<SessionRecord>): SessionRecord => ({
  id: "s-1",
  current: false,
  user_agent: FIREFOX_WINDOWS,
  network: "203.0.113.0/24",
  created_at: "2026-11-20T14:00:00.000Z",
  last_seen_at: "2026-11-26T15:00:00.000Z",
  ...over,
});

function sessionsAre(sessions: SessionRecord[]) {
  server.use(on("GET /profile-settings/sessions", () => reply("GET /profile-settings/sessions", { sessions })));
}

/** Records the sign-outs asked of the API. */
function signOutsAsked(endOne: () => Response = () => reply("DELETE /profile-settings/sessions/{sessionId}", { success: true })) {
  const asked: string[] = [];
  server.use(
    on("DELETE /profile-settings/sessions/{sessionId}", ({ params }) => {
      asked.push(`one ${String(params.sessionId)}`);
      return endOne();
    }),
    on("POST /profile-settings/sessions/sign-out-others", () => {
      asked.push("others");
      return reply("POST /profile-settings/sessions/sign-out-others", { success: true, ended: 2 });
    }),
  );
  return asked;
}

describe("where you're signed in", () => {
  it("lists the sessions in words: browser and device, network, this device first", async () => {
    sessionsAre([
      session({ id: "here", current: true }),
      session({ id: "phone", user_agent: SAFARI_IPHONE, network: null }),
      session({ id: "unknown", user_agent: null }),
    ]);
    const result = await call(sessionsPage.loader as Handler, "/profile-settings/sessions");
    expect(result.status).toBe(200);
    const [here, phone, unknown] = result.data.sessions;
    expect(here).toMatchObject({ id: "here", current: true, network: "Network 203.0.113.0/24" });
    expect(here.device).toMatch(/Firefox/);
    expect(here.device).toMatch(/Windows/);
    expect(phone.device).toMatch(/Safari/);
    expect(phone.device).toMatch(/iPhone/);
    expect(phone.network).not.toContain("null");
    expect(unknown.device).not.toBe("");
  });

  it("signs out one other session, or every other, then shows the list again", async () => {
    const asked = signOutsAsked();
    const one = await call(sessionsPage.action as Handler, "/profile-settings/sessions", {
      method: "POST",
      form: { intent: "one", session_id: "phone" },
    });
    expect(one.status).toBe(302);
    expect(one.location).toBe("/profile-settings/sessions");
    const others = await call(sessionsPage.action as Handler, "/profile-settings/sessions", { method: "POST", form: { intent: "others" } });
    expect(others.status).toBe(302);
    expect(asked).toEqual(["one phone", "others"]);
  });

  it("says so, changing nothing, when the session ended meanwhile", async () => {
    const asked = signOutsAsked(() => refuse(404));
    const result = await call(sessionsPage.action as Handler, "/profile-settings/sessions", {
      method: "POST",
      form: { intent: "one", session_id: "gone" },
    });
    expect(result.status).toBe(302);
    expect(asked).toEqual(["one gone"]);
  });

  it("answers 4xx to a post that is neither button, or not a form, saying why on the page, asking nothing of the API", async () => {
    const asked = signOutsAsked();
    const neither = await call(sessionsPage.action as Handler, "/profile-settings/sessions", { method: "POST", form: { intent: "all" } });
    expect(neither.status).toBe(400);
    expect(neither.data.result.error).toEqual({ "": ["common:formErrors.unreadable"] });
    const json = await call(sessionsPage.action as Handler, "/profile-settings/sessions", {
      method: "POST",
      body: JSON.stringify({ intent: "others" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(json.status).toBe(415);
    expect(json.data.result.error).toEqual({ "": ["common:formErrors.unsupported"] });
    expect(asked).toEqual([]);
  });
});

const event = (over: Partial<ActivityEvent>): ActivityEvent => ({
  id: 1,
  kind: "contact_roles_changed",
  at: "2026-11-26T15:04:00.000Z",
  actor: { user_id: 70, name: "Marie Lavoie" },
  own: false,
  details: { contact_name: "Priya Raman", roles: ["billing", "support"], previous_roles: ["billing"] },
  ...over,
});

/** The API's log for 200301, recording what the page asked. */
function logIs(events: ActivityEvent[], extra: Partial<ActivityAnswer> = {}) {
  const asked: URLSearchParams[] = [];
  server.use(
    on("GET /customers/{customerId}/activity", ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const page = Number(query.get("page") ?? 1);
      const size = Number(query.get("page_size") ?? 50);
      return reply("GET /customers/{customerId}/activity", {
        events: events.slice((page - 1) * size, page * size),
        scope: "account",
        page,
        page_size: size,
        total: events.length,
        ...extra,
      });
    }),
  );
  return asked;
}

const ACTIVITY = "/account-activity/200301";
const params = { customerId: "200301" };

describe("an account's activity log", () => {
  it("lists who did what and when in words, and passes the filter to the API", async () => {
    const asked = logIs([event({})]);
    const result = await call(activityPage.loader as Handler, `${ACTIVITY}?kind=contact_roles_changed&from_date=2026-11-01`, { params });
    expect(result.status).toBe(200);
    expect(result.data.log.scope).toBe("account");
    expect(result.data.log.events[0].who).toBe("Marie Lavoie");
    expect(result.data.log.events[0].what).toContain("Priya Raman");
    expect(asked[0].get("kind")).toBe("contact_roles_changed");
    expect(asked[0].get("from_date")).toBe("2026-11-01");
    expect(result.data.csvHref).toBe("/account-activity/200301/activity.csv?kind=contact_roles_changed&from_date=2026-11-01");
  });

  it("refuses a filter that does not hold next to its field (400), without asking the API", async () => {
    const asked = logIs([event({})]);
    const result = await call(activityPage.loader as Handler, `${ACTIVITY}?kind=everything&from_date=2026-11-20&to_date=2026-11-01`, {
      params,
    });
    expect(result.status).toBe(400);
    expect(Object.keys(result.data.errors).sort()).toEqual(["kind", "to_date"]);
    expect(result.data.log).toBeNull();
    expect(asked).toEqual([]);
  });

  it("is in French with ?lng=fr", async () => {
    logIs([event({ kind: "payment", details: { amount: 163.85, method: "credit_card" } })]);
    const result = await call(activityPage.loader as Handler, `${ACTIVITY}?lng=fr`, { params });
    expect(result.data.log.events[0].what).toContain("163,85\u00a0$");
  });

  it("downloads every page of the filter as CSV with a byte order mark, headers in the page's language, formulas defused", async () => {
    const many = Array.from({ length: 520 }, (_, i) => event({ id: i + 1 }));
    many[0] = event({ id: 1, kind: "contact_added", details: { contact_name: '=HYPERLINK("http://x")', roles: ["billing"] } });
    const asked = logIs(many);
    const result = await call(activityCsv.loader as Handler, `${ACTIVITY}/activity.csv?kind=contact_added`, { params });
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(result.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+200301.*\.csv"$/);
    // The body as text has lost its byte order mark (the decoder takes it); the writer puts one first.
    expect(toCsvWithBom([["a"]]).charCodeAt(0)).toBe(0xfeff);
    const lines = result.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(521);
    expect(lines[0]).toBe("Date and time (UTC),Who,Kind,What");
    expect(lines[1]).not.toMatch(/,=HYPERLINK/);
    expect(lines[1]).not.toMatch(/,"=HYPERLINK/);
    expect(asked.map((q) => q.get("page"))).toEqual(["1", "2"]);
    const fr = await call(activityCsv.loader as Handler, `${ACTIVITY}/activity.csv?lng=fr`, { params });
    expect(fr.body.split(/\r?\n/)[0]).not.toBe(lines[0]);
  });

  it("sends a CSV asked with a filter that does not hold back to the page, which says why", async () => {
    const asked = logIs([]);
    const result = await call(activityCsv.loader as Handler, `${ACTIVITY}/activity.csv?from_date=yesterday`, { params });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${ACTIVITY}?from_date=yesterday`);
    expect(asked).toEqual([]);
  });

  it("sends a page past the last one to the last, keeping the filter and the language", async () => {
    const many = Array.from({ length: 30 }, (_, i) => event({ id: i + 1 }));
    logIs(many);
    for (const asked of ["3", "99999"]) {
      const past = await call(activityPage.loader as Handler, `${ACTIVITY}?kind=contact_roles_changed&page=${asked}&lng=fr`, { params });
      expect(past.status).toBe(302);
      expect(past.location).toBe(`${ACTIVITY}?kind=contact_roles_changed&page=2&lng=fr`);
    }
    const last = await call(activityPage.loader as Handler, `${ACTIVITY}?page=2`, { params });
    expect(last.status).toBe(200);
    expect(last.data.log).toMatchObject({ page: 2, pages: 2 });
    expect(last.data.log.events).toHaveLength(5);
  });

  it("sends a later page of a log with one page, or none, to the first, without a page in the address", async () => {
    logIs([event({})]);
    expect((await call(activityPage.loader as Handler, `${ACTIVITY}?page=3`, { params })).location).toBe(ACTIVITY);
    logIs([]);
    const none = await call(activityPage.loader as Handler, `${ACTIVITY}?from_date=2026-11-01&page=2`, { params });
    expect(none.status).toBe(302);
    expect(none.location).toBe(`${ACTIVITY}?from_date=2026-11-01`);
    // Only a log that truly has nothing says so, on its one page.
    const empty = await call(activityPage.loader as Handler, ACTIVITY, { params });
    expect(empty.status).toBe(200);
    expect(empty.data.log).toMatchObject({ page: 1, pages: 1, events: [] });
  });

  it("answers 403 for an account that is not the user's", async () => {
    const result = await call(activityPage.loader as Handler, "/account-activity/555555", { params: { customerId: "555555" } });
    expect(result.status).toBe(403);
  });
});
