/**
 * What an account suspended for non-payment is asked to pay on the account details page and the proof
 * of payment page: what is still owed once the payments on their way are counted (the API's amount_due,
 * as the billing summary and the dashboard show it), never the balance; when the payments on their way
 * cover the balance, no "Pay your balance of $0.00" but that they restore the services once approved.
 * The loaders' data, then the pages rendered as the server renders them, in English and in French.
 */
import * as conform from "@conform-to/react";
import { createElement as h, type ReactNode } from "react";
import { renderWords } from "../support/render-page.ts";
import { describe, expect, it } from "vitest";
import type { BillingSummaryAnswer } from "#contract/billing";
import type { ResidentialBillingDetailsAnswer } from "#contract/dashboard";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { provideConform } from "../../app/lib/conform.ts";
import type { Language } from "../../app/lib/i18n.ts";
import AccountDetails, { loader as accountDetailsLoader } from "../../app/routes/services/account-details.tsx";
import ProofOfPayment, { loader as proofLoader } from "../../app/routes/billing/proof-of-payment.tsx";
import { pendingBankPayment, summary } from "../mocks/billing.ts";
import { on, reply } from "../mocks/contract.ts";
import { residentialBilling } from "../mocks/fixtures.ts";
import { services } from "../mocks/services.ts";
import { pageCalls, recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute, signedInCookie } from "../support/route.ts";

type Handler = (args: any) => unknown;

// As on the server (entry.server.tsx): the proof form renders at once, without waiting for conform.
provideConform(conform);

const call = async (handler: Handler, url: string) =>
  callRoute<any>(handler, { url, params: { customerId: "100101" }, cookie: await signedInCookie(), middleware: [requireUserMiddleware] });

const NBSP = "\u00a0";
/** The demo account 100201: a balance of $386.58, a bank payment of $124.30 on its way, $262.28 still owed. */
const BALANCE = 386.58;

/** The account's billing as the billing summary and the dashboard's billing details answer it, suspended. */
function suspendedWith(onItsWay: number[]) {
  const pendingTotal = Math.round(onItsWay.reduce((sum, amount) => sum + amount, 0) * 100) / 100;
  const amountDue = Math.max(0, Math.round((BALANCE - pendingTotal) * 100) / 100);
  const payments = onItsWay.map((amount, i) => ({ ...pendingBankPayment, payment_id: 600 + i, amount }));
  const billingSummary: BillingSummaryAnswer = {
    ...summary,
    balanceDetails: {
      ...summary.balanceDetails,
      balance_owing: BALANCE,
      pending_payments: payments,
      pending_total: pendingTotal,
      amount_due: amountDue,
      past_due: BALANCE,
    },
    suspended_for_nonpayment: true,
  };
  const billingDetails: ResidentialBillingDetailsAnswer = {
    billing_details: {
      ...residentialBilling.billing_details,
      balance_owing: BALANCE,
      pending_payments: payments.map(({ amount, date, method, settles_by }) => ({ amount, date, method, settles_by: settles_by! })),
      pending_total: pendingTotal,
      amount_due: amountDue,
      past_due: BALANCE,
    },
  };
  server.use(
    on("GET /services/{customerId}", () =>
      reply("GET /services/{customerId}", services({ balance_owing: BALANCE, suspended_for_nonpayment: true })),
    ),
    on("GET /residential-dashboard/{customerId}/billing-details", () =>
      reply("GET /residential-dashboard/{customerId}/billing-details", billingDetails),
    ),
    on("GET /billing/{id}/summary", () => reply("GET /billing/{id}/summary", billingSummary)),
  );
}

/** A page's words as a reader gets them, rendered inside a router with every text of a language. */
const render = (page: (props: { loaderData: unknown }) => ReactNode, loaderData: unknown, language: Language = "en") =>
  renderWords(() => h(page, { loaderData }), language);
const accountPage = (loaderData: unknown, language?: Language) =>
  render(AccountDetails as (props: { loaderData: unknown }) => ReactNode, loaderData, language);
const proofPage = (loaderData: unknown, language?: Language) =>
  render(ProofOfPayment as (props: { loaderData: unknown }) => ReactNode, loaderData, language);

