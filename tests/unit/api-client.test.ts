/**
 * The /api/v1 client against msw: what it sends (token, language, query, forms, JSON) and how it maps
 * the API's failures onto what the customer sees (spec section 8).
 */
import { catchLog } from "../support/log-lines.ts";
import { createServer } from "node:net";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiBudget } from "../../app/lib/api-budget.server.ts";
import { ApiClient, ApiFieldErrors, isFailure, snakeCase, toMultipart, type ApiClientOptions } from "../../app/lib/api.server.ts";

const API = "http://api.unit.test/api/v1";
const Ok = z.object({ success: z.literal(true) });
const Contacts = z.object({ contacts: z.array(z.object({ id: z.number() })), customer_name: z.string() });

const server = setupServer();
beforeAll(() =>
  server.listen({
    // A real connection to a closed local port is wanted in one test; anything else must be mocked.
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).hostname !== "127.0.0.1") print.error();
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

// The client logs failures for operators; keep the test output readable.
const quiet = () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};

function client(options: Partial<ApiClientOptions> & { page?: string } = {}) {
  const { page = "/dashboard/100101?tab=billing", ...rest } = options;
  return new ApiClient({
    baseUrl: API,
    token: "access-token-123",
    language: "fr",
    timeoutMs: 2_000,
    request: new Request(`http://portal.test${page}`),
    ...rest,
  });
}

/** Records what reached the API. */
function capture(method: "get" | "post" | "put" | "delete", path: string, answer: unknown = { success: true }) {
  const seen: Request[] = [];
  server.use(
    http[method](`${API}${path}`, ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(answer as Record<string, unknown>);
    }),
  );
  return seen;
}

/** An API answering this status and body to GET /thing. */
const answering = (status: number, body?: unknown) =>
  server.use(
    http.get(`${API}/thing`, () =>
      body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body as Record<string, unknown>, { status }),
    ),
  );

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("the call did not fail");
}

/** A failure thrown as data(): its status and kind, as the error page sees them. */
async function failureOf(promise: Promise<unknown>) {
  const error = await thrown(promise);
  expect(isFailure(error), `not a failure: ${String(error)}`).toBe(true);
  const { data, init } = error as { data: { kind: string }; init: ResponseInit | null };
  return { status: init?.status, kind: data.kind };
}

