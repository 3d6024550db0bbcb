/**
 * The production portal with its embedded reference API, as an operator runs it with LOG_LEVEL=debug and
 * METRICS_TOKEN: a customer signs in (wrong, then right), someone else guesses until the limit refuses, pays by card (approved and declined) and by bank,
 * sets up PAD, opens an error page; another resets a password through the e-mailed recovery link, a new
 * customer opens an activation link, and a scanner posts where no form is. Then:
 *  - the whole log output (the portal's and the API's lines, one stream) holds none of the secrets used, and is
 *    one JSON object a line;
 *  - the error page's "Reference: …" is the request id of the portal's line and of the API's line;
 *  - the sign-in counters (a limited one too) and payment counters moved by what happened, and /metrics needs the token;
 *  - traced (OTEL_EXPORTER_OTLP_ENDPOINT, a collector stand-in here): the error page's request is one trace, the
 *    portal's span, its API call's span and the API's spans below, all with the reference; no secret in any span.
 *
 * Needs the production build (`npm run build`, then `npx vitest run --project integration`).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../support/sample-files.ts";
import { ROOT, freePort, start, until, type Started } from "./processes.ts";

const TOKEN = "integration-metrics-token-0123";
const PASSWORD = "Demo-Pass-2026";
const WRONG_PASSWORD = "Wrong-Pass-7Qx2";
const NEW_PASSWORD = "Recovered-Pass-9Zk4";
const OLIVIA_PASSWORD = "Olivia-Pass-3Vn8";
const RECOVERY_TOKEN = "demo-recover-resi-5tQ8wLm2Xc7Vb4Nz";
const ACTIVATION_TOKEN = "demo-activate-olivia-K3p9Rw6Yd2Hs8Jq";
const CARD = "4111111111111111";
const DECLINED_CARD = "4000000000000002";
const CVV = "737";
const BANK_ACCOUNT = "8765432109";
const PAD_ACCOUNT = "5647382910";
/** Failed sign-ins of one username from one address before the next is refused (SIGN_IN_LIMIT_PER_USERNAME). */
const GUESSES = 3;

let dataDir: string;
let portal: Started;
let base: string;
/** Every cookie value the portal set, in any browser of the test (session cookies among them). */
const cookieValues = new Set<string>();

/** A browser: its cookies, and its requests (redirects not followed). */
function browser() {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    // A browser's User-Agent, which the sessions keep and no log or trace may carry.
    headers.set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0");
    if (init.method === "POST") headers.set("Origin", base);
    const response = await fetch(base + url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1);
      jar.set(pair.slice(0, at), value);
      if (value.length >= 8) cookieValues.add(value);
    }
    const body = await response.text();
    return {
      status: response.status,
      body,
      location: response.headers.get("location"),
      id: response.headers.get("x-request-id"),
      etag: response.headers.get("etag"),
      allow: response.headers.get("allow"),
    };
  };
  return {
    get: (url: string, headers?: Record<string, string>) => send(url, { headers }),
    post: (url: string, fields: Record<string, string> | FormData) =>
      send(url, { method: "POST", body: fields instanceof FormData ? fields : new URLSearchParams(fields) }),
  };
}

/** The hidden fields of a page's forms (idempotency keys). */
function hidden(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    if (!tag.includes('type="hidden"')) continue;
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    if (name) fields[name] = (/value="([^"]*)"/.exec(tag)?.[1] ?? "").replace(/&amp;/g, "&");
  }
  return fields;
}

/** One scrape of /metrics with the token: the value of each series. */
async function scrape(): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  return new Map([...text.matchAll(/^(portal_\w+(?:\{.*\})?) ([\d.e+-]+)$/gm)].map((m) => [m[1], Number(m[2])]));
}

/** The places where `secret` shows in `output` (as itself, or as a JSON string's quoted value when short). */
export function leaks(output: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets)
    .filter(([, secret]) => (secret.length >= 6 ? output.includes(secret) : new RegExp(`["=]${secret}["&]`).test(output)))
    .map(([name]) => name);
}

/** The log lines (JSON) written so far. */
const logLines = () =>
  portal
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map(
      (line) => JSON.parse(line) as { event?: string; route?: string; req?: { id?: string; method?: string }; res?: { status?: number } },
    );

/** An OpenTelemetry collector's OTLP/HTTP endpoint, as the portal's exporter sends to it (JSON). */
let collector: Server;
const exported: string[] = [];
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}
/** Every span the collector received. */
const spans = (): ExportedSpan[] =>
  exported.flatMap((body) =>
    (
      JSON.parse(body) as {
        resourceSpans: {
          scopeSpans: {
            spans: (Omit<ExportedSpan, "attributes"> & { attributes?: { key: string; value: Record<string, unknown> }[] })[];
          }[];
        }[];
      }
    ).resourceSpans.flatMap((resource) =>
      resource.scopeSpans.flatMap((scope) =>
        scope.spans.map((span) => ({
          ...span,
          attributes: Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, Object.values(value)[0]])),
        })),
      ),
    ),
  );