describe("the account details page of an account suspended for non-payment", () => {
  const page = () => call(accountDetailsLoader as Handler, "/account-details/100101");

  it("asks for what is still owed once the payment on its way is counted, not the balance", async () => {
    suspendedWith([124.3]);
    const result = await page();
    expect(result.status).toBe(200);
    expect(result.data.owed).toEqual({ amountDue: 262.28, pendingTotal: 124.3, pendingCount: 1 });
    const text = accountPage(result.data);
    expect(text).toContain("Pay your balance of $262.28 to restore your services.");
    expect(text).not.toContain("$386.58");
    expect(text).toContain("Make a payment");
    expect(accountPage(result.data, "fr")).toContain(`Payez votre solde de 262,28${NBSP}$ pour rétablir vos services.`);
  });

  it("says the payment on its way restores the services when it covers the balance, with no payment asked", async () => {
    suspendedWith([BALANCE]);
    const result = await page();
    expect(result.data.owed).toEqual({ amountDue: 0, pendingTotal: BALANCE, pendingCount: 1 });
    const text = accountPage(result.data);
    expect(text).toContain("Your payment on its way ($386.58) covers your balance: it restores your services as soon as it is approved.");
    expect(text).not.toContain("$0.00");
    expect(text).not.toContain("Make a payment");
    expect(accountPage(result.data, "fr")).toContain(
      `Votre paiement en route (386,58${NBSP}$) couvre votre solde${NBSP}: il rétablira vos services dès qu’il sera approuvé.`,
    );
  });

  it("names several payments on their way as such", async () => {
    suspendedWith([200, 186.58]);
    const result = await page();
    expect(result.data.owed.pendingCount).toBe(2);
    expect(accountPage(result.data)).toContain("Your payments on their way ($386.58) cover your balance: they restore your services");
    expect(accountPage(result.data, "fr")).toContain(
      `Vos paiements en route (386,58${NBSP}$) couvrent votre solde${NBSP}: ils rétabliront`,
    );
  });

  it("asks what is still owed with the dashboard's billing details, only while the account is suspended", async () => {
    suspendedWith([124.3]);
    const calls = recordApiCalls();
    await page();
    expect(pageCalls(calls).map((c) => c.path)).toContain("/residential-dashboard/100101/billing-details");
  });

  it("asks nothing more of an account that is not suspended, and shows no notice", async () => {
    const calls = recordApiCalls();
    const result = await page();
    expect(result.data.owed).toBeNull();
    expect(pageCalls(calls).map((c) => c.path)).not.toContain("/residential-dashboard/100101/billing-details");
    expect(accountPage(result.data)).not.toContain("suspended for non-payment");
  });
});

describe("the proof of payment page of an account suspended for non-payment", () => {
  const page = () => call(proofLoader as Handler, "/billing/100101/proof-of-payment");

  it("names what is still owed once the payment on its way is counted, not the balance", async () => {
    suspendedWith([124.3]);
    const result = await page();
    expect(result.data.suspended).toBe(true);
    expect(result.data.owed).toEqual({ amountDue: 262.28, pendingTotal: 124.3, pendingCount: 1 });
    expect(result.data).not.toHaveProperty("balance");
    const text = proofPage(result.data);
    expect(text).toContain("If you already paid your balance of $262.28 elsewhere");
    expect(text).not.toContain("$386.58");
    expect(proofPage(result.data, "fr")).toContain(`Si vous avez déjà payé votre solde de 262,28${NBSP}$ ailleurs`);
  });

  it("says the payment on its way restores the services when it covers the balance", async () => {
    suspendedWith([BALANCE]);
    const result = await page();
    expect(result.data.owed).toEqual({ amountDue: 0, pendingTotal: BALANCE, pendingCount: 1 });
    const text = proofPage(result.data);
    expect(text).toContain("Your payment on its way ($386.58) covers your balance: it restores your services as soon as it is approved");
    expect(text).not.toContain("$0.00");
    expect(proofPage(result.data, "fr")).toContain(
      `Votre paiement en route (386,58${NBSP}$) couvre votre solde${NBSP}: il rétablira vos services dès qu’il sera approuvé`,
    );
  });
});
