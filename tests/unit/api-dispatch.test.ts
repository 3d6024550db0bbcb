/**
 * The API's routers asked by the address's first segment (api/service/dispatch.ts): the same answers as
 * the chain of `use` it replaces (order, fall-through, errors, letter case, routers inside routers,
 * routers whose routes start with a parameter), without asking a router that has no route there.
 */
import { IncomingMessage, ServerResponse } from "node:http";
import express, { Router, type ErrorRequestHandler } from "express";
import { inject } from "light-my-request";
import { describe, expect, it } from "vitest";
import { dispatchBySegment } from "../../api/service/dispatch.ts";
import { injectableApp } from "../../app/lib/api-transport.server.ts";

/** A router answering each of `paths` with its name, wrapped to count the requests it is asked. */
function named(name: string, ...paths: string[]) {
  const router = Router();
  for (const path of paths) router.get(path, (_req, res) => void res.send(name));
  return counted(router);
}

/** The router as dispatch sees it (its stack, and a function to call), counting the calls. */
function counted(router: Router) {
  const asked = { count: 0 };
  const wrapper = Object.assign(
    (...args: Parameters<Router>) => {
      asked.count++;
      return router(...args);
    },
    { stack: router.stack },
  ) as unknown as Router;
  return { router: wrapper, asked };
}

function app(routers: Router[]) {
  // Not a plain express(): light-my-request would patch Express's shared response, which the other test
  // files of this process use for real servers.
  const app = injectableApp();
  app.use(dispatchBySegment(routers));
  app.use((_req, res) => void res.status(404).send("none"));
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => void res.status(500).send(error.message);
  app.use(onError);
  return app;
}

const get = async (target: express.Express, url: string) => {
  const answer = await inject(target, { method: "GET", url });
  return `${answer.statusCode} ${answer.body}`;
};

describe("dispatchBySegment", () => {
  it("asks, in their order, only the routers with a route under the first segment", async () => {
    const firstRouter = Router();
    firstRouter.get("/billing/:id", (req, res, next) => (req.params.id === "1" ? void res.send("billing") : next()));
    const first = counted(firstRouter);
    const second = named("billing, second", "/billing/:id");
    const other = named("wifi", "/wifi/:id");
    const target = app([first.router, other.router, second.router]);
    expect(await get(target, "/billing/1")).toBe("200 billing");
    expect(await get(target, "/billing/2")).toBe("200 billing, second");
    expect(await get(target, "/wifi/7")).toBe("200 wifi");
    expect([first.asked.count, second.asked.count, other.asked.count]).toEqual([2, 1, 1]);
    // Express matches without regard to case by default; so does the table.
    expect(await get(target, "/BILLING/1")).toBe("200 billing");
  });

  it("hands on to what follows when no router answers, and hands errors on", async () => {
    const failing = Router();
    failing.get("/broken", () => {
      throw new Error("went wrong");
    });
    const leaving = Router();
    leaving.get("/leave", (_req, _res, next) => next("router"));
    const after = Router();
    after.get("/leave", (_req, res) => void res.send("after"));
    const target = app([failing, leaving, after]);
    expect(await get(target, "/unknown")).toBe("404 none");
    expect(await get(target, "/")).toBe("404 none");
    expect(await get(target, "/broken")).toBe("500 went wrong");
    // A router that leaves with next("router") hands on to the next router, as with `use`.
    expect(await get(target, "/leave")).toBe("200 after");
  });

  it("counts the routes of routers mounted inside a router, and asks everywhere a router it cannot place", async () => {
    const inner = Router();
    inner.get("/profile-settings/x", (_req, res) => void res.send("inner"));
    const outerRouter = Router();
    outerRouter.use(inner);
    const outer = counted(outerRouter);
    const byParameter = named("parameter", "/:anything/y");
    const withMiddleware = Router();
    withMiddleware.use((_req, _res, next) => next());
    const everywhere = counted(withMiddleware);
    const wifi = named("wifi", "/wifi");
    const target = app([outer.router, byParameter.router, everywhere.router, wifi.router]);
    expect(await get(target, "/profile-settings/x")).toBe("200 inner");
    expect(await get(target, "/wifi")).toBe("200 wifi");
    expect(await get(target, "/other/y")).toBe("200 parameter");
    expect(await get(target, "/nothing")).toBe("404 none");
    // The outer router is asked for its inner router's segment only.
    expect(outer.asked.count).toBe(1);
    // A router whose route starts with a parameter may answer any address, and one with a middleware
    // of its own does something with every request: both are asked for every address, in their place
    // (so not when a router before them answered: the outer one, then the one by parameter).
    expect(byParameter.asked.count).toBe(3);
    expect(everywhere.asked.count).toBe(2);
    expect(wifi.asked.count).toBe(1);
  });

  it("leaves Express's shared request and response alone, which the real servers of this process use", async () => {
    expect(await get(app([named("wifi", "/wifi/:id").router]), "/wifi/1")).toBe("200 wifi");
    expect(Object.getPrototypeOf(express.response)).toBe(ServerResponse.prototype);
    expect(Object.getPrototypeOf(express.request)).toBe(IncomingMessage.prototype);
  });
});