let before: Map<string, number>;
const resi = () => browser();
let customer: ReturnType<typeof browser>;
let reference: { id: string | null; shown: string | undefined };

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("No production build: run `npm run build` first.");
  dataDir = mkdtempSync(path.join(tmpdir(), "portal-observe-"));
  collector = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.url === "/v1/traces") exported.push(body);
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const port = await freePort();
  portal = await start(
    "server.ts",
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "debug",
      LOG_FORMAT: "json",
      METRICS_TOKEN: TOKEN,
      SIGN_IN_LIMIT_PER_USERNAME: String(GUESSES),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_BSP_SCHEDULE_DELAY: "100",
      SESSION_SECRET: "integration-observe-secret-0123456789-abcdefghij",
      SECURE_COOKIES: "false",
      API_BASE_URL: "",
      DATABASE_URL: "",
      REDIS_URL: "",
      COMMERCIAL_APP_URL: "",
    },
    /listening on/,
  );
  base = `http://127.0.0.1:${port}`;
  before = await scrape();
  customer = resi();

  // Sign in wrong, then right.
  expect((await customer.post("/login", { username: "resi@example.com", password: WRONG_PASSWORD })).status).toBe(401);
  expect((await customer.post("/login", { username: "resi@example.com", password: PASSWORD })).status).toBe(302);
  // Someone guessing another username until the sign-in limit (SIGN_IN_LIMIT_PER_USERNAME) refuses it.
  const guesser = browser();
  const guess = (i: number) => guesser.post("/login", { username: "nobody@example.com", password: `${WRONG_PASSWORD}-${i}` });
  for (let i = 0; i < GUESSES; i++) expect((await guess(i)).status).toBe(401);
  expect((await guess(GUESSES)).status).toBe(429);

  // Pay by card (approved, then declined) and by bank.
  const pay = async (fields: Record<string, string>) => {
    const form = hidden((await customer.get("/billing/100101/pay")).body);
    return customer.post("/billing/100101/pay", { ...form, amount_choice: "other", amount: "1.00", ...fields });
  };
  const card = { method: "credit_card", expiry: "12/30", cvv: CVV, cardholder_name: "Resi Dent" };
  expect((await pay({ ...card, card_number: CARD })).status).toBe(302);
  expect((await pay({ ...card, card_number: DECLINED_CARD })).status).toBe(422);
  const bank = {
    method: "bank",
    institution_number: "001",
    transit_number: "12345",
    account_number: BANK_ACCOUNT,
    account_holder: "Resi Dent",
  };
  expect((await pay(bank)).status).toBe(302);

  // Pre-authorized debit, with its void cheque.
  const pad = new FormData();
  for (const [name, value] of Object.entries(hidden((await customer.get("/billing/100101/autopay/pad")).body))) pad.set(name, value);
  pad.set("institution_number", "002");
  pad.set("transit_number", "54321");
  pad.set("account_number", PAD_ACCOUNT);
  pad.set("account_holder", "Resi Dent");
  pad.set("branch_address", "1 King St W, Toronto");
  pad.set("agreement_accepted", "on");
  // With card autopay in force, the customer ticks the box that replaces it (decision 080).
  if (pad.get("in_force") === "1") pad.set("replace_card", "on");
  pad.set("void_cheque", new Blob([new Uint8Array(samplePdf())], { type: "application/pdf" }), "cheque.pdf");
  expect((await customer.post("/billing/100101/autopay/pad", pad)).status).toBe(302);

  // A page viewed, then again from the browser's copy (304); the pay page is made for one view (never tagged).
  // (The first view shows the notification the last form queued: never tagged.)
  expect((await customer.get("/billing-details/100101")).status).toBe(200);
  const history = await customer.get("/billing-details/100101/payments");
  expect(history.etag).toBeTruthy();
  expect((await customer.get("/billing-details/100101/payments", { "If-None-Match": history.etag! })).status).toBe(304);

  // An account that is not this customer's: the error page and its reference.
  const refused = await customer.get("/billing/100102");
  expect(refused.status).toBe(403);
  reference = { id: refused.id, shown: /Reference: ([^<]+)</.exec(refused.body)?.[1] };

  // Posts no form of the portal sends: to a page without a form, to the account list (signed in), to no page.
  for (const scanned of [
    await customer.post("/status", { x: "1" }),
    await customer.post("/accounts/list", { x: "1" }),
    await browser().post("/wp-login.php", { log: "admin" }),
  ])
    expect([scanned.status, scanned.allow]).toEqual([405, "GET, HEAD"]);
  // An address whose percent-encoding is no UTF-8: refused before React Router reads it.
  expect((await browser().get("/%E0%A4%A")).status).toBe(400);
  // A scanner's TRACE (fetch cannot send one), which React Router's adapter cannot take: 405, not 500.
  const traced = await new Promise<number | undefined>((resolve, reject) =>
    request(`${base}/login`, { method: "TRACE" }, (answer) => {
      answer.resume();
      resolve(answer.statusCode);
    })
      .on("error", reject)
      .end(),
  );
  expect(traced).toBe(405);
  // An HTTP/1.0 client that sends no Host (old tools, some health checks): the page, as for localhost.
  const old = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(new URL(base).port), "127.0.0.1", () => socket.write("GET /login HTTP/1.0\r\n\r\n"));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
  expect(old).toMatch(/^HTTP\/1\.1 200/);
  // And a switch of account with a control character, refused before it is read: the error page.
  const sw = await customer.post("/switch-account", { customerId: "100\u0000101" });
  expect([sw.status, sw.location]).toEqual([400, null]);

  // Forgotten password: the e-mailed recovery link, then a new password (ends resi's sessions).
  const visitor = browser();
  expect((await visitor.post("/forgot-password", { username: "resi@example.com" })).status).toBeLessThan(400);
  let at = await visitor.get(`/recover-password/${RECOVERY_TOKEN}`);
  for (let hops = 0; at.location && hops < 3; hops++) at = await visitor.get(new URL(at.location, base).pathname);
  expect(at.status).toBe(200);
  const recovered = await visitor.post("/recover-password", { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
  expect(recovered.status).toBe(302);

  // A new customer's activation link, from the welcome e-mail.
  const olivia = browser();
  at = await olivia.get(`/activate-account/${ACTIVATION_TOKEN}`);
  for (let hops = 0; at.location && hops < 3; hops++) at = await olivia.get(new URL(at.location, base).pathname);
  expect(at.status).toBe(200);
  const activated = await olivia.post("/activate-account", {
    new_password: OLIVIA_PASSWORD,
    confirm_password: OLIVIA_PASSWORD,
    accept_terms: "on",
  });
  expect(activated.status).toBe(302);

  // Every line is out once the last answer is.
  await until(
    () =>
      portal
        .output()
        .split("\n")
        .filter((l) => l.includes('"event":"http.request"')).length >= 14,
    2000,
  );
}, 180_000);

