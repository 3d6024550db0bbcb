/**
 * Billing history: /billing/{id}/invoices, the invoice PDF, /billing-details/{id} and
 * /billing-details/{id}/payments, their loaders called with msw answering the API.
 */
import type { MiddlewareFunction } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PaymentRecord } from "#contract/billing";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { tFor } from "../../app/lib/i18n.server.ts";
import { takeNotifications } from "../../app/lib/session.server.ts";
import { loader as autopayLoader } from "../../app/routes/billing/autopay.tsx";
import { loader as detailsLoader } from "../../app/routes/billing/details.tsx";
import * as pdfRoute from "../../app/routes/billing/invoice-pdf.tsx";
import { invoiceFile } from "../../app/routes/billing/invoice-pdf.server.ts";
import { loader as invoicesLoader } from "../../app/routes/billing/invoices.tsx";
import { loader as paymentsLoader } from "../../app/routes/billing/payments.tsx";
import { loader as summaryLoader } from "../../app/routes/billing/summary.tsx";
import { invoices, payment } from "../mocks/billing.ts";
import { on, refuse, reply } from "../mocks/contract.ts";
import { dashboard, residentialBilling, residentialCustomer } from "../mocks/fixtures.ts";
import { pageCalls, recordApiCalls } from "../support/api-calls.ts";
import { useEnv } from "../support/config.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, signedInCookie } from "../support/route.ts";

type Loader = (args: any) => unknown;

const call = async (loader: Loader, url: string, params: Record<string, string>) =>
  callRoute<any>(loader, { url, params, cookie: await signedInCookie(), middleware: [requireUserMiddleware] });

const invoicesPage = (customerId: string, query = "") => call(invoicesLoader, `/billing/${customerId}/invoices${query}`, { customerId });
/** The PDF as the browser asks for it (a document): the route's middleware answers the file, or its loader the error page. */
const pdf = async (customerId: string, invoiceId: string, query = "") =>
  callRoute<any>(pdfRoute.loader, {
    url: `/billing/${customerId}/invoices/${invoiceId}/pdf${query}`,
    params: { customerId, invoiceId },
    cookie: await signedInCookie(),
    middleware: [requireUserMiddleware, ...(pdfRoute.middleware as unknown as MiddlewareFunction<Response>[])],
  });
const detailsPage = (customerId: string) => call(detailsLoader, `/billing-details/${customerId}`, { customerId });
const paymentsPage = (customerId: string, query = "") =>
  call(paymentsLoader, `/billing-details/${customerId}/payments${query}`, { customerId });

/** The user's accounts with one more: 200303, billed through a parent account (not billing-authoritative). */
const withAccount = (extra: Partial<(typeof dashboard.customers)[number]>, base = dashboard.customers) =>
  server.use(
    on("GET /dashboard", () =>
      reply("GET /dashboard", {
        ...dashboard,
        customers: [
          ...base,
          {
            customer_id: 200303,
            contract_name: "Liberty Village Studios",
            isResidential: false,
            isBillingAuthoritative: false,
            credit_card_allowed: true,
            roles: ["authoritative"],
            ...extra,
          },
        ],
      }),
    ),
  );

/** Calls that reached the API other than the account list. */
/** The calls of the page itself, without the account list's (the user's revision and GET /dashboard). */
afterEach(() => {
  vi.restoreAllMocks();
});

/** The failures every page of this set shares: 404 for a malformed id, 403 for another's or a child account. */
describe.each([
  ["invoices", invoicesPage],
  ["invoice PDF", (id: string) => pdf(id, "9011")],
  ["billing details", detailsPage],
  ["payment history", paymentsPage],
] as const)("%s: access", (_name, open) => {
  it("answers 404 for a malformed account id, without asking the API", async () => {
    const calls = recordApiCalls();
    for (const id of ["abc", "100101abc", "-1"]) {
      const result = await open(id);
      expect(result.status).toBe(404);
      expect(result.data).toEqual({ kind: "unmatched" });
    }
    expect(calls).toEqual([]);
  });

  it("answers 403 for an account that is not the user's, without asking the API about it", async () => {
    const calls = recordApiCalls();
    const result = await open("999999");
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ kind: "forbidden" });
    expect(pageCalls(calls)).toEqual([]);
  });

  it("answers 403 for an account billed through a parent account, naming it", async () => {
    withAccount({});
    const calls = recordApiCalls();
    const result = await open("200303");
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ kind: "billed-elsewhere", id: 200303, name: "Liberty Village Studios" });
    expect(pageCalls(calls)).toEqual([]);
  });
});