describe("what the client sends", () => {
  it("adds the bearer token and the page's language", async () => {
    const seen = capture("get", "/dashboard", { customers: [], username: "x" });
    await client().request("GET", "/dashboard", z.object({ customers: z.array(z.unknown()), username: z.string() }));
    expect(seen).toHaveLength(1);
    expect(seen[0].headers.get("Authorization")).toBe("Bearer access-token-123");
    expect(seen[0].headers.get("Accept-Language")).toBe("fr");
    expect(seen[0].headers.get("Accept")).toBe("application/json");
  });

  it("sends no Authorization header on public calls", async () => {
    const seen = capture("get", "/public-thing");
    await client({ token: undefined, language: "en" }).request("GET", "/public-thing", Ok);
    expect(seen[0].headers.has("Authorization")).toBe(false);
    expect(seen[0].headers.get("Accept-Language")).toBe("en");
  });

  it("adds query parameters, leaving out empty ones", async () => {
    const seen = capture("get", "/internet/7001/bandwidth");
    await client().request("GET", "/internet/7001/bandwidth", Ok, {
      query: { from_date: "2026-11-01", to_date: "2026-11-30", forceRefresh: true, page: 2, skipped: undefined, none: null },
    });
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe("/api/v1/internet/7001/bandwidth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from_date: "2026-11-01",
      to_date: "2026-11-30",
      forceRefresh: "true",
      page: "2",
    });
  });

  it("encodes query values", async () => {
    const seen = capture("get", "/services/100101/scheduled-pause-detail");
    await client().request("GET", "/services/100101/scheduled-pause-detail", Ok, { query: { package_ids: "5001,5002", q: "a&b=c é" } });
    const url = new URL(seen[0].url);
    expect(url.searchParams.get("package_ids")).toBe("5001,5002");
    expect(url.searchParams.get("q")).toBe("a&b=c é");
  });

  it("posts forms as multipart form data with snake_case field names", async () => {
    const seen = capture("post", "/customer/200301/contacts");
    const cheque = new File(["%PDF-1.4"], "void-cheque.pdf", { type: "application/pdf" });
    await client().request("POST", "/customer/200301/contacts", Ok, {
      form: {
        firstName: "Amélie",
        last_name: "Tremblay",
        phoneNumber: 4165550123,
        newRoles: ["billing", "notify"],
        isPrimary: false,
        "transit-number": "12345",
        voidCheque: cheque,
        middleName: undefined,
        nickname: null,
      },
    });
    const request = seen[0];
    expect(request.method).toBe("POST");
    expect(request.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get("Authorization")).toBe("Bearer access-token-123");
    const form = await request.formData();
    expect([...new Set(form.keys())].sort()).toEqual([
      "first_name",
      "is_primary",
      "last_name",
      "new_roles",
      "phone_number",
      "transit_number",
      "void_cheque",
    ]);
    expect(form.get("first_name")).toBe("Amélie");
    expect(form.get("last_name")).toBe("Tremblay");
    expect(form.get("phone_number")).toBe("4165550123");
    expect(form.getAll("new_roles")).toEqual(["billing", "notify"]);
    expect(form.get("is_primary")).toBe("false");
    const file = form.get("void_cheque") as File;
    expect(file.name).toBe("void-cheque.pdf");
    expect(await file.text()).toBe("%PDF-1.4");
  });

  it("sends JSON bodies as JSON", async () => {
    const seen = capture("put", "/customer/200301/contact/12");
    await client().request("PUT", "/customer/200301/contact/12", Ok, { json: { new_roles: ["authoritative"] } });
    expect(seen[0].method).toBe("PUT");
    expect(seen[0].headers.get("Content-Type")).toBe("application/json");
    expect(await seen[0].json()).toEqual({ new_roles: ["authoritative"] });
  });

  it("sends DELETE without a body", async () => {
    const seen = capture("delete", "/billing/100101/autopay");
    await expect(client().request("DELETE", "/billing/100101/autopay", Ok)).resolves.toEqual({ success: true });
    expect(seen[0].method).toBe("DELETE");
    expect(await seen[0].text()).toBe("");
  });

  it("answers the parsed data", async () => {
    capture("get", "/customer/200301/contacts", { contacts: [{ id: 1 }], customer_name: "Harbourfront", extra: "dropped" });
    await expect(client().request("GET", "/customer/200301/contacts", Contacts)).resolves.toEqual({
      contacts: [{ id: 1 }],
      customer_name: "Harbourfront",
    });
  });
});

describe("snake_case field names", () => {
  it.each([
    ["firstName", "first_name"],
    ["new_roles", "new_roles"],
    ["institutionNumber", "institution_number"],
    ["transit-number", "transit_number"],
    ["wifi2Name", "wifi2_name"],
    ["email", "email"],
  ])("%s -> %s", (name, expected) => {
    expect(snakeCase(name)).toBe(expected);
  });

  it("toMultipart leaves out null and undefined and repeats arrays", () => {
    const form = toMultipart({ packageIds: [5001, 5002], note: undefined, other: null, enabled: true });
    expect([...form.entries()]).toEqual([
      ["package_ids", "5001"],
      ["package_ids", "5002"],
      ["enabled", "true"],
    ]);
  });
});