afterAll(() => {
  portal?.child.kill("SIGTERM");
  collector?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("nothing secret in the logs", () => {
  const secrets = () => ({
    password: PASSWORD,
    "wrong password": WRONG_PASSWORD,
    "new password": NEW_PASSWORD,
    "activation password": OLIVIA_PASSWORD,
    "recovery token": RECOVERY_TOKEN,
    "activation token": ACTIVATION_TOKEN,
    "card number": CARD,
    "declined card number": DECLINED_CARD,
    cvv: CVV,
    "bank account number": BANK_ACCOUNT,
    "PAD account number": PAD_ACCOUNT,
    ...Object.fromEntries([...cookieValues].map((value, i) => [`cookie value ${i + 1}`, value])),
  });

  it("the search finds a secret that was logged (the test can fail)", () => {
    const planted = `${portal.output()}\n{"event":"oops","body":{"cvv":"${CVV}"},"password":"${PASSWORD}"}\n`;
    expect(leaks(planted, secrets())).toEqual(["password", "cvv"]);
  });

  it("nor do the traces", async () => {
    await until(() => spans().some((span) => span.attributes["portal.request_id"] === reference.id), 5000);
    const text = exported.join("\n");
    expect(spans().length).toBeGreaterThan(20);
    expect(leaks(text, secrets())).toEqual([]);
    expect(text).not.toMatch(/eyJ[\w-]{10,}|Bearer /);
    // Nor an address (ids, tokens of e-mailed links), the client's address or browser (the sessions table's
    // user_agent column may be named by a query's text; its value never).
    const described = JSON.stringify(spans().map((span) => [span.name, span.attributes]));
    expect(described).not.toMatch(/100101|demo-recover|demo-activate|url\.path|client\.address|user_agent\.original|Mozilla\//);
  });

  it("holds none of the passwords, tokens, session cookies, card, CVV or bank numbers used", () => {
    expect(cookieValues.size).toBeGreaterThan(0);
    expect(logLines().length).toBeGreaterThan(20);
    expect(leaks(portal.output(), secrets())).toEqual([]);
    // Nor any access token (a JWT) or bearer header.
    expect(portal.output()).not.toMatch(/eyJ[\w-]{10,}|Bearer /);
  });
});

describe("one request id end to end", () => {
  it("the error page shows the id that the portal's line and the API's line carry", () => {
    expect(reference.shown).toBe(reference.id);
    const lines = logLines().filter((line) => line.req?.id === reference.id);
    expect(lines.find((line) => line.event === "http.request")).toMatchObject({ route: "/billing/:customerId?", res: { status: 403 } });
    expect(lines.filter((line) => line.event === "api.request").length).toBeGreaterThan(0);
  });

  it("is on the spans of the error page's trace: the portal's, its API call's, the API's (its child through traceparent)", async () => {
    await until(
      () =>
        spans().some(
          (span) => span.attributes["portal.request_id"] === reference.id && span.kind === 2 && span.name.startsWith("GET /billing"),
        ),
      5000,
    );
    const tagged = spans().filter((span) => span.attributes["portal.request_id"] === reference.id);
    const page = tagged.find((span) => span.kind === 2 && span.name === "GET /billing/:customerId?");
    expect(page, tagged.map((span) => span.name).join(", ")).toMatchObject({
      attributes: { "http.route": "/billing/:customerId?", "http.response.status_code": 403 },
    });
    const calls = tagged.filter((span) => span.kind === 3 && span.parentSpanId === page!.spanId);
    expect(calls.length).toBeGreaterThan(0);
    const served = tagged.filter((span) => span.kind === 2 && span.name.startsWith("GET /api/v1/"));
    expect(served.length).toBeGreaterThan(0);
    for (const span of [...calls, ...served]) expect(span.traceId).toBe(page!.traceId);
    for (const span of served) expect(calls.map((call) => call.spanId)).toContain(span.parentSpanId);
    // The API's queries, in the same trace.
    expect(spans().filter((span) => span.traceId === page!.traceId && span.name.startsWith("pglite.query:")).length).toBeGreaterThan(0);
  });

  it("every line of a request names its route pattern, never an address with ids", () => {
    const routes = logLines()
      .filter((line) => line.event === "http.request" || line.event === "api.request")
      .map((line) => line.route ?? "");
    expect(routes).toContain("/billing/:customerId/pay");
    expect(routes.filter((route) => /\d{3,}|demo-/.test(route))).toEqual([]);
  });
});

describe("the log", () => {
  it("is one JSON object a line: a route refusing a method says so in the request's line alone", () => {
    const lines = portal.output().split("\n").filter(Boolean);
    expect(lines.filter((line) => !line.startsWith("{"))).toEqual([]);
    const refused = logLines().filter((line) => line.event === "http.request" && line.res?.status === 405);
    expect(refused.map((line) => line.route)).toEqual(expect.arrayContaining(["/status", "/accounts/list"]));
    expect(refused.filter((line) => line.req?.method === "TRACE")).toHaveLength(1);
    expect(logLines().filter((line) => line.event === "request.error")).toEqual([]);
  });
});

describe("metrics", () => {
  const moved = (after: Map<string, number>, series: string) => (after.get(series) ?? 0) - (before.get(series) ?? 0);

  it("count sign-ins and payments by outcome", async () => {
    const after = await scrape();
    expect(moved(after, 'portal_sign_ins_total{outcome="wrong_password"}')).toBe(1 + GUESSES);
    expect(moved(after, 'portal_sign_ins_total{outcome="success"}')).toBe(1);
    expect(moved(after, 'portal_sign_ins_total{outcome="limited"}')).toBe(1);
    expect(moved(after, 'portal_payments_total{method="card",outcome="approved"}')).toBe(1);
    expect(moved(after, 'portal_payments_total{method="card",outcome="declined"}')).toBe(1);
    expect(moved(after, 'portal_payments_total{method="bank",outcome="pending"}')).toBe(1);
    expect(moved(after, 'portal_http_request_duration_seconds_count{route="/login",method="POST",status="302"}')).toBe(1);
    expect(
      [...after.keys()].some((series) => series.startsWith('portal_api_call_duration_seconds_count{endpoint="/billing/{id}/payments"')),
    ).toBe(true);
  });

  it("count tagged page views by route pattern and outcome: rendered, then 304; a one-view page not at all", async () => {
    const after = await scrape();
    expect(moved(after, 'portal_page_cache_total{route="/billing-details/:customerId?/payments",outcome="rendered"}')).toBe(1);
    expect(moved(after, 'portal_page_cache_total{route="/billing-details/:customerId?/payments",outcome="304"}')).toBe(1);
    expect([...after.keys()].filter((series) => series.startsWith('portal_page_cache_total{route="/billing/:customerId/pay"'))).toEqual([]);
  });

  it("are not served on the public port without the token", async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
  });
});
