/**
 * The revision reads of page requests that arrive together (app/lib/revision-reads.server.ts): one API
 * call for all of them, each page tagged with its own read's answer, nothing shared across turns.
 */
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RevisionsRequest } from "#contract/dashboard";
import { ApiBudget } from "../../app/lib/api-budget.server.ts";
import { ApiClient } from "../../app/lib/api.server.ts";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { privatePagesMiddleware } from "../../app/lib/cache.server.ts";
import { conditionalMiddleware } from "../../app/lib/conditional.server.ts";
import { readRevision } from "../../app/lib/revision-reads.server.ts";
import { sessionCookieFor } from "../../app/lib/session.server.ts";
import { loader as dashboardLoader } from "../../app/routes/dashboard.tsx";
import { REFRESH_TOKEN, accessToken, revision } from "../mocks/fixtures.ts";
import { API } from "../mocks/handlers.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute } from "../support/route.ts";

const middleware = [privatePagesMiddleware, requireUserMiddleware, conditionalMiddleware];

async function view(cookie: string, etag?: string | null) {
  const loader = vi.fn(dashboardLoader);
  const result = await callRoute<unknown>(loader, {
    url: "/dashboard/100101",
    params: { customerId: "100101" },
    cookie,
    headers: etag ? { "If-None-Match": etag } : {},
    middleware,
  });
  return { status: result.status, etag: result.headers.get("ETag"), rendered: loader.mock.calls.length > 0 };
}

/** Two customers (users 1 and 2), each with a session. */
async function customers() {
  const tokens = [await accessToken(900, "1"), await accessToken(900, "2")];
  const cookies = await Promise.all(tokens.map((token) => sessionCookieFor({ accessToken: token, refreshToken: REFRESH_TOKEN })));
  return { tokens, cookies };
}