describe("invoices", () => {
  it("lists the account's invoices, newest first, as the API answers them, with the account's name", async () => {
    const calls = recordApiCalls();
    const result = await invoicesPage("100101", "?lng=fr");
    expect(result.status).toBe(200);
    expect(result.data.customer).toEqual({ customer_id: 100101, contract_name: "Maya Singh" });
    expect(result.data.invoices.map((i: any) => [i.invoice_number, i.total, i.amount_paid, i.balance_due, i.status])).toEqual([
      ["INV-100101-202611", 163.85, 0, 163.85, "unpaid"],
      ["INV-100101-202610", 178.53, 178.53, 0, "paid"],
      ["INV-100101-202609", 163.85, 163.85, 0, "paid"],
    ]);
    const [invoiceCall] = pageCalls(calls);
    expect(`${invoiceCall.method} ${invoiceCall.path}`).toBe("GET /billing/100101/invoices");
    expect(invoiceCall.authorization).toMatch(/^Bearer ey/);
    expect(invoiceCall.language).toBe("fr");
  });

  it("commercial accounts see their invoices too", async () => {
    const calls = recordApiCalls();
    const result = await invoicesPage("200301");
    expect(result.status).toBe(200);
    expect(result.data.customer.contract_name).toBe("Harbourfront Logistics Inc.");
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/billing/200301/invoices"]);
  });

  it("an account without invoices gets an empty list (the page's empty state)", async () => {
    server.use(on("GET /billing/{id}/invoices", () => reply("GET /billing/{id}/invoices", { invoices: [] })));
    const result = await invoicesPage("100101");
    expect(result.status).toBe(200);
    expect(result.data.invoices).toEqual([]);
  });

  it("an API that refuses the account (403) shows the forbidden page", async () => {
    server.use(on("GET /billing/{id}/invoices", () => refuse(403)));
    const result = await invoicesPage("100101");
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ kind: "forbidden" });
  });
});

describe("invoice PDF", () => {
  it("streams the API's PDF with the customer's token and language, inline and never cached", async () => {
    const calls = recordApiCalls();
    const result = await pdf("100101", String(invoices.invoices[0].invoice_id), "?lng=fr");
    expect(result.status).toBe(200);
    expect(result.body).toBe("%PDF-1.4 invoice 9011");
    expect(result.headers.get("Content-Type")).toBe("application/pdf");
    expect(result.headers.get("Content-Disposition")).toBe('inline; filename="INV-9011.pdf"');
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
    const [pdfCall] = pageCalls(calls);
    expect(`${pdfCall.method} ${pdfCall.path}`).toBe("GET /billing/100101/invoices/9011/pdf");
    expect(pdfCall.authorization).toMatch(/^Bearer ey/);
    expect(pdfCall.language).toBe("fr");
  });

  it("passes the bytes through unchanged, with their length", async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80, 0x0a]);
    server.use(
      on(
        "GET /billing/{id}/invoices/{invoiceId}/pdf",
        () =>
          new Response(bytes, {
            headers: {
              "Content-Type": "application/pdf",
              "Content-Disposition": 'inline; filename="INV-100101-202611.pdf"',
              "Content-Length": String(bytes.length),
            },
          }),
      ),
    );
    let received: Uint8Array | undefined;
    const result = await callRoute<any>(
      async (args: any) => {
        const response = await invoiceFile(args.context, args.request, args.params);
        received = new Uint8Array(await response.clone().arrayBuffer());
        return response;
      },
      {
        url: "/billing/100101/invoices/9011/pdf",
        params: { customerId: "100101", invoiceId: "9011" },
        cookie: await signedInCookie(),
        middleware: [requireUserMiddleware],
      },
    );
    expect(result.status).toBe(200);
    expect(received).toEqual(bytes);
    expect(result.headers.get("Content-Length")).toBe("9");
    expect(result.headers.get("Content-Disposition")).toBe('inline; filename="INV-100101-202611.pdf"');
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it.each(["abc", "90x1", "-1", "1.5", "9011abc"])("answers 404 for the invoice id %j, without asking the API", async (invoiceId) => {
    const calls = recordApiCalls();
    const result = await pdf("100101", invoiceId);
    expect(result.status).toBe(404);
    expect(result.data).toEqual({ kind: "unmatched" });
    expect(pageCalls(calls)).toEqual([]);
  });

  it("an invoice the API does not know is the not-found page", async () => {
    server.use(on("GET /billing/{id}/invoices/{invoiceId}/pdf", () => refuse(404)));
    const result = await pdf("100101", "123");
    expect(result.status).toBe(404);
    expect(result.data).toEqual({ kind: "not-found" });
  });
});

