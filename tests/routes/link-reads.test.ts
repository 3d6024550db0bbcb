/**
 * The reads about e-mailed links of link pages that arrive together (app/lib/link-reads.server.ts): one
 * API call for all of them (POST /link-answers), each page tagged with its own link's answer, the same tag
 * whichever way its read went, nothing shared across languages.
 */
import { http, HttpResponse } from "msw";
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { LinkAnswersRequest } from "#contract/auth-flows";
import { privatePagesMiddleware } from "../../app/lib/cache.server.ts";
import { requestInfoContext } from "../../app/lib/request-info.ts";
import { loader, middleware } from "../../app/routes/auth-flows/recover-password.tsx";
import { on } from "../mocks/contract.ts";
import { API } from "../mocks/handlers.ts";
import { recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute } from "../support/route.ts";

let renders = 0;

/** A view of /recover-password with this visitor's link, through the route's middleware and loader. */
async function view(token: string, { etag, language = "en" }: { etag?: string | null; language?: string } = {}) {
  const before = renders;
  const result = await callRoute<string>(
    async (args: { context: RouterContextProvider }) => {
      const loaded = (await loader(args as never)) as { init?: { status?: number } } | undefined;
      renders += 1;
      const nonce = args.context.get(requestInfoContext).cspNonce;
      return new Response(`<!DOCTYPE html><script nonce="${nonce}">render ${renders}</script>`, {
        status: loaded?.init?.status ?? 200,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    },
    {
      url: "/recover-password",
      cookie: `__link_recover=${encodeURIComponent(`/recover-password ${token}`)}`,
      headers: { "Accept-Language": language, ...(etag ? { "If-None-Match": etag } : {}) },
      middleware: [privatePagesMiddleware, ...middleware],
    },
  );
  return { status: result.status, etag: result.headers.get("ETag"), rendered: renders > before };
}

const links = ["first-visitor-link-0001", "second-visitor-link-0002", "third-visitor-link-0003"];

/** The API's answer about each link (a changed expiry is a changed answer), by GET and in batches alike; the bodies of the batches. */
function linksAnswered(expiries: Map<string, string>, failing?: string) {
  const batches: LinkAnswersRequest[] = [];
  const answer = (token: string) => {
    const expires = expiries.get(token);
    return expires
      ? { status: 200, body: { status: "valid", username: "r***@example.com", expires_at: expires } }
      : { status: 404, body: { success: false, message: "Link not found" } };
  };
  server.use(
    on("GET /auth/recover-password/{token}", ({ params }) => {
      const { status, body } = answer(params.token as string);
      return HttpResponse.json(body, { status });
    }),
    http.post(`${API}/link-answers`, async ({ request }) => {
      const body = (await request.json()) as LinkAnswersRequest;
      batches.push(body);
      const token = (read: { path: string }) => read.path.split("/").at(-1)!;
      const answers = body.reads.map((read) =>
        token(read) === failing ? { status: 500, body: { success: false, message: "Internal server error" } } : answer(token(read)),
      );
      return HttpResponse.json({ answers });
    }),
  );
  return batches;
}

const expiring = () => new Map(links.map((link, i) => [link, `2026-12-0${i + 1}T09:00:00Z`]));

describe("link reads of pages that arrive together", () => {
  it("are one POST /link-answers for several visitors, each page tagged with its own link's answer", async () => {
    const expiries = expiring();
    const batches = linksAnswered(expiries);
    // One after the other: a GET each, and the tags.
    const tags: (string | null)[] = [];
    for (const link of links) tags.push((await view(link)).etag);
    expect(new Set(tags).size).toBe(3);
    expect(batches).toEqual([]);

    const calls = recordApiCalls();
    const views = await Promise.all(links.map((link, i) => view(link, { etag: tags[i] })));
    // The tags of the reads that went alone (GET) are the tags of the batch's answers.
    expect(views.map((v) => v.status)).toEqual([304, 304, 304]);
    expect(views.some((v) => v.rendered)).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /link-answers"]);
    expect(calls[0].authorization).toBeNull();
    expect(batches).toEqual([{ reads: links.map((link) => ({ path: `/auth/recover-password/${link}`, language: "en" })) }]);

    // The second link was used: only its page is made again, with another tag.
    expiries.delete(links[1]);
    const after = await Promise.all(links.map((link, i) => view(link, { etag: tags[i] })));
    expect(after.map((v) => v.status)).toEqual([304, 404, 304]);
    expect(after[1].rendered).toBe(true);
    expect(after[1].etag).not.toBe(tags[1]);
  });

  it("the same link in the same language asked at once is one GET; another language is a read of its own", async () => {
    const batches = linksAnswered(expiring());
    const tag = (await view(links[0])).etag;
    const calls = recordApiCalls();
    const views = await Promise.all([view(links[0], { etag: tag }), view(links[0], { etag: tag }), view(links[0], { etag: tag })]);
    expect(views.map((v) => v.status)).toEqual([304, 304, 304]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /auth/recover-password/${links[0]}`]);
    expect(batches).toEqual([]);

    const frenchTag = (await view(links[0], { language: "fr" })).etag;
    expect(frenchTag).not.toBe(tag);
    const both = await Promise.all([view(links[0], { etag: tag }), view(links[0], { etag: frenchTag, language: "fr" })]);
    expect(both.map((v) => v.status)).toEqual([304, 304]);
    expect(batches.at(-1)).toEqual({
      reads: [
        { path: `/auth/recover-password/${links[0]}`, language: "en" },
        { path: `/auth/recover-password/${links[0]}`, language: "fr" },
      ],
    });
  });

  it("when the batch call fails, every page is made, none answers 304 on an old tag", async () => {
    linksAnswered(expiring());
    const tags = [(await view(links[0])).etag, (await view(links[1])).etag];
    server.use(http.post(`${API}/link-answers`, () => HttpResponse.json({ success: false, message: "down" }, { status: 503 })));
    const views = await Promise.all([view(links[0], { etag: tags[0] }), view(links[1], { etag: tags[1] })]);
    expect(views.map((v) => v.status)).toEqual([200, 200]);
    expect(views.every((v) => v.rendered && v.etag === null)).toBe(true);
  });

  it("a read the batch answers with neither the link nor its refusal leaves that page untagged, the others answer 304", async () => {
    linksAnswered(expiring(), links[1]);
    const tags = [(await view(links[0])).etag, (await view(links[1])).etag];
    const views = await Promise.all([view(links[0], { etag: tags[0] }), view(links[1], { etag: tags[1] })]);
    expect(views[0].status).toBe(304);
    expect(views[1].status).toBe(200);
    expect(views[1].rendered).toBe(true);
    expect(views[1].etag).toBeNull();
  });
});
