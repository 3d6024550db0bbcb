/**
 * Property-based fuzzing of every portal action (fast-check): each route of app/routes.ts whose
 * module has an action gets random bodies (content types a browser would not send, sizes past the
 * limits, control characters, random fields and path parameters), signed in, through the signed-in
 * layout's middleware. No answer may be a 500 or show a stack trace or a file path, and a refused
 * post (4xx) must not have had a write accepted by the API (msw sees every call).
 *
 * npm test runs a fixed seed and a bounded count; FUZZ_RUNS and FUZZ_SEED go further.
 */
import fc from "fast-check";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { followActiveAccountMiddleware, requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const LEAK = /\bat \S+ \(|"stack"|\bSELECT\b|syntax error|\/work\/|node_modules|\.tsx?:\d+/i;
const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/**/*.{ts,tsx}");

interface ActionRoute {
  path: string;
  file: string;
  signedIn: boolean;
}

/** Every route with a path, with whether it sits in the signed-in layout. */
function flatten(entries: RouteConfigEntry[], signedIn = false, prefix = ""): ActionRoute[] {
  return entries.flatMap((entry) => {
    const inApp = signedIn || entry.file === "routes/_app.tsx";
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.path !== undefined || entry.index ? [{ path: path || "/", file: entry.file, signedIn: inApp }] : [];
    return [...own, ...flatten(entry.children ?? [], inApp, path)];
  });
}

const FIELDS = [
  "username",
  "password",
  "came_from",
  "customerId",
  "returnTo",
  "amount",
  "card_number",
  "cvv",
  "expiry",
  "idempotency_key",
  "note",
  "attachments",
  "reason",
  "date",
  "confirm",
  "email",
  "roles",
  "description",
  "subject",
  "intent",
  "ticket_number",
  "message",
];

const controlText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 0x1f }), fc.string({ maxLength: 12 }))
  .map(([a, code, b]) => `${a}${String.fromCharCode(code)}${b}`);
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  controlText,
  fc.constantFrom("", "100101", "2026-12-01", "50.00", "on"),
);
/** Posted fields, printed short in a counterexample (a 300 KB value is not). */
class Fields {
  constructor(readonly values: Record<string, string>) {}
  [fc.toStringMethod]() {
    return JSON.stringify(
      Object.fromEntries(Object.entries(this.values).map(([k, v]) => [k, v.length > 80 ? `${v.slice(0, 20)}…(${v.length})` : v])),
    );
  }
}
const manyFields = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, "x"]));
const body = fc.oneof(
  fc
    .dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), text, { maxKeys: 8 })
    .map((values) => new Fields(values)),
  fc.integer({ min: 70, max: 300 }).map((kb) => new Fields({ username: "A".repeat(kb * 1024) })),
  // More fields than any form has (the parser stops at 100).
  fc.integer({ min: 95, max: 300 }).map((count) => new Fields(manyFields(count))),
);
const TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/json",
  "text/plain",
  "",
  "multipart/form-data; boundary=",
] as const;

function encode(type: string, fields: Record<string, string>): { body: string; type: string } {
  if (type === "application/x-www-form-urlencoded") return { body: new URLSearchParams(fields).toString(), type };
  if (type === "multipart/form-data") {
    const boundary = "fuzz0boundary";
    const parts = Object.entries(fields).map(
      ([key, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/["\r\n]/g, "")}"${value.length % 4 === 1 ? `; filename="${value.replace(/["\r\n]/g, "").slice(0, 10)}.pdf"` : ""}\r\n\r\n${value}\r\n`,
    );
    const closing = Object.keys(fields).length % 2 ? `--${boundary}--\r\n` : "";
    return { body: parts.join("") + closing, type: `multipart/form-data; boundary=${boundary}` };
  }
  return { body: JSON.stringify(fields), type };
}

const actionRoutes = (
  await Promise.all(
    flatten(routes as RouteConfigEntry[]).map(async (route) => {
      const load = modules[`../../app/${route.file}`];
      const module = load ? await load() : {};
      return typeof module.action === "function" ? { ...route, action: module.action as Parameters<typeof callRoute>[0] } : null;
    }),
  )
).filter((route) => route !== null);

describe("fuzzing every portal action", () => {
  it("finds the actions of the route table", () => {
    expect(actionRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/login", "/logout", "/switch-account", "/billing/:customerId/pay"]),
    );
  });

  it("never answers a post of more fields than any form has 500, urlencoded or multipart, on any action", async () => {
    const cookie = await signedInCookie();
    for (const route of actionRoutes) {
      const url = route.path.replace(/:(\w+)\??/g, (_m, name: string) => (name === "ticketNumber" ? "CS-1041" : "100101"));
      for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
        const encoded = encode(type, manyFields(101));
        const result = await callRoute(route.action, {
          url,
          cookie,
          body: encoded.body,
          headers: { "Content-Type": encoded.type },
          middleware: route.signedIn ? [requireUserMiddleware, followActiveAccountMiddleware] : [],
        });
        // A refusal (4xx), or the redirect of an action that reads no body (/login/two-step without its step).
        expect(result.data instanceof Error ? String(result.data.stack) : "", `${url} ${type}`).toBe("");
        expect(result.status, `${url} ${type}`).toBeLessThan(500);
      }
    }
  });

  for (const route of actionRoutes) {
    const names = [...route.path.matchAll(/:(\w+)\??/g)].map((m) => m[1]);
    it(`${route.path}: never a 500, never a leak, no write accepted when refused`, async () => {
      const cookie = await signedInCookie();
      const params = fc.record(
        Object.fromEntries(
          names.map((name) => [
            name,
            // Ids of the fixtures: accounts, and a ticket number (the msw conversation's).
            fc.oneof(fc.constant("100101"), fc.constant("200301"), fc.constant("CS-1041"), fc.string({ maxLength: 10 }), controlText),
          ]),
        ),
      );
      await fc.assert(
        fc.asyncProperty(params, fc.constantFrom(...TYPES), body, async (values, type, fields) => {
          const url = route.path.replace(/:(\w+)\??/g, (_m, name: string) => encodeURIComponent(values[name] ?? ""));
          const encoded = encode(type, fields.values);
          const accepted: string[] = [];
          const listener = ({ request, response }: { request: Request; response: Response }) => {
            if (request.method !== "GET" && response.status < 300 && !request.url.includes("/auth/"))
              accepted.push(`${request.method} ${request.url}`);
          };
          server.events.on("response:mocked", listener);
          try {
            const result = await callRoute(route.action, {
              url,
              params: values,
              cookie,
              body: encoded.body,
              headers: encoded.type ? { "Content-Type": encoded.type } : {},
              middleware: route.signedIn ? [requireUserMiddleware, followActiveAccountMiddleware] : [],
            });
            const thrownError = result.thrown && result.data instanceof Error;
            expect(thrownError ? String((result.data as Error).stack) : "", `${route.path} ${type}`).toBe("");
            expect(result.status, `${url} ${type}`).not.toBe(500);
            expect(JSON.stringify(result.data ?? "")).not.toMatch(LEAK);
            if (result.status >= 400) expect(accepted, `${url} answered ${result.status}`).toEqual([]);
          } finally {
            server.events.removeListener("response:mocked", listener);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }, 60_000);
  }
});