describe("401: back to sign-in", () => {
  it("redirects to /login with the encoded path and query in came_from, after clearing the session", async () => {
    answering(401, { success: false, message: "expired" });
    const onUnauthorized = vi.fn();
    const error = await thrown(client({ page: "/billing/100101/invoices?year=2026&page=2", onUnauthorized }).request("GET", "/thing", Ok));
    expect(error).toBeInstanceOf(Response);
    const response = error as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?came_from=%2Fbilling%2F100101%2Finvoices%3Fyear%3D2026%26page%3D2");
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each([
    "/order-summary/summary-token",
    "/agreement/view/token",
    "/activate-account/token",
    "/sso?came_from=%2Fx",
    "/",
    "/login",
    "/login?came_from=%2Fdashboard",
  ])("does not redirect from %s (public page, root or sign-in): an error instead", async (page) => {
    quiet();
    answering(401, { success: false, message: "expired" });
    const onUnauthorized = vi.fn();
    const error = await thrown(client({ page, onUnauthorized }).request("GET", "/thing", Ok));
    expect(error).not.toBeInstanceOf(Response);
    expect(isFailure(error)).toBe(true);
    expect((error as { init: ResponseInit }).init.status).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe("the request id", () => {
  it("goes to the API as X-Request-Id, and a failure carries it for the error page's reference", async () => {
    const seen: Request[] = [];
    server.use(
      http.get(`${API}/thing`, ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json({ success: false, message: "boom" }, { status: 500 });
      }),
    );
    quiet();
    const error = await thrown(client({ requestId: "req-42" }).request("GET", "/thing", Ok));
    expect(seen[0].headers.get("x-request-id")).toBe("req-42");
    expect((error as { data: unknown }).data).toEqual({ kind: "server", reference: "req-42" });
  });
});

describe("failure mapping (spec section 8)", () => {
  it("403 -> the forbidden page", async () => {
    answering(403, { success: false, message: "not a contact" });
    expect(await failureOf(client().request("GET", "/thing", Ok))).toEqual({ status: 403, kind: "forbidden" });
  });

  it("404 -> the not-found page", async () => {
    answering(404, { success: false, message: "no such thing" });
    expect(await failureOf(client().request("GET", "/thing", Ok))).toEqual({ status: 404, kind: "not-found" });
  });

  it("404 -> null where the page is silent about it (order summary, agreement)", async () => {
    answering(404, { success: false, message: "no such thing" });
    await expect(client().request("GET", "/thing", Ok, { silentNotFound: true })).resolves.toBeNull();
  });

  it("silentNotFound does not hide other failures", async () => {
    quiet();
    answering(500, { success: false, message: "boom" });
    expect(await failureOf(client().request("GET", "/thing", Ok, { silentNotFound: true }))).toEqual({ status: 502, kind: "server" });
  });

  it("422 -> ApiFieldErrors with the field map", async () => {
    server.use(
      http.post(`${API}/customer/200301/contacts`, () =>
        HttpResponse.json(
          { success: false, message: "refused", errors: { email: ["email.taken"], phone_number: ["phone.invalid", "phone.too_short"] } },
          { status: 422 },
        ),
      ),
    );
    const error = await thrown(client().request("POST", "/customer/200301/contacts", Ok, { form: { email: "a@b.c" } }));
    expect(error).toBeInstanceOf(ApiFieldErrors);
    expect((error as ApiFieldErrors).errors).toEqual({ email: ["email.taken"], phone_number: ["phone.invalid", "phone.too_short"] });
  });

  it("422 without a field map -> a form-level error", async () => {
    answering(422, { success: false, message: "refused" });
    const error = await thrown(client().request("GET", "/thing", Ok));
    expect(error).toBeInstanceOf(ApiFieldErrors);
    expect((error as ApiFieldErrors).errors).toEqual({ _form: ["invalid"] });
  });

  it.each([500, 502, 400, 409])("%i -> 502 'Something went wrong on server side'", async (status) => {
    quiet();
    answering(status, { success: false, message: "boom" });
    expect(await failureOf(client().request("GET", "/thing", Ok))).toEqual({ status: 502, kind: "server" });
  });

  it("429 -> 502 'Something went wrong on server side' on a page, marked rate-limited for forms", async () => {
    quiet();
    answering(429, { success: false, message: "slow down" });
    expect(await failureOf(client().request("GET", "/thing", Ok))).toEqual({ status: 502, kind: "rate-limited" });
  });

  it("500 with an HTML body -> 502 server", async () => {
    quiet();
    server.use(
      http.get(
        `${API}/thing`,
        () => new HttpResponse("<h1>Internal Server Error</h1>", { status: 500, headers: { "Content-Type": "text/html" } }),
      ),
    );
    expect(await failureOf(client().request("GET", "/thing", Ok))).toEqual({ status: 502, kind: "server" });
  });

  it("503 -> 503 'service unavailable'", async () => {
    quiet();
    answering(503, { success: false, message: "maintenance" });
    expect(await failureOf(client().request("GET", "/thing", Ok))).toEqual({ status: 503, kind: "unavailable" });
  });

  it("success: false on a 200 -> 502 server", async () => {
    quiet();
    answering(200, { success: false, message: "could not" });
    expect(await failureOf(client().request("GET", "/thing", z.object({ success: z.boolean() })))).toEqual({ status: 502, kind: "server" });
  });

  it("an empty body -> 502 server", async () => {
    quiet();
    answering(200);
    expect(await failureOf(client().request("GET", "/thing", z.unknown()))).toEqual({ status: 502, kind: "server" });
  });

  it("a body that is not JSON -> 502 server", async () => {
    quiet();
    server.use(http.get(`${API}/thing`, () => new HttpResponse("OK", { status: 200 })));
    expect(await failureOf(client().request("GET", "/thing", z.unknown()))).toEqual({ status: 502, kind: "server" });
  });

  it("an answer not matching the contract -> 502 server", async () => {
    quiet();
    answering(200, { contacts: [{ id: "one" }], customer_name: "Harbourfront" });
    expect(await failureOf(client().request("GET", "/thing", Contacts))).toEqual({ status: 502, kind: "server" });
  });
});

describe("a redirect field", () => {
  it.each(["/order-confirmed", "/dashboard/100101?welcome=1", "https://pay.example.com/checkout/abc"])(
    "becomes a 302 to %s",
    async (target) => {
      answering(200, { success: true, redirect: target });
      const error = await thrown(client().request("GET", "/thing", Ok));
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(302);
      expect((error as Response).headers.get("Location")).toBe(target);
    },
  );

  it.each([
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "ftp://evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    " //evil.example",
  ])("is ignored when it is %j", async (target) => {
    answering(200, { success: true, redirect: target });
    const result = await client()
      .request("GET", "/thing", Ok)
      .catch((error: unknown) => error);
    expect(result).toEqual({ success: true });
  });
});

describe("no answer", () => {
  it("a refused connection -> 503 unavailable", async () => {
    const log = catchLog();
    const port = await closedPort();
    const error = await failureOf(client({ baseUrl: `http://127.0.0.1:${port}/api/v1` }).request("GET", "/dashboard", Ok));
    log.stop();
    expect(error).toEqual({ status: 503, kind: "unavailable" });
    expect(log.events("api.no-answer")).toMatchObject([{ level: 50, endpoint: "GET (other)" }]);
  });

  it("a network error -> 503 unavailable", async () => {
    quiet();
    server.use(http.get(`${API}/thing`, () => HttpResponse.error()));
    expect(await failureOf(client().request("GET", "/thing", Ok))).toEqual({ status: 503, kind: "unavailable" });
  });

  it("an API slower than the timeout -> 503 unavailable, without waiting for it", async () => {
    quiet();
    server.use(
      http.get(`${API}/thing`, async () => {
        await delay(3_000);
        return HttpResponse.json({ success: true });
      }),
    );
    const started = Date.now();
    expect(await failureOf(client({ timeoutMs: 100 }).request("GET", "/thing", Ok))).toEqual({ status: 503, kind: "unavailable" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("a page whose API does not answer waits its time once (all its calls together), not once per call", async () => {
    quiet();
    let asked = 0;
    server.use(
      http.get(`${API}/thing`, async () => {
        asked += 1;
        await delay(3_000);
        return HttpResponse.json({ success: true });
      }),
    );
    // One page request: its clients (the layout's, the page's) share its time, as api() gives them.
    const page = new Request("http://portal.test/dashboard/100101");
    const budget = new ApiBudget(300);
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      expect(await failureOf(client({ request: page, budget }).request("GET", "/thing", Ok))).toEqual({ status: 503, kind: "unavailable" });
    }
    // 300 ms in all (a call each would have waited 900 ms); the calls after the first are not made.
    expect(Date.now() - started).toBeLessThan(800);
    expect(asked).toBe(1);
  });

  it("a page request the browser abandoned aborts the call (not reported as the API's failure)", async () => {
    server.use(
      http.get(`${API}/thing`, async () => {
        await delay(3_000);
        return HttpResponse.json({ success: true });
      }),
    );
    const controller = new AbortController();
    const request = new Request("http://portal.test/dashboard/100101", { signal: controller.signal });
    const pending = client({ request }).request("GET", "/thing", Ok);
    setTimeout(() => controller.abort(), 20);
    const error = await thrown(pending);
    expect(isFailure(error)).toBe(false);
    expect((error as Error).name).toBe("AbortError");
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("typed calls of the contract", () => {
  it("fills the path's parameters and parses the answer with the endpoint's schema", async () => {
    const seen = capture("get", "/billing/100101/payments", { payments: [], extra: "dropped" });
    await expect(
      client().call("GET /billing/{id}/payments", { params: { id: 100101 }, query: { from_date: "2026-10-01" } }),
    ).resolves.toEqual({ payments: [] });
    expect(new URL(seen[0].url).searchParams.get("from_date")).toBe("2026-10-01");
  });

  it("escapes path parameters", async () => {
    const seen = capture("get", "/billing/a%2F..%2Fb/summary");
    quiet();
    await client()
      .call("GET /billing/{id}/summary", { params: { id: "a/../b" } })
      .catch(() => undefined);
    expect(new URL(seen[0].url).pathname).toBe("/api/v1/billing/a%2F..%2Fb/summary");
  });

  it("refuses an answer that does not match the contract (502)", async () => {
    capture("get", "/billing/100101/invoices", { invoices: [{ invoice_id: "not a number" }] });
    quiet();
    expect(await failureOf(client().call("GET /billing/{id}/invoices", { params: { id: 100101 } }))).toEqual({
      status: 502,
      kind: "server",
    });
  });

  it("sends the Idempotency-Key of writes that move money", async () => {
    const answer = {
      success: true,
      payment: {
        payment_id: 1,
        transaction_id: "TX-1",
        date: "2026-11-23",
        paid_at: "2026-11-23T10:00:00Z",
        amount: 10,
        method: "credit_card",
        type: "one_time",
        status: "successful",
        card_brand: "visa",
        card_last_four: "4242",
        settles_by: null,
      },
      balance_owing: 5,
      amount_due: 5,
      suspension_lifted: false,
    };
    const seen = capture("post", "/billing/100101/payments", answer);
    const result = await client().call("POST /billing/{id}/payments", {
      params: { id: 100101 },
      idempotencyKey: "key-123",
      form: { method: "credit_card", amount: "10" },
    });
    expect(result.payment.transaction_id).toBe("TX-1");
    expect(seen[0].headers.get("Idempotency-Key")).toBe("key-123");
  });

  it("will not send a write the contract marks idempotent without its key", async () => {
    const seen = capture("post", "/billing/100101/payments");
    const call = client().call("POST /billing/{id}/payments", {
      params: { id: 100101 },
      form: { method: "credit_card" },
    } as never);
    await expect(call).rejects.toThrow(/Idempotency-Key/);
    expect(seen).toHaveLength(0);
  });

  it("downloads a file answer as it comes, and maps a refusal like any call", async () => {
    server.use(
      http.get(
        `${API}/billing/100101/invoices/9/pdf`,
        () => new HttpResponse("%PDF-1.4 test", { headers: { "Content-Type": "application/pdf" } }),
      ),
      http.get(`${API}/billing/100101/invoices/10/pdf`, () =>
        HttpResponse.json({ success: false, message: "Invoice not found" }, { status: 404 }),
      ),
    );
    const response = await client().download("GET /billing/{id}/invoices/{invoiceId}/pdf", { params: { id: 100101, invoiceId: 9 } });
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(await response.text()).toBe("%PDF-1.4 test");
    expect(
      await failureOf(client().download("GET /billing/{id}/invoices/{invoiceId}/pdf", { params: { id: 100101, invoiceId: 10 } })),
    ).toEqual({ status: 404, kind: "not-found" });
  });
});

describe("a double submit with one Idempotency-Key", () => {
  it("waits for the first request's answer instead of failing (409 while it is processed)", async () => {
    let calls = 0;
    server.use(
      http.delete(`${API}/thing`, () => {
        calls += 1;
        return calls < 3
          ? HttpResponse.json({ success: false, message: "still processing" }, { status: 409 })
          : HttpResponse.json({ success: true });
      }),
    );
    await expect(client().request("DELETE", "/thing", Ok, { headers: { "Idempotency-Key": "k" } })).resolves.toEqual({ success: true });
    expect(calls).toBe(3);
  });

  it("does not retry a 409 of a call without a key", async () => {
    quiet();
    answering(409, { success: false, message: "conflict" });
    expect(await failureOf(client().request("GET", "/thing", Ok))).toEqual({ status: 502, kind: "server" });
  });
});