/** The API's revisions by access token, answered by GET /revision and POST /revisions alike; the bodies of the batches. */
function revisionsByToken(byToken: Map<string, string | 401 | 403>) {
  const batches: RevisionsRequest[] = [];
  const answer = (token: string) => {
    const value = byToken.get(token) ?? 401;
    return typeof value === "string" ? { status: 200 as const, ...revision, revision: value } : { status: value };
  };
  server.use(
    http.get(`${API}/revision`, ({ request }) => {
      const { status, ...body } = answer(request.headers.get("Authorization")!.replace("Bearer ", ""));
      return status === 200 ? HttpResponse.json(body) : HttpResponse.json({ success: false, message: "refused" }, { status });
    }),
    http.post(`${API}/revisions`, async ({ request }) => {
      const body = (await request.json()) as RevisionsRequest;
      batches.push(body);
      return HttpResponse.json({ answers: body.reads.map((read) => answer(read.token)) });
    }),
  );
  return batches;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("revision reads of requests that arrive together", () => {
  it("are one POST /revisions for several customers, one read per session, each page tagged with its own answer", async () => {
    const { tokens, cookies } = await customers();
    const byToken = new Map<string, string | 401 | 403>([
      [tokens[0], "1.1.1.2026-11-15.0"],
      [tokens[1], "1.2.7.2026-11-15.0"],
    ]);
    const batches = revisionsByToken(byToken);
    // One after the other: a read each (GET), and the tags.
    const tags = [(await view(cookies[0])).etag, (await view(cookies[1])).etag];
    expect(tags[0]).toBeTruthy();
    expect(tags[1]).not.toBe(tags[0]);
    expect(batches).toEqual([]);

    const calls = recordApiCalls();
    const views = await Promise.all([view(cookies[0], tags[0]), view(cookies[1], tags[1]), view(cookies[0], tags[0])]);
    expect(views.map((v) => v.status)).toEqual([304, 304, 304]);
    expect(views.some((v) => v.rendered)).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /revisions"]);
    // The batch call carries no session's token of its own: each read carries its own.
    expect(calls[0].authorization).toBeNull();
    expect(batches).toEqual([
      {
        reads: [
          { token: tokens[0], customer_id: 100101 },
          { token: tokens[1], customer_id: 100101 },
        ],
      },
    ]);

    // Customer 2's data changed: only their page is made again.
    byToken.set(tokens[1], "1.2.8.2026-11-15.0");
    const after = await Promise.all([view(cookies[0], tags[0]), view(cookies[1], tags[1])]);
    expect(after.map((v) => v.status)).toEqual([304, 200]);
    expect(after[1].rendered).toBe(true);
    expect(after[1].etag).not.toBe(tags[1]);
  });

  it("the same read asked by requests of one session at once is one GET /revision", async () => {
    const { tokens, cookies } = await customers();
    const batches = revisionsByToken(new Map([[tokens[0], "1.1.1.2026-11-15.0"]]));
    const tag = (await view(cookies[0])).etag;
    const calls = recordApiCalls();
    const views = await Promise.all([view(cookies[0], tag), view(cookies[0], tag), view(cookies[0], tag)]);
    expect(views.map((v) => v.status)).toEqual([304, 304, 304]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /revision"]);
    expect(batches).toEqual([]);
  });

  it("are never shared across turns: a request that arrives while a read is under way reads again", async () => {
    const { tokens, cookies } = await customers();
    const byToken = new Map<string, string | 401 | 403>([[tokens[0], "1.1.1.2026-11-15.0"]]);
    revisionsByToken(byToken);
    const tag = (await view(cookies[0])).etag;
    // The next read waits at the API until released.
    let started!: () => void;
    const readStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(
        `${API}/revision`,
        async () => {
          const answer = { ...revision, revision: byToken.get(tokens[0]) as string };
          started();
          await released;
          return HttpResponse.json(answer);
        },
        { once: true },
      ),
    );
    const calls = recordApiCalls();
    const first = view(cookies[0], tag);
    await readStarted;
    // Something is written while the first read is under way; then the next request arrives.
    byToken.set(tokens[0], "1.1.2.2026-11-15.0");
    const second = view(cookies[0], tag);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const views = await Promise.all([first, second]);
    expect(calls.filter((c) => c.path === "/revision")).toHaveLength(2);
    expect(views.map((v) => v.status)).toEqual([304, 200]);
  });

  it("a read the API refuses gives that page no tag (it is made), the others still answer 304", async () => {
    const { tokens, cookies } = await customers();
    const byToken = new Map<string, string | 401 | 403>([
      [tokens[0], "1.1.1.2026-11-15.0"],
      [tokens[1], "1.2.7.2026-11-15.0"],
    ]);
    revisionsByToken(byToken);
    const tags = [(await view(cookies[0])).etag, (await view(cookies[1])).etag];
    byToken.set(tokens[1], 403);
    const views = await Promise.all([view(cookies[0], tags[0]), view(cookies[1], tags[1])]);
    expect(views[0].status).toBe(304);
    expect(views[1].status).not.toBe(304);
    expect(views[1].rendered).toBe(true);
    expect(views[1].etag).toBeNull();
  });

  it("when the batch call fails, every page is made, none answers 304 on an old tag", async () => {
    const { tokens, cookies } = await customers();
    revisionsByToken(
      new Map([
        [tokens[0], "1.1.1.2026-11-15.0"],
        [tokens[1], "1.2.7.2026-11-15.0"],
      ]),
    );
    const tags = [(await view(cookies[0])).etag, (await view(cookies[1])).etag];
    server.use(http.post(`${API}/revisions`, () => HttpResponse.json({ success: false, message: "down" }, { status: 503 })));
    const views = await Promise.all([view(cookies[0], tags[0]), view(cookies[1], tags[1])]);
    expect(views.map((v) => v.status)).toEqual([200, 200]);
    expect(views.every((v) => v.rendered && v.etag === null)).toBe(true);
  });
});

describe("revision reads and each page's time for the API", () => {
  const page = (budget: ApiBudget) =>
    new ApiClient({ baseUrl: API, language: "en", timeoutMs: 3000, budget, request: new Request("http://portal.test/dashboard/100101") });

  it("a page whose time is spent gets no revision, without cutting short the read it shares with the others", async () => {
    const token = await accessToken(900, "1");
    const spent = new ApiBudget(20);
    await spent.run(() => new Promise((resolve) => setTimeout(resolve, 30)));
    const calls = recordApiCalls();
    // The spent page asks first: the read is made with its client, for both.
    const [first, second] = await Promise.all([
      readRevision(page(spent), token, undefined),
      readRevision(page(new ApiBudget(3000)), token, undefined),
    ]);
    expect(first).toBeUndefined();
    expect(second).toEqual({ revision: revision.revision, user: revision.user });
    expect(calls.map((c) => c.path)).toEqual(["/revision"]);
  });

  it("a page whose time is spent does not ask: no call for nobody", async () => {
    const token = await accessToken(900, "1");
    const spent = new ApiBudget(20);
    await spent.run(() => new Promise((resolve) => setTimeout(resolve, 30)));
    const calls = recordApiCalls();
    expect(await readRevision(page(spent), token, undefined)).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([]);
  });
});
