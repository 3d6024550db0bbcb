import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { expressServer, listen } from "#common/express-server";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function started(app: express.Express): Promise<{ server: Server; base: string }> {
  return new Promise((resolve, reject) => {
    const server = listen(app, 0, "127.0.0.1", (error) => {
      if (error) return reject(error);
      servers.push(server);
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

describe("expressServer", () => {
  it("makes each request and answer with the app's prototypes before Express sees them", async () => {
    const app = express();
    app.get("/hello", (req, res) => res.json({ hello: req.query.name, app: req.app === app }));
    const { server, base } = await started(app);
    const arrived: object[] = [];
    server.prependListener("request", (req: IncomingMessage, res) => arrived.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res)));
    const answer = await fetch(`${base}/hello?name=Ana`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ hello: "Ana", app: true });
    expect(arrived).toEqual([app.request, app.response]);
  });

  it("answers through Express as before: errors, a 404, a mounted app with its own prototypes", async () => {
    const app = express();
    const inner = express();
    inner.get("/who", (req, res) => res.send(req.app === inner ? "inner" : "outer"));
    app.use("/inner", inner);
    app.get("/who", (req, res) => res.send(req.app === app ? "outer" : "inner"));
    app.get("/broken", () => {
      throw new Error("broken");
    });
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).send(`caught ${error.message}`);
    });
    const { base } = await started(app);
    expect(await (await fetch(`${base}/inner/who`)).text()).toBe("inner");
    expect(await (await fetch(`${base}/who`)).text()).toBe("outer");
    const broken = await fetch(`${base}/broken`);
    expect(broken.status).toBe(500);
    expect(await broken.text()).toBe("caught broken");
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
  });

  it("is a server like Node's own: it closes and reports where it listens", async () => {
    const server = expressServer(express());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    expect((server.address() as AddressInfo).port).toBeGreaterThan(0);
    await new Promise((resolve) => server.close(resolve));
  });
});

describe("listen", () => {
  it("calls back with the error of a port in use, once", async () => {
    const { server } = await started(express());
    const port = (server.address() as AddressInfo).port;
    const errors: (Error | undefined)[] = [];
    const second = listen(express(), port, "127.0.0.1", (error) => errors.push(error));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors).toHaveLength(1);
    expect((errors[0] as NodeJS.ErrnoException).code).toBe("EADDRINUSE");
    second.close();
  });
});