describe("billing details", () => {
  it("shows a residential account's balance, current invoice, last payment and next bill, with a way to pay", async () => {
    const calls = recordApiCalls();
    const result = await detailsPage("100101");
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      customer: { customer_id: 100101, contract_name: "Maya Singh" },
      billing: residentialBilling.billing_details,
      canPay: true,
      showAutopay: true,
    });
    expect(pageCalls(calls).map((c) => `${c.method} ${c.path}`)).toEqual(["GET /residential-dashboard/100101/billing-details"]);
  });

  it("offers no payment when nothing is owing", async () => {
    server.use(
      on("GET /residential-dashboard/{customerId}/billing-details", () =>
        reply("GET /residential-dashboard/{customerId}/billing-details", {
          billing_details: { ...residentialBilling.billing_details, balance_owing: 0, amount_due: 0, due_date: null },
        }),
      ),
    );
    const result = await detailsPage("100101");
    expect(result.data.canPay).toBe(false);
    expect(result.data.billing.balance_owing).toBe(0);
  });

  it("offers no payment when the whole balance is on its way, and names what is", async () => {
    const onItsWay = { amount: 163.85, date: "2026-11-24", method: "bank" as const, settles_by: "2026-11-26T15:30:00.000Z" };
    server.use(
      on("GET /residential-dashboard/{customerId}/billing-details", () =>
        reply("GET /residential-dashboard/{customerId}/billing-details", {
          billing_details: { ...residentialBilling.billing_details, pending_payments: [onItsWay], pending_total: 163.85, amount_due: 0 },
        }),
      ),
    );
    const result = await detailsPage("100101");
    expect(result.data.canPay).toBe(false);
    expect(result.data.billing).toMatchObject({
      balance_owing: 163.85,
      pending_total: 163.85,
      amount_due: 0,
      pending_payments: [onItsWay],
    });
  });

  it("offers no payment to a contact without the authoritative or billing role", async () => {
    server.use(
      on("GET /dashboard", () => reply("GET /dashboard", { ...dashboard, customers: [{ ...residentialCustomer, roles: ["support"] }] })),
    );
    const result = await detailsPage("100101");
    expect(result.status).toBe(200);
    expect(result.data.canPay).toBe(false);
  });

  it("leaves out automatic payments when the feature is off", async () => {
    useEnv({ FEATURE_AUTOPAY_BILLING: "false" });
    const result = await detailsPage("100101");
    expect(result.data.showAutopay).toBe(false);
  });

  it("sends a commercial account to its billing summary (the endpoint is residential-only)", async () => {
    const calls = recordApiCalls();
    const result = await detailsPage("200301");
    expect(result.status).toBe(302);
    expect(result.location).toBe("/billing/200301");
    expect(pageCalls(calls)).toEqual([]);
  });
});

/** A calendar day (UTC, as the API dates payments) some days before today. */
const daysAgo = (days: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
};

const paymentOn = (id: number, days: number, overrides: Partial<PaymentRecord>) =>
  payment({ payment_id: id, transaction_id: `TX-${id}`, date: daysAgo(days), paid_at: `${daysAgo(days)}T15:00:00Z`, ...overrides });
