/**
 * The GETs about e-mailed links (recovery, activation, contact activation, the order pages), and POST
 * /link-answers, which answers several of them at once.
 *
 * The portal asks such a GET on every view of a link's page, to know whether the page changed. Each
 * answer is kept as KeptReads keeps reads (PGlite: until the next write, for at most a second), per
 * path, token, bearer token (the hand-over also answers signed-in contacts) and language; refusals (404,
 * 422) are never kept. POST /link-answers takes the paths of up to 50 such GETs, as a visitor asks them
 * (no bearer token), each in its own language, and answers each with the status and body its GET would:
 * the same function answers both ways, from the same kept answers. A path that is not one of these GETs
 * answers 404, so the batch reaches nothing else of the API.
 */
import { Router, type Request } from "express";
import { LinkAnswersRequest, type LinkAnswersAnswer } from "../contract/auth-flows.ts";
import { KeptReads } from "../db/kept-reads.ts";
import type { ServiceContext } from "./context.ts";
import { errorAnswer, fieldErrors, notFound, unprocessable } from "./errors.ts";
import { route } from "./http.ts";

/** What a link GET's answer may depend on. */
export type LinkRequest = Pick<Request, "params" | "query" | "lang" | "headers">;

/** Link answers kept at most per route (an agreement's answer is some 10 KB). */
const KEPT_LINK_ANSWERS = 1000;

interface LinkRoute {
  /** The route's path split at "/": ":name" segments are parameters. */
  segments: string[];
  read: (req: LinkRequest, path: string) => Promise<unknown>;
}

const routesOf = new WeakMap<ServiceContext, LinkRoute[]>();

function linkRoutes(ctx: ServiceContext): LinkRoute[] {
  let routes = routesOf.get(ctx);
  if (!routes) routesOf.set(ctx, (routes = []));
  return routes;
}

/** `router.get(pattern)` answering what `answer` computes, kept; POST /link-answers answers it too. */
export function linkGet(ctx: ServiceContext, router: Router, pattern: string, answer: (req: LinkRequest) => Promise<unknown>): void {
  const kept = new KeptReads<unknown>(ctx.db, ctx.now, KEPT_LINK_ANSWERS);
  const read = (req: LinkRequest, path: string) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    return kept.read([req.lang, path, token, req.headers.authorization ?? ""].join("\n"), () => answer(req));
  };
  linkRoutes(ctx).push({ segments: pattern.split("/"), read });
  router.get(
    pattern,
    route(async (req, res) => {
      res.json(await read(req, req.path));
    }),
  );
}

/** The route and parameters of a path (as Express matches it: a trailing slash allowed, segments decoded). */
function match(routes: LinkRoute[], path: string): { route: LinkRoute; params: Record<string, string> } | undefined {
  const segments = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).split("/");
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = route.segments.every((expected, i) => {
      if (!expected.startsWith(":")) return expected === segments[i];
      if (!segments[i]) return false;
      try {
        params[expected.slice(1)] = decodeURIComponent(segments[i]);
        return true;
      } catch {
        return false;
      }
    });
    if (fits) return { route, params };
  }
  return undefined;
}

/** POST /link-answers (public). Mounted after every router that declares link GETs. */
export function linkAnswersRoutes(ctx: ServiceContext): Router {
  const router = Router();
  router.post(
    "/link-answers",
    route(async (req, res) => {
      const parsed = LinkAnswersRequest.safeParse(req.body ?? {});
      if (!parsed.success) throw unprocessable(fieldErrors(parsed.error));
      const answers: LinkAnswersAnswer["answers"] = [];
      // One after the other: PGlite has one connection, and most reads are kept answers anyway.
      for (const { path: address, language } of parsed.data.reads) {
        const url = new URL(address, "http://link.invalid");
        const found = match(linkRoutes(ctx), url.pathname);
        try {
          if (!found) throw notFound("Endpoint");
          // As Express's query parser reads it: a name given twice is a list.
          const query = Object.fromEntries(
            [...new Set(url.searchParams.keys())].map((name) => {
              const values = url.searchParams.getAll(name);
              return [name, values.length > 1 ? values : values[0]];
            }),
          );
          const visitor: LinkRequest = { params: found.params, query, lang: language ?? "en", headers: {} };
          answers.push({ status: 200, body: await found.route.read(visitor, url.pathname) });
        } catch (error) {
          answers.push(errorAnswer(error, `POST /link-answers (${url.pathname})`));
        }
      }
      res.json({ answers } satisfies LinkAnswersAnswer);
    }),
  );
  return router;
}
