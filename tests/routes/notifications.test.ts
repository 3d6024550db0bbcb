/**
 * Notification preferences (/profile-settings/notifications), the unsubscribe page opened from an e-mail
 * without signing in (/unsubscribe/{token}), and the development outbox (/dev/outbox, 404 in production);
 * msw answers as the API.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import * as outboxPage from "../../app/routes/dev/outbox.tsx";
import * as notificationsPage from "../../app/routes/profile/notifications.tsx";
import * as unsubscribePage from "../../app/routes/profile/unsubscribe.tsx";
import type { NotificationPreferencesAnswer } from "#contract/notifications";
import { on, refuse, reply } from "../mocks/contract.ts";
import { UNSUBSCRIBE_TOKEN, notificationAccounts } from "../mocks/notifications.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

type Handler = (args: any) => unknown;
const PAGE = "/profile-settings/notifications";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** Posts the form as a browser does: one `kinds` field per ticked box. */
const post = async (fields: [string, string][]) =>
  callRoute<any>(notificationsPage.action as Handler, {
    url: PAGE,
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware],
  });

/** Records what is asked of the API. */
function saves() {
  const asked: { customerId: string; fields: Record<string, string> }[] = [];
  server.use(
    on("PUT /profile-settings/notifications/{customerId}", async ({ request, params }) => {
      const form = await request.formData();
      asked.push({ customerId: String(params.customerId), fields: Object.fromEntries([...form].map(([k, v]) => [k, String(v)])) });
      const account = notificationAccounts.accounts.find((a) => String(a.customer_id) === String(params.customerId));
      return account
        ? Response.json({ success: true, account: { ...account, preferences: { ...account.preferences, payments: false } } })
        : refuse(403);
    }),
  );
  return asked;
}

describe("the notification preferences page", () => {
  it("shows every account the user is a contact of, with its choices", async () => {
    const result = await callRoute<any>(notificationsPage.loader as Handler, {
      url: PAGE,
      cookie: await signedInCookie(),
      middleware: [requireUserMiddleware],
    });
    expect(result.status).toBe(200);
    expect(result.data.accounts).toEqual(notificationAccounts.accounts);
  });

  it("saves one account's ticked boxes, every other kind off, and comes back with a notice", async () => {
    const asked = saves();
    const result = await post([
      ["customer_id", "100101"],
      ["kinds", "bill_ready"],
      ["kinds", "autopay"],
    ]);
    expect(result.status).toBe(302);
    expect(result.location).toBe(PAGE);
    expect(asked).toEqual([
      {
        customerId: "100101",
        fields: { bill_ready: "true", payments: "false", autopay: "true", ticket_replies: "false", outages: "false" },
      },
    ]);
  });

  it("turns everything off when no box is ticked", async () => {
    const asked = saves();
    expect((await post([["customer_id", "200301"]])).status).toBe(302);
    expect(Object.values(asked[0].fields)).toEqual(["false", "false", "false", "false", "false"]);
  });

  it.each<[string, [string, string][], string]>([
    [
      "an unknown kind",
      [
        ["customer_id", "100101"],
        ["kinds", "marketing"],
      ],
      "api:kinds.invalid",
    ],
    ["no account", [["kinds", "payments"]], "api:customer_id.invalid"],
    ["an account that is not a number", [["customer_id", "abc"]], "api:customer_id.invalid"],
  ])("answers 400 with the page and a translated message for %s, asking nothing", async (_name, fields, message) => {
    const asked = saves();
    const result = await post(fields);
    expect(result.status).toBe(400);
    expect(Object.values(result.data.result.error).flat()).toContain(message);
    expect(asked).toEqual([]);
  });

  it("answers 403 with the page for an account that is not the user's", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const asked = saves();
    const result = await post([
      ["customer_id", "999999"],
      ["kinds", "payments"],
    ]);
    expect(result.status).toBe(403);
    expect(asked).toHaveLength(1);
  });
});