const bank = { card_brand: null, card_last_four: null } as const;

const answering = (payments: PaymentRecord[]) =>
  server.use(on("GET /billing/{id}/payments", () => reply("GET /billing/{id}/payments", { payments })));

describe("payment history", () => {
  it("lists the payments the API answers, without asking for dates when none are chosen", async () => {
    const calls = recordApiCalls();
    const result = await paymentsPage("100101");
    expect(result.status).toBe(200);
    expect(result.data.customer).toEqual({ customer_id: 100101, contract_name: "Maya Singh" });
    expect(result.data.errors).toEqual({});
    expect(result.data.filter).toEqual({ from_date: "", to_date: "" });
    const [paymentsCall] = pageCalls(calls);
    expect(`${paymentsCall.method} ${paymentsCall.path}`).toBe("GET /billing/100101/payments");
    expect([...paymentsCall.query]).toEqual([]);
  });

  it("hides bank and pre-authorized debit payments older than 30 days, and keeps every other payment", async () => {
    answering([
      paymentOn(1, 2, { method: "bank", type: "one_time", status: "pending", settles_by: `${daysAgo(0)}T15:00:00Z`, ...bank }),
      paymentOn(2, 10, { method: "credit_card" }),
      paymentOn(3, 30, { method: "pad", type: "autopay", ...bank }),
      paymentOn(4, 31, { method: "pad", type: "autopay", ...bank }),
      paymentOn(5, 41, { method: "bank", status: "declined", ...bank }),
      paymentOn(6, 70, { method: "credit_card", type: "autopay", status: "declined" }),
      paymentOn(7, 200, { method: "cheque", ...bank }),
      paymentOn(8, 400, { method: "bank", ...bank }),
    ]);
    const result = await paymentsPage("100101");
    expect(result.status).toBe(200);
    expect(result.data.payments.map((p: PaymentRecord) => p.transaction_id)).toEqual(["TX-1", "TX-2", "TX-3", "TX-6", "TX-7"]);
  });

  it("passes the chosen dates to the API and shows them again", async () => {
    const calls = recordApiCalls();
    const result = await paymentsPage("100101", "?from_date=2026-01-01&to_date=2026-03-31");
    expect(result.status).toBe(200);
    expect(result.data.filter).toEqual({ from_date: "2026-01-01", to_date: "2026-03-31" });
    const [paymentsCall] = pageCalls(calls);
    expect(paymentsCall.query.get("from_date")).toBe("2026-01-01");
    expect(paymentsCall.query.get("to_date")).toBe("2026-03-31");
  });

  it("passes one date alone, and ignores fields left empty", async () => {
    const calls = recordApiCalls();
    const result = await paymentsPage("100101", "?from_date=&to_date=2026-03-31");
    expect(result.status).toBe(200);
    expect(result.data.errors).toEqual({});
    const [paymentsCall] = pageCalls(calls);
    expect(paymentsCall.query.has("from_date")).toBe(false);
    expect(paymentsCall.query.get("to_date")).toBe("2026-03-31");
  });

  it.each([
    ["?from_date=abc", "from_date", "api:from_date.invalid"],
    ["?from_date=2026-02-30", "from_date", "api:from_date.invalid"],
    ["?from_date=01/02/2026", "from_date", "api:from_date.invalid"],
    ["?to_date=2026-13-01", "to_date", "api:to_date.invalid"],
    ["?to_date=2026-1-5", "to_date", "api:to_date.invalid"],
    ["?from_date=2026-03-01&to_date=2026-02-01", "to_date", "api:to_date.before_from_date"],
  ])("%s never reaches the API: 400, a message next to the filter, no list", async (query, field, message) => {
    const calls = recordApiCalls();
    const result = await paymentsPage("100101", query);
    expect(result.status).toBe(400);
    expect(result.data.errors).toEqual({ [field]: [message] });
    expect(result.data.payments).toBeNull();
    expect(pageCalls(calls)).toEqual([]);
  });

  it("the messages are written in both languages", () => {
    for (const key of ["from_date.invalid", "to_date.invalid", "to_date.before_from_date"]) {
      expect(tFor("en", "api")(key)).not.toBe(key);
      expect(tFor("fr", "api")(key)).not.toBe(key);
    }
    expect(tFor("en", "api")("to_date.before_from_date")).toBe("The end date must be on or after the start date.");
  });

  it("shows the API's 422 (to_date.before_from_date) as the message of the end date", async () => {
    server.use(on("GET /billing/{id}/payments", () => refuse(422, { to_date: ["to_date.before_from_date"] })));
    const result = await paymentsPage("100101", "?from_date=2026-01-01&to_date=2026-03-31");
    expect(result.status).toBe(400);
    expect(result.thrown).toBe(false);
    expect(result.data.errors).toEqual({ to_date: ["api:to_date.before_from_date"] });
    expect(result.data.payments).toBeNull();
    expect(result.data.filter).toEqual({ from_date: "2026-01-01", to_date: "2026-03-31" });
  });

  it("an API code without a translation gets the generic message, on its field or above the form", async () => {
    server.use(on("GET /billing/{id}/payments", () => refuse(422, { from_date: ["from_date.too_old"], range: ["range.too_long"] })));
    const result = await paymentsPage("100101", "?from_date=2000-01-01");
    expect(result.status).toBe(400);
    expect(result.data.errors).toEqual({ from_date: ["api:_generic.field"], "": ["api:_generic.form"] });
  });

  it("a failing API is 'Something went wrong on server side', not a crash", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    server.use(on("GET /billing/{id}/payments", () => refuse(500)));
    const result = await paymentsPage("100101");
    expect(result.status).toBe(502);
    expect(result.data).toEqual({ kind: "server" });
  });
});

