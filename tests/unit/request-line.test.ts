/**
 * One log line per request (common/request-line.ts), as operators read it: its fields, its level, once per
 * request whatever happens to the connection, and the same id on the portal's line and its embedded API's.
 */
import type { Server } from "node:http";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { logger, setLogDestination } from "#common/logger";
import { requestLine, requestLineId, type RequestLineOptions } from "#common/request-line";

type Line = {
  level: number;
  msg: string;
  event: string;
  req: { id: string; method: string };
  res: Record<string, unknown>;
  ms: number;
  route: string;
};

const written: string[] = [];
beforeAll(() => {
  logger().level = "info";
  setLogDestination({ write: (line: string) => void written.push(line) });
});
afterAll(() => {
  logger().level = "info";
  setLogDestination(undefined);
});

const servers: Server[] = [];
afterEach(async () => {
  logger().level = "info";
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

let ids = 0;
const options = (event: string, extra: Partial<RequestLineOptions> = {}): RequestLineOptions => ({
  event,
  messages: { ok: "answered", failed: "answered badly" },
  idOf: (_req, res) => {
    const id = `id-${++ids}`;
    res.setHeader("X-Request-Id", id);
    return id;
  },
  routeOf: (req) => (req.url?.startsWith("/api/") ? "/api/v1/thing/:id" : "/thing/:id"),
  ...extra,
});

async function serve(app: express.Express): Promise<string> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The lines of `event` written since `from`, once `count` of them are there. */
async function linesOf(event: string, from: number, count: number): Promise<Line[]> {
  for (let i = 0; i < 100; i++) {
    const found = written
      .slice(from)
      .map((line) => JSON.parse(line) as Line)
      .filter((line) => line.event === event);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} ${event} lines`);
}

describe("the request line", () => {
  it("names the id it sent back, the method, the route pattern, the status, what the answer adds and the time", async () => {
    const app = express();
    app.use(requestLine(options("t.one", { answer: (res) => ({ type: res.getHeader("content-type") }) })));
    app.get("/thing/:id", (_req, res) => void res.type("text").send("ok"));
    const from = written.length;
    const answer = await fetch(`${await serve(app)}/thing/42?secret=1`, { method: "GET" });
    const [line] = await linesOf("t.one", from, 1);
    expect(line).toMatchObject({
      level: 30,
      msg: "answered",
      req: { id: answer.headers.get("x-request-id"), method: "GET" },
      res: { status: 200, type: "text/plain; charset=utf-8" },
      route: "/thing/:id",
    });
    expect(line.ms).toBeGreaterThanOrEqual(0);
    expect(written.slice(from).join("\n")).not.toContain("secret");
  });

  it("is an error for a 5xx answer, and a quiet request's line shows at debug only", async () => {
    const app = express();
    app.use(requestLine(options("t.levels", { quiet: (req) => req.url === "/healthz" })));
    app.get("/healthz", (_req, res) => void res.send("ok"));
    app.get("/thing/:id", (_req, res) => void res.status(503).send("down"));
    const base = await serve(app);
    let from = written.length;
    await (await fetch(`${base}/healthz`)).text();
    await (await fetch(`${base}/thing/1`)).text();
    const [failed] = await linesOf("t.levels", from, 1);
    expect(failed).toMatchObject({ level: 50, msg: "answered badly", res: { status: 503 } });
    expect(written.slice(from).filter((line) => line.includes('"t.levels"'))).toHaveLength(1);

    logger().level = "debug";
    from = written.length;
    await (await fetch(`${base}/healthz`)).text();
    expect((await linesOf("t.levels", from, 1))[0]).toMatchObject({ level: 20, res: { status: 200 } });
  });

  it("writes one line for a request whose connection closed before its answer, and tells onDone it was not sent", async () => {
    const done: boolean[] = [];
    const app = express();
    app.use(requestLine(options("t.closed", { onDone: (_req, res) => void done.push(res.writableFinished) })));
    let arrived: () => void = () => {};
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    // Never answers: the client goes away first.
    app.get("/thing/:id", () => arrived());
    const base = await serve(app);
    const from = written.length;
    const request = http.get(`${base}/thing/7`);
    request.on("error", () => {});
    await reached;
    request.destroy();
    const [line] = await linesOf("t.closed", from, 1);
    expect(line).toMatchObject({ req: { method: "GET" }, route: "/thing/:id" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written.slice(from).filter((l) => l.includes('"t.closed"'))).toHaveLength(1);
    expect(done).toEqual([false]);
  });

  it("gives the API mounted in the portal the portal's id, and each writes its own line once", async () => {
    const app = express();
    const portal = requestLine(options("t.portal"));
    app.use(portal);
    app.use(portal);
    const api = express.Router();
    api.use(requestLine(options("t.api")));
    api.get("/thing/:id", (req, res) => void res.json({ id: requestLineId(req) }));
    app.use("/api/v1", api);
    const from = written.length;
    const answer = await fetch(`${await serve(app)}/api/v1/thing/3`);
    const { id } = (await answer.json()) as { id: string };
    const [portalLine] = await linesOf("t.portal", from, 1);
    const [apiLine] = await linesOf("t.api", from, 1);
    expect(answer.headers.get("x-request-id")).toBe(id);
    expect(portalLine.req.id).toBe(id);
    expect(apiLine.req.id).toBe(id);
    expect(written.slice(from).filter((l) => l.includes('"t.portal"'))).toHaveLength(1);
  });
});