describe("the notification preferences of a contact of many accounts", () => {
  // 23 accounts: "Branch 1" to "Branch 23", customer ids 300001 to 300023.
  const many: NotificationPreferencesAnswer = {
    accounts: Array.from({ length: 23 }, (_, i) => ({
      customer_id: 300001 + i,
      contract_name: `Branch ${i + 1}`,
      account_number: `BUS-${300001 + i}`,
      preferences: notificationAccounts.accounts[0].preferences,
    })),
  };
  const open = async (search: string) => {
    server.use(on("GET /profile-settings/notifications", () => reply("GET /profile-settings/notifications", many)));
    return callRoute<any>(notificationsPage.loader as Handler, {
      url: `${PAGE}${search}`,
      cookie: await signedInCookie(),
      middleware: [requireUserMiddleware],
    });
  };
  const names = (result: any) => result.data.accounts.map((a: { contract_name: string }) => a.contract_name);

  it("shows ten accounts a page, the page asked for, and how many there are", async () => {
    const first = await open("");
    expect(first.status).toBe(200);
    expect(names(first)).toEqual(Array.from({ length: 10 }, (_, i) => `Branch ${i + 1}`));
    expect(first.data).toMatchObject({ page: 1, pages: 3, total: 23, matched: 23, from: 1 });
    const last = await open("?page=3");
    expect(names(last)).toEqual(["Branch 21", "Branch 22", "Branch 23"]);
    expect(last.data).toMatchObject({ page: 3, from: 21 });
  });

  it.each([["?page=abc"], ["?page=-2"], ["?page=0"], ["?page=1.5"]])("shows the first page for %s", async (search) => {
    const result = await open(search);
    expect(result.status).toBe(200);
    expect(result.data.page).toBe(1);
    expect(names(result)[0]).toBe("Branch 1");
  });

  it("sends a page past the end to the last page, keeping the search", async () => {
    expect((await open("?page=9")).location).toBe(`${PAGE}?page=3`);
    expect((await open("?q=branch%202&page=4")).location).toBe(`${PAGE}?q=branch+2`);
  });

  it("finds accounts by name (ignoring case), customer id or account number", async () => {
    const byName = await open("?q=BRANCH%202");
    expect(names(byName)).toEqual(["Branch 2", "Branch 20", "Branch 21", "Branch 22", "Branch 23"]);
    expect(byName.data).toMatchObject({ q: "BRANCH 2", matched: 5, total: 23, pages: 1 });
    expect(names(await open("?q=300007"))).toEqual(["Branch 7"]);
    expect(names(await open("?q=bus-300011"))).toEqual(["Branch 11"]);
    const none = await open("?q=nothing%20like%20this");
    expect(none.status).toBe(200);
    expect(none.data).toMatchObject({ accounts: [], matched: 0, total: 23 });
  });

  it("comes back to the page and search the form was posted from", async () => {
    saves();
    const result = await callRoute<any>(notificationsPage.action as Handler, {
      url: `${PAGE}?q=harbour&page=2&other=x`,
      method: "POST",
      body: new URLSearchParams([["customer_id", "200301"]]).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      cookie: await signedInCookie(),
      middleware: [requireUserMiddleware],
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${PAGE}?q=harbour&page=2`);
  });
});

describe("the unsubscribe page, signed out", () => {
  const open = (token: string, method: "GET" | "POST" = "GET") =>
    callRoute<any>((method === "GET" ? unsubscribePage.loader : unsubscribePage.action) as Handler, {
      url: `/unsubscribe/${token}`,
      method,
      params: { token },
      ...(method === "POST" ? { form: {} } : {}),
    });

  it("says what the link turns off and changes nothing on GET", async () => {
    let posted = 0;
    server.use(on("POST /unsubscribe/{token}", () => (posted++, refuse(500))));
    const result = await open(UNSUBSCRIBE_TOKEN);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      gone: false,
      link: { kind: "payments", contract_name: "Maya Singh", email: "r***@example.com", subscribed: true },
    });
    expect(posted).toBe(0);
  });

  it("turns it off on a plain POST and says it is done", async () => {
    const result = await open(UNSUBSCRIBE_TOKEN, "POST");
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ done: true, kind: "payments", contractName: "Maya Singh" });
  });

  it("shows the link-gone page for a forged or expired link, on GET and POST", async () => {
    const forged = `${UNSUBSCRIBE_TOKEN.slice(0, -2)}xx`;
    expect((await open(forged)).data).toEqual({ gone: true });
    expect((await open(forged, "POST")).data).toEqual({ done: false });
    expect((await open("short")).data).toEqual({ gone: true });
  });
});

describe("the development outbox", () => {
  const open = () => callRoute<any>(outboxPage.loader as Handler, { url: "/dev/outbox" });

  it("lists the outbox with this portal's address in its links", async () => {
    const result = await open();
    expect(result.status).toBe(200);
    expect(result.data.mails[0].body_text).toContain("http://portal.test/recover-password/abc123");
    expect(result.data.mails.map((m: { id: number }) => m.id)).toEqual([2, 1]);
  });

  it("answers 404 in production, asking the API nothing", async () => {
    let asked = 0;
    server.use(on("GET /dev/outbox", () => (asked++, refuse(500))));
    vi.stubEnv("NODE_ENV", "production");
    const result = await open();
    expect(result.status).toBe(404);
    expect(asked).toBe(0);
  });

  it("answers 404 when the API refuses it (an API in production)", async () => {
    server.use(on("GET /dev/outbox", () => refuse(404)));
    expect((await open()).status).toBe(404);
  });
});