describe("billing pages without an account id", () => {
  const pages: [string, Loader, (id: number) => string][] = [
    ["/billing", summaryLoader, (id) => `/billing/${id}`],
    ["/billing/autopay", autopayLoader, (id) => `/billing/${id}/autopay`],
    ["/billing/invoices", invoicesLoader, (id) => `/billing/${id}/invoices`],
    ["/billing-details", detailsLoader, (id) => `/billing-details/${id}`],
    ["/billing-details/payments", paymentsLoader, (id) => `/billing-details/${id}/payments`],
  ];
  const withoutId = async (loader: Loader, url: string, cookie = "") =>
    callRoute<any>(loader, { url, params: {}, cookie: `${await signedInCookie()}${cookie}`, middleware: [requireUserMiddleware] });

  it("go to the same page of the active account (the activeCustomerId cookie), the query kept", async () => {
    useEnv({ FEATURE_AUTOPAY_BILLING: "true" });
    for (const [url, loader, to] of pages) {
      const first = await withoutId(loader, url);
      expect(first.location, url).toBe(to(100101));
      const remembered = await withoutId(loader, `${url}?lng=fr`, "; activeCustomerId=200301");
      expect(remembered.location, url).toBe(`${to(200301)}?lng=fr`);
    }
  });

  it("skip an active account billed through a parent account for the first billing account", async () => {
    withAccount({});
    const result = await withoutId(invoicesLoader, "/billing/invoices", "; activeCustomerId=200303");
    expect(result.location).toBe("/billing/100101/invoices");
  });

  it("with no billing account at all: the active account's dashboard and a notice saying why", async () => {
    withAccount({}, []);
    const result = await withoutId(summaryLoader, "/billing");
    expect(result.location).toBe("/dashboard/200303");
    const next = await callRoute<any>(({ context }: { context: any }) => takeNotifications(context), {
      url: "/dashboard/200303",
      cookie: nextCookie(await signedInCookie(), result.setCookies),
    });
    expect(next.data).toEqual([expect.objectContaining({ type: "info", key: "notifications.noBillingAccount" })]);
    expect(tFor("fr", "common")("notifications.noBillingAccount")).toContain("\u00a0:");
  });

  it("automatic payments without the feature: not found, not a redirect", async () => {
    useEnv({ FEATURE_AUTOPAY_BILLING: "false" });
    const result = await withoutId(autopayLoader, "/billing/autopay");
    expect(result.status).toBe(404);
    expect(result.location).toBeNull();
  });
});
