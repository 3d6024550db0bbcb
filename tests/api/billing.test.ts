import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AutopayAnswer,
  AutopaySetupAnswer,
  AutopayStopAnswer,
  BillingSummaryAnswer,
  PadRemovalAnswer,
  InvoicesAnswer,
  MakePaymentAnswer,
  PaymentsAnswer,
  ProofOfPaymentAnswer,
} from "#contract/billing";
import { ErrorAnswer } from "#contract/common";
import { printable, renderInvoicePdf } from "../../api/service/invoice-pdf.ts";
import { readPdf, type TagNode } from "../support/pdf-reader.ts";
import { sampleBmp, samplePdf, samplePng } from "../support/sample-files.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { NOW } from "./support/constants.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;
let sam: string;

const RESI = 100101;
const FAMILY_HOME = 100201; // suspended for non-payment
const CONDO = 100202;
const PARENTS = 100203;
const NO_CARDS = 200302; // credit_card_allowed = false
const NOT_AUTHORITATIVE = 200303; // billed through a parent account
const SUPPORT_ONLY = 200304; // business@example.com has only the support and notify roles
const JUNCTION = 200310; // an active PAD; business@example.com has the billing role

const VISA = { card_number: "4242 4242 4242 4242", expiry: "09/29", cvv: "123", cardholder_name: "Maya Singh" };
const BANK = { institution_number: "004", transit_number: "12345", account_number: "1234567", account_holder: "Maya Singh" };

const PNG = new Uint8Array(samplePng());
const PDF = new Uint8Array(samplePdf());
const BMP = new Uint8Array(sampleBmp());
const TEXT = new TextEncoder().encode("just some text, not an image");

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = "application/octet-stream") => new Blob([bytes], { type });
const key = () => randomUUID();
const codes = (body: unknown) => ErrorAnswer.parse(body).errors ?? {};

function padForm(overrides: Record<string, string | null> = {}, cheque: Blob | null = file(PNG, "cheque.png", "image/png")) {
  const form = new FormData();
  const fields: Record<string, string | null> = {
    institution_number: "003",
    transit_number: "06232",
    account_number: "0012345678",
    account_holder: "Jordan Gagnon",
    branch_address: "18 Wychwood Ave, Toronto",
    agreement_accepted: "true",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  if (cheque) form.append("void_cheque", cheque, "cheque.png");
  return form;
}

async function balanceOf(customerId: number, token: string) {
  const { body } = await api.call("GET", `/billing/${customerId}/summary`, { token });
  return BillingSummaryAnswer.parse(body).balanceDetails.balance_owing;
}

const pay = (customerId: number, token: string, json: unknown, idempotencyKey: string | null = key()) =>
  api.call("POST", `/billing/${customerId}/payments`, {
    token,
    json,
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {},
  });

const countRows = async (sql: string, params: unknown[]) => Number((await api.db.one<{ n: number }>(sql, params))!.n);

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business, sam] = await api.signInAll(
    "resi@example.com",
    "family@example.com",
    "business@example.com",
    "sam.gagnon@example.com",
  );
});
afterAll(() => api.close());

describe("the demo seed", () => {
  it("dates no payment after the seed day (past events are in the past)", async () => {
    const [late] = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM payments WHERE paid_at > $1", [NOW]);
    expect(late.n).toBe(0);
  });
});

describe("access to /billing", () => {
  it("answers 401 without a token", async () => {
    for (const [method, path] of [
      ["GET", `/billing/${RESI}/invoices`],
      ["GET", `/billing/${RESI}/summary`],
      ["GET", `/billing/${RESI}/autopay`],
      ["GET", `/billing/${RESI}/payments`],
      ["POST", `/billing/${RESI}/payments`],
      ["DELETE", `/billing/${RESI}/autopay`],
      ["POST", `/billing/${RESI}/proof-of-payment`],
    ]) {
      expect((await api.call(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });

  it("answers 403 for another user's account, an unknown one, and one billed through its parent", async () => {
    expect((await api.call("GET", `/billing/${FAMILY_HOME}/invoices`, { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/billing/999999/summary", { token: resi })).status).toBe(403);
    expect((await api.call("GET", `/billing/${NOT_AUTHORITATIVE}/invoices`, { token: business })).status).toBe(403);
    expect((await api.call("GET", `/billing/${NOT_AUTHORITATIVE}/autopay`, { token: business })).status).toBe(403);
    expect((await pay(NOT_AUTHORITATIVE, business, { method: "bank", amount: 1, ...BANK })).status).toBe(403);
  });

  it("lets a contact without the billing or authoritative role read but not pay or change autopay", async () => {
    expect((await api.call("GET", `/billing/${SUPPORT_ONLY}/summary`, { token: business })).status).toBe(200);
    expect((await pay(SUPPORT_ONLY, business, { method: "credit_card", amount: 1, ...VISA })).status).toBe(403);
    expect((await api.call("DELETE", `/billing/${SUPPORT_ONLY}/autopay`, { token: business })).status).toBe(403);
    const card = await api.call("POST", `/billing/${SUPPORT_ONLY}/autopay/credit-card`, {
      token: business,
      json: VISA,
      headers: { "Idempotency-Key": key() },
    });
    expect(card.status).toBe(403);
    const proof = new FormData();
    proof.append("attachments", file(PNG, "a.png"), "a.png");
    expect((await api.call("POST", `/billing/${SUPPORT_ONLY}/proof-of-payment`, { token: business, form: proof })).status).toBe(403);
    // The card autopay is untouched.
    const { body } = await api.call("GET", `/billing/${SUPPORT_ONLY}/autopay`, { token: business });
    expect(AutopayAnswer.parse(body).autopayDetails.card?.status).toBe("active");
  });
});

describe("GET /billing/{id}/invoices", () => {
  it("lists 14 months of invoices newest first, with what was paid and the PDF path", async () => {
    const { status, body } = await api.call("GET", `/billing/${RESI}/invoices`, { token: resi });
    expect(status).toBe(200);
    const { invoices } = InvoicesAnswer.parse(body);
    expect(invoices).toHaveLength(14);
    expect(invoices[0]).toMatchObject({
      invoice_number: "INV-100101-202611",
      issued_on: "2026-11-05",
      due_on: "2026-11-26",
      status: "unpaid",
      amount_paid: 0,
    });
    expect(invoices[0].balance_due).toBe(invoices[0].total);
    expect(invoices[0].pdf_path).toBe(`/billing/${RESI}/invoices/${invoices[0].invoice_id}/pdf`);
    expect(invoices.slice(1).every((i) => i.status === "paid" && i.amount_paid === i.total)).toBe(true);
    const dates = invoices.map((i) => i.issued_on);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("marks the unpaid invoices of the suspended account whose due date passed as overdue", async () => {
    const { invoices } = InvoicesAnswer.parse((await api.call("GET", `/billing/${FAMILY_HOME}/invoices`, { token: family })).body);
    expect(invoices.slice(0, 4).map((i) => i.status)).toEqual(["unpaid", "overdue", "overdue", "paid"]);
  });
});

describe("GET /billing/{id}/invoices/{invoiceId}/pdf", () => {
  /** The file as the API sends it, byte for byte. */
  const download = async (path: string, language?: string) => {
    const response = await fetch(api.baseUrl + path, {
      headers: { Authorization: `Bearer ${resi}`, ...(language ? { "Accept-Language": language } : {}) },
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  /** Whether the texts come in this order in the page's text. */
  const inOrder = (text: string, parts: string[]) => {
    const at = parts.map((part) => text.indexOf(part));
    expect(at, JSON.stringify({ text, parts })).not.toContain(-1);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  };

  it("answers a tagged PDF whose text reads the invoice, its lines, taxes and totals in order, in English or French", async () => {
    const { invoices } = InvoicesAnswer.parse((await api.call("GET", `/billing/${RESI}/invoices`, { token: resi })).body);
    const latest = invoices[0];
    const en = await download(latest.pdf_path);
    expect(en.response.status).toBe(200);
    expect(en.response.headers.get("content-type")).toBe("application/pdf");
    expect(en.response.headers.get("content-disposition")).toBe(`inline; filename="${latest.invoice_number}.pdf"`);
    expect(en.response.headers.get("content-length")).toBe(String(en.bytes.length));
    const english = await readPdf(en.bytes);
    expect(english.version).toBe("%PDF-1.7");
    expect(english.catalog).toEqual({
      marked: true,
      lang: "en-CA",
      hasStructTreeRoot: true,
      displayDocTitle: true,
      title: `Invoice ${latest.invoice_number} — Lakeshore Fibre`,
    });
    expect(english.tags.map((root) => root.role)).toEqual(["Document"]);
    expect(english.pageCount).toBe(1);
    inOrder(english.pages[0], [
      "Lakeshore Fibre INVOICE",
      "Bill to",
      "Account number: LF-100101",
      `Invoice number ${latest.invoice_number}`,
      "Description Amount",
      "Monthly services",
      "Subtotal",
      "HST (13%)",
      `Total $${latest.total.toFixed(2)}`,
      `Balance due $${latest.balance_due.toFixed(2)}`,
      "Questions about this invoice?",
      "Page 1 of 1",
    ]);

    const fr = await download(latest.pdf_path, "fr-CA");
    expect(fr.response.headers.get("content-language")).toBe("fr");
    const french = await readPdf(fr.bytes);
    expect(french.catalog.lang).toBe("fr-CA");
    expect(french.info).toEqual({ title: `Facture ${latest.invoice_number} — Lakeshore Fibre`, language: "fr-CA" });
    const money = (amount: number) => `${amount.toFixed(2).replace(".", ",")} $`;
    inOrder(french.pages[0], [
      "Lakeshore Fibre FACTURE",
      "Facturé à",
      "Numéro de compte : LF-100101",
      `Numéro de facture ${latest.invoice_number}`,
      "Date d’émission",
      "Description Montant",
      "Services mensuels",
      "Sous-total",
      `Total ${money(latest.total)}`,
      `Solde dû ${money(latest.balance_due)}`,
      "Des questions sur cette facture ? Composez le",
      "Page 1 de 1",
    ]);
  });

  it("answers 404 for an invoice of another account and 403 for another user's account", async () => {
    const { invoices } = InvoicesAnswer.parse((await api.call("GET", `/billing/${CONDO}/invoices`, { token: family })).body);
    expect((await api.call("GET", `/billing/${RESI}/invoices/${invoices[0].invoice_id}/pdf`, { token: resi })).status).toBe(404);
    expect((await api.call("GET", `/billing/${RESI}/invoices/abc/pdf`, { token: resi })).status).toBe(404);
    expect((await api.call("GET", `/billing/${CONDO}/invoices/${invoices[0].invoice_id}/pdf`, { token: resi })).status).toBe(403);
  });

  const longInvoice = {
    lang: "fr" as const,
    account: { name: "Émilie Côté", number: "LF-1", address: ["1 rue Principale", "Toronto ON M1M 1M1"] },
    invoice: {
      number: "INV-1",
      issued_on: "2026-11-05",
      due_on: "2026-11-26",
      period_start: "2026-11-05",
      period_end: "2026-12-04",
      status: "partially_paid" as const,
      total_cents: 113_000,
      paid_cents: 5_000,
      balance_cents: 108_000,
    },
    lines: [
      ...Array.from({ length: 40 }, (_, i) => ({
        description: `Forfait « Fibre ${i + 1} » à vitesse garantie`,
        amount_cents: 2_500,
        kind: "charge" as const,
      })),
      { description: "TVH (13 %)", amount_cents: 13_000, kind: "tax" as const },
    ],
    created_at: NOW,
  };

  it("runs long invoices on to more pages, the header row repeated and every page numbered, its tags a tree of tables with header cells", async () => {
    const pdf = await readPdf(await renderInvoicePdf(longInvoice));
    expect(pdf.pageCount).toBe(2);
    const [first, second] = pdf.pages;
    inOrder(first, [
      "Lakeshore Fibre FACTURE",
      "Facturé à Émilie Côté",
      "Description Montant",
      "Forfait « Fibre 1 » à vitesse garantie 25,00 $",
    ]);
    expect(first).not.toContain("Sous-total");
    expect(first.endsWith("Page 1 de 2")).toBe(true);
    // The second page: the continued band and the header row again, then the rest of the lines and the totals.
    inOrder(second, [
      "FACTURE INV-1 (suite)",
      "Description Montant",
      "Forfait « Fibre 40 » à vitesse garantie 25,00 $",
      "Sous-total 1 000,00 $",
      "TVH (13 %) 130,00 $",
      "Total 1 130,00 $",
      "Montant payé -50,00 $",
      "Solde dû 1 080,00 $",
    ]);
    expect(second.endsWith("Page 2 de 2")).toBe(true);

    // The tag tree: one Document with a heading, the issuer, "Bill to", the facts' table (each row
    // headed), the line items' table (one header row of column headers: the repeat is an artifact),
    // then the contact lines.
    expect(pdf.tags.map((root) => root.role)).toEqual(["Document"]);
    const [document] = pdf.tags;
    expect(document.children.map((node) => node.role)).toEqual(["H1", "P", "P", "P", "H2", "P", "P", "P", "P", "Table", "Table", "P", "P"]);
    const [facts, items] = document.children.filter((node) => node.role === "Table");
    expect(facts.children.map((row) => row.children.map((cell) => cell.role).join())).toEqual(Array(5).fill("TH,TD"));
    const rows = items.children.map((row) => row.children.map((cell) => cell.role).join());
    expect(rows).toEqual(["TH,TH", ...Array(40).fill("TD,TD"), "TH,TD", "TD,TD", "TH,TD", "TH,TD", "TH,TD"]);
    const scopes = (table: TagNode) =>
      table.children.flatMap((row) => row.children.filter((cell) => cell.role === "TH").map((cell) => cell.scope));
    expect(scopes(facts)).toEqual(Array(5).fill("Row"));
    expect(scopes(items)).toEqual(["Column", "Column", "Row", "Row", "Row", "Row"]);
    // A reader finds each page's part of the tree: the second page holds the rest of the line items
    // and the contact lines.
    expect(pdf.pageTags[1].map((root) => root.role)).toEqual(["Document"]);
    expect(pdf.pageTags[1][0].children.map((node) => node.role)).toEqual(["Table", "P", "P"]);
  });

  it("prints the same bytes for the same invoice, and what the standard fonts lack as the nearest they have", async () => {
    const once = await renderInvoicePdf(longInvoice);
    expect(Buffer.compare(once, await renderInvoicePdf(longInvoice))).toBe(0);
    expect(printable("Nguyễn Thị Łucja")).toBe("Nguyen Thi ?ucja");
    expect(printable("1\u202f163,85\u00a0$ « è »")).toBe("1\u00a0163,85\u00a0$ « è »");
    const pdf = await readPdf(
      await renderInvoicePdf({ ...longInvoice, lang: "en", lines: [], account: { ...longInvoice.account, name: "Nguyễn Thị Mai" } }),
    );
    inOrder(pdf.pages[0], ["Bill to Nguyen Thi Mai", "Subtotal $0.00", "Taxes $0.00"]);
  });
});

describe("GET /billing/{id}/summary", () => {
  it("answers the current invoice and the balance owing", async () => {
    const { status, body } = await api.call("GET", `/billing/${RESI}/summary`, { token: resi });
    expect(status).toBe(200);
    const summary = BillingSummaryAnswer.parse(body);
    expect(summary.currentInvoice?.invoice_number).toBe("INV-100101-202611");
    expect(summary.balanceDetails).toMatchObject({
      balance_owing: summary.currentInvoice!.total,
      past_due: 0,
      due_date: "2026-11-26",
      pending_payments: [],
      pending_total: 0,
      next_bill_date: "2026-12-05",
    });
    expect(summary.suspended_for_nonpayment).toBe(false);
    // The last payment received is the newest successful one of the history.
    const { payments } = PaymentsAnswer.parse((await api.call("GET", `/billing/${RESI}/payments`, { token: resi })).body);
    const newest = payments.find((p) => p.status === "successful")!;
    expect(summary.balanceDetails.last_payment).toEqual({ amount: newest.amount, date: newest.date });
  });

  it("shows what is past due, the pending bank payment and the suspension", async () => {
    const summary = BillingSummaryAnswer.parse((await api.call("GET", `/billing/${FAMILY_HOME}/summary`, { token: family })).body);
    expect(summary.suspended_for_nonpayment).toBe(true);
    expect(summary.submitted_proof_of_payment).toBe(true);
    expect(summary.balanceDetails.past_due).toBeGreaterThan(0);
    expect(summary.balanceDetails.balance_owing).toBeGreaterThan(summary.balanceDetails.past_due);
    expect(summary.balanceDetails.pending_payments).toHaveLength(1);
    const pending = summary.balanceDetails.pending_payments[0];
    expect(pending).toMatchObject({ method: "bank", status: "pending", amount: 124.3 });
    expect(new Date(pending.settles_by!).getTime() - new Date(pending.paid_at).getTime()).toBe(48 * 3_600_000);
    // The same record as the payment history's, to the millisecond.
    const { payments } = PaymentsAnswer.parse((await api.call("GET", `/billing/${FAMILY_HOME}/payments`, { token: family })).body);
    expect(payments.find((p) => p.status === "pending")).toEqual(pending);
  });
});

describe("GET /billing/{id}/payments", () => {
  it("lists every payment newest first, bank payments older than 30 days included", async () => {
    const { status, body } = await api.call("GET", `/billing/${RESI}/payments`, { token: resi });
    expect(status).toBe(200);
    const { payments } = PaymentsAnswer.parse(body);
    const monthAgo = new Date(NOW.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect(payments.some((p) => p.method === "bank" && p.date < monthAgo)).toBe(true);
    expect(payments.some((p) => p.method === "bank" && p.status === "declined")).toBe(true);
    expect(payments.some((p) => p.type === "autopay" && p.card_last_four === "4242")).toBe(true);
    expect(new Set(payments.map((p) => p.status))).toEqual(new Set(["successful", "declined"]));
    const times = payments.map((p) => p.paid_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("filters by from_date and to_date, both included", async () => {
    const { body } = await api.call("GET", `/billing/${RESI}/payments`, {
      token: resi,
      query: { from_date: "2026-06-01", to_date: "2026-09-30" },
    });
    const { payments } = PaymentsAnswer.parse(body);
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((p) => p.date >= "2026-06-01" && p.date <= "2026-09-30")).toBe(true);
  });

  it("refuses dates that are not dates, and a range that ends before it starts", async () => {
    const bad = await api.call("GET", `/billing/${RESI}/payments`, { token: resi, query: { from_date: "2026-13-01" } });
    expect(bad.status).toBe(422);
    expect(codes(bad.body)).toEqual({ from_date: ["from_date.invalid"] });
    const reversed = await api.call("GET", `/billing/${RESI}/payments`, {
      token: resi,
      query: { from_date: "2026-06-01", to_date: "2026-05-01" },
    });
    expect(reversed.status).toBe(422);
    expect(codes(reversed.body)).toEqual({ to_date: ["to_date.before_from_date"] });
  });

  it("answers the one payment of a transaction id, none for another account's, and refuses an id that is not one", async () => {
    const all = PaymentsAnswer.parse((await api.call("GET", `/billing/${RESI}/payments`, { token: resi })).body).payments;
    for (const payment of [all[0], all.at(-1)!]) {
      const { status, body } = await api.call("GET", `/billing/${RESI}/payments`, {
        token: resi,
        query: { transaction_id: payment.transaction_id },
      });
      expect(status).toBe(200);
      expect(PaymentsAnswer.parse(body).payments).toEqual([payment]);
    }
    // Another account's transaction is not in this one's payments.
    const theirs = PaymentsAnswer.parse((await api.call("GET", `/billing/${FAMILY_HOME}/payments`, { token: family })).body).payments[0];
    const crossed = await api.call("GET", `/billing/${RESI}/payments`, { token: resi, query: { transaction_id: theirs.transaction_id } });
    expect(PaymentsAnswer.parse(crossed.body).payments).toEqual([]);
    const bad = await api.call("GET", `/billing/${RESI}/payments`, { token: resi, query: { transaction_id: "TX 1; DROP" } });
    expect(bad.status).toBe(422);
    expect(codes(bad.body)).toEqual({ transaction_id: ["transaction_id.invalid"] });
  });

  it("answers the summary with the payments when asked (?include=summary), as its own call does", async () => {
    const all = PaymentsAnswer.parse((await api.call("GET", `/billing/${RESI}/payments`, { token: resi })).body).payments;
    const own = BillingSummaryAnswer.parse((await api.call("GET", `/billing/${RESI}/summary`, { token: resi })).body);
    const { status, body } = await api.call("GET", `/billing/${RESI}/payments`, {
      token: resi,
      query: { transaction_id: all[0].transaction_id, include: "summary" },
    });
    expect(status).toBe(200);
    const answer = PaymentsAnswer.parse(body);
    expect(answer.payments).toEqual([all[0]]);
    expect(answer.summary).toEqual(own);
    expect(all.length).toBeGreaterThan(0);
    // Not asked, none; an include it does not know, 422; another's account, 403 whatever is included.
    expect(PaymentsAnswer.parse((await api.call("GET", `/billing/${RESI}/payments`, { token: resi })).body)).not.toHaveProperty("summary");
    const unknown = await api.call("GET", `/billing/${RESI}/payments`, { token: resi, query: { include: "invoices" } });
    expect(unknown.status).toBe(422);
    expect(codes(unknown.body)).toEqual({ include: ["include.invalid"] });
    expect((await api.call("GET", `/billing/${FAMILY_HOME}/payments`, { token: resi, query: { include: "summary" } })).status).toBe(403);
  });
});

describe("POST /billing/{id}/payments", () => {
  it("charges a card once per Idempotency-Key and answers the same twice", async () => {
    const before = await balanceOf(RESI, resi);
    const k = key();
    const first = await pay(RESI, resi, { method: "credit_card", amount: "10.50", ...VISA }, k);
    expect(first.status).toBe(201);
    const answer = MakePaymentAnswer.parse(first.body);
    expect(answer.payment).toMatchObject({
      status: "successful",
      method: "credit_card",
      type: "one_time",
      card_brand: "visa",
      card_last_four: "4242",
      amount: 10.5,
      settles_by: null,
    });
    expect(answer.balance_owing).toBeCloseTo(before - 10.5, 2);

    const again = await pay(RESI, resi, { method: "credit_card", amount: "10.50", ...VISA }, k);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await countRows("SELECT count(*) AS n FROM payments WHERE customer_id = $1 AND amount_cents = 1050", [RESI])).toBe(1);
    expect(await balanceOf(RESI, resi)).toBeCloseTo(before - 10.5, 2);
  });

  it("refuses the same key with another body, and a request without a key", async () => {
    const k = key();
    expect((await pay(RESI, resi, { method: "credit_card", amount: 1, ...VISA }, k)).status).toBe(201);
    const other = await pay(RESI, resi, { method: "credit_card", amount: 2, ...VISA }, k);
    expect(other.status).toBe(422);
    expect(codes(other.body)).toEqual({ idempotency_key: ["idempotency_key.reused"] });
    const missing = await pay(RESI, resi, { method: "credit_card", amount: 1, ...VISA }, null);
    expect(missing.status).toBe(400);
    expect(codes(missing.body)).toEqual({ idempotency_key: ["idempotency_key.required"] });
    expect(await countRows("SELECT count(*) AS n FROM payments WHERE customer_id = $1 AND amount_cents IN (100, 200)", [RESI])).toBe(1);
  });

  it("records a declined card once and answers the decline again for the same key", async () => {
    const k = key();
    const body = { method: "credit_card", amount: "3.33", ...VISA, card_number: "4000 0000 0000 0002" };
    const first = await pay(RESI, resi, body, k);
    expect(first.status).toBe(422);
    expect(codes(first.body)).toEqual({ card_number: ["card_number.declined"] });
    const again = await pay(RESI, resi, body, k);
    expect(again.status).toBe(422);
    expect(again.body).toEqual(first.body);
    expect(
      await countRows("SELECT count(*) AS n FROM payments WHERE customer_id = $1 AND amount_cents = 333 AND status = 'declined'", [RESI]),
    ).toBe(1);
  });

  it("tells insufficient funds apart from other declines", async () => {
    const body = { method: "credit_card", amount: "3.34", ...VISA, card_number: "4000 0000 0000 9995" };
    const { status, body: answer } = await pay(RESI, resi, body, key());
    expect(status).toBe(422);
    expect(codes(answer)).toEqual({ card_number: ["card_number.insufficient_funds"] });
  });

  it("runs two simultaneous requests with one key once", async () => {
    const k = key();
    const body = { method: "credit_card", amount: "4.44", ...VISA };
    const [a, b] = await Promise.all([pay(RESI, resi, body, k), pay(RESI, resi, body, k)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(await countRows("SELECT count(*) AS n FROM payments WHERE customer_id = $1 AND amount_cents = 444", [RESI])).toBe(1);
  });

  it("leaves a card held for review pending, and a bank payment pending until it settles within 48 hours", async () => {
    const before = await balanceOf(RESI, resi);
    const held = MakePaymentAnswer.parse(
      (await pay(RESI, resi, { method: "credit_card", amount: 5, ...VISA, card_number: "4000000000000077" })).body,
    );
    expect(held.payment.status).toBe("pending");
    expect(new Date(held.payment.settles_by!).getTime() - new Date(held.payment.paid_at).getTime()).toBe(24 * 3_600_000);

    const bank = await pay(RESI, resi, { method: "bank", amount: "6.00", ...BANK });
    expect(bank.status).toBe(201);
    const answer = MakePaymentAnswer.parse(bank.body);
    expect(answer.payment).toMatchObject({ method: "bank", status: "pending", card_brand: null, card_last_four: null });
    expect(answer.balance_owing).toBe(before);
    const summary = BillingSummaryAnswer.parse((await api.call("GET", `/billing/${RESI}/summary`, { token: resi })).body);
    expect(summary.balanceDetails.pending_total).toBe(11);

    api.clock.now = new Date(NOW.getTime() + 49 * 3_600_000);
    try {
      const later = await api.signIn("resi@example.com");
      const { payments } = PaymentsAnswer.parse((await api.call("GET", `/billing/${RESI}/payments`, { token: later })).body);
      expect(payments.find((p) => p.payment_id === answer.payment.payment_id)?.status).toBe("successful");
      expect(payments.find((p) => p.payment_id === held.payment.payment_id)?.status).toBe("successful");
      expect(await balanceOf(RESI, later)).toBeCloseTo(before - 11, 2);
    } finally {
      api.clock.now = new Date(NOW);
    }
  });

  it("refuses every broken rule with its code", async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ method: "credit_card", ...VISA }, { amount: ["amount.required"] }],
      [{ method: "credit_card", amount: "ten", ...VISA }, { amount: ["amount.invalid"] }],
      [{ method: "credit_card", amount: "0", ...VISA }, { amount: ["amount.too_small"] }],
      [{ method: "credit_card", amount: -5, ...VISA }, { amount: ["amount.too_small"] }],
      [{ method: "credit_card", amount: "1.234", ...VISA }, { amount: ["amount.too_many_decimals"] }],
      [{ method: "credit_card", amount: "50000.01", ...VISA }, { amount: ["amount.too_large"] }],
      [{ amount: 1 }, { method: ["method.required"] }],
      [{ method: "cash", amount: 1 }, { method: ["method.invalid"] }],
      [{ method: "credit_card", amount: 1, ...VISA, card_number: "4242 4242 4242 4241" }, { card_number: ["card_number.checksum"] }],
      [{ method: "credit_card", amount: 1, ...VISA, card_number: "4242-abc" }, { card_number: ["card_number.invalid"] }],
      [{ method: "credit_card", amount: 1, ...VISA, card_number: "6011111111111117" }, { card_number: ["card_number.unsupported_brand"] }],
      [{ method: "credit_card", amount: 1, ...VISA, expiry: "13/30" }, { expiry: ["expiry.invalid"] }],
      [{ method: "credit_card", amount: 1, ...VISA, cvv: "12" }, { cvv: ["cvv.invalid"] }],
      [{ method: "credit_card", amount: 1, ...VISA, card_number: "378282246310005", cvv: "123" }, { cvv: ["cvv.invalid"] }],
      [
        { method: "credit_card", amount: 1, card_number: VISA.card_number, expiry: VISA.expiry, cvv: "123" },
        { cardholder_name: ["cardholder_name.required"] },
      ],
      [{ method: "credit_card", amount: 1, ...VISA, cardholder_name: "x".repeat(101) }, { cardholder_name: ["cardholder_name.too_long"] }],
      [{ method: "bank", amount: 1, ...BANK, institution_number: "12" }, { institution_number: ["institution_number.invalid"] }],
      [{ method: "bank", amount: 1, ...BANK, transit_number: "1234" }, { transit_number: ["transit_number.invalid"] }],
      [{ method: "bank", amount: 1, ...BANK, account_number: "12-345" }, { account_number: ["account_number.digits_only"] }],
      [{ method: "bank", amount: 1, ...BANK, account_number: "123" }, { account_number: ["account_number.invalid_length"] }],
      [
        { method: "bank", amount: 1, institution_number: "004", transit_number: "12345", account_number: "1234567" },
        { account_holder: ["account_holder.required"] },
      ],
      // Service rules: the clock, the balance, the account's terms.
      [{ method: "credit_card", amount: 1, ...VISA, expiry: "10/26" }, { expiry: ["expiry.expired"] }],
      [{ method: "credit_card", amount: 99_999, ...VISA }, { amount: ["amount.too_large"] }],
      [{ method: "credit_card", amount: 40_000, ...VISA }, { amount: ["amount.exceeds_balance"] }],
    ];
    const before = await countRows("SELECT count(*) AS n FROM payments WHERE customer_id = $1", [RESI]);
    for (const [body, expected] of cases) {
      const { status, body: answer } = await pay(RESI, resi, body);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(codes(answer), JSON.stringify(body)).toEqual(expected);
    }
    expect(await countRows("SELECT count(*) AS n FROM payments WHERE customer_id = $1", [RESI])).toBe(before);
  });

  it("refuses card payments where credit cards are not allowed", async () => {
    const { status, body } = await pay(NO_CARDS, business, { method: "credit_card", amount: 1, ...VISA });
    expect(status).toBe(422);
    expect(codes(body)).toEqual({ card_number: ["card_number.credit_card_not_allowed"] });
  });
});

describe("GET /billing/{id}/autopay", () => {
  it("answers the card method, the autopay credit, the notice periods and the next charge", async () => {
    const { status, body } = await api.call("GET", `/billing/${RESI}/autopay`, { token: resi });
    expect(status).toBe(200);
    const { autopayDetails } = AutopayAnswer.parse(body);
    expect(autopayDetails.card).toMatchObject({
      status: "active",
      brand: "visa",
      last_four: "4242",
      expiry_month: 9,
      expiry_year: 2028,
      expired: false,
    });
    // Billed on the 5th (a Thursday): 10 business days later.
    expect(autopayDetails.card!.next_charge_on).toBe("2026-11-19");
    expect(autopayDetails.pad).toBeNull();
    expect(autopayDetails.both_methods_configured).toBe(false);
    expect(autopayDetails.autopay_credit).toEqual({ amount: 5, applies: true });
    expect(autopayDetails.pad_notice_periods).toEqual({ debit_notice_days: 10, setup_days: 15, cancellation_days: 30 });
  });

  it("flags an account with both methods configured; a pending PAD first debits after its setup period", async () => {
    const { autopayDetails } = AutopayAnswer.parse((await api.call("GET", `/billing/${PARENTS}/autopay`, { token: family })).body);
    expect(autopayDetails.both_methods_configured).toBe(true);
    expect(autopayDetails.card).toMatchObject({ status: "active", brand: "amex", next_charge_on: "2026-11-16" });
    expect(autopayDetails.pad).toMatchObject({
      status: "pending_setup",
      institution_number: "003",
      transit_number: "06232",
      account_last_four: "3319",
      active_from: "2026-11-27",
    });
    // Third week of the cycle that starts on December 2.
    expect(autopayDetails.pad!.next_charge_on).toBe("2026-12-16");
  });

  it("shows PADs in each state and an expired card", async () => {
    const condo = AutopayAnswer.parse((await api.call("GET", `/billing/${CONDO}/autopay`, { token: family })).body).autopayDetails;
    expect(condo.pad).toMatchObject({ status: "active", next_charge_on: "2026-12-04" });
    expect(condo.card).toBeNull();
    const removing = AutopayAnswer.parse((await api.call("GET", `/billing/${NO_CARDS}/autopay`, { token: business })).body).autopayDetails;
    expect(removing.pad).toMatchObject({ status: "pending_removal", removal_effective_on: "2026-12-05", next_charge_on: "2026-11-16" });
    const removed = AutopayAnswer.parse((await api.call("GET", "/billing/200311/autopay", { token: business })).body).autopayDetails;
    expect(removed.pad).toMatchObject({ status: "removed", next_charge_on: null });
    expect(removed.autopay_credit.applies).toBe(false);
    const expired = AutopayAnswer.parse((await api.call("GET", "/billing/200308/autopay", { token: business })).body).autopayDetails;
    expect(expired.card).toMatchObject({ status: "active", expired: true, next_charge_on: null });
  });

  it("moves a pending PAD to active once its setup period has passed", async () => {
    api.clock.now = new Date("2026-11-28T12:00:00Z");
    try {
      const token = await api.signIn("family@example.com");
      const { autopayDetails } = AutopayAnswer.parse((await api.call("GET", `/billing/${PARENTS}/autopay`, { token })).body);
      expect(autopayDetails.pad?.status).toBe("active");
    } finally {
      api.clock.now = new Date(NOW);
    }
  });
});

describe("POST /billing/{id}/autopay/credit-card", () => {
  it("sets up card autopay once per key, keeping only the brand and last four digits", async () => {
    const k = key();
    // The condo pays by PAD: the card replaces it, by choice.
    const card = { card_number: "5555 5555 5555 4444", expiry: "04/2030", cvv: "321", cardholder_name: "Jordan Gagnon", replace_pad: true };
    const first = await api.call("POST", `/billing/${CONDO}/autopay/credit-card`, {
      token: family,
      json: card,
      headers: { "Idempotency-Key": k },
    });
    expect(first.status).toBe(201);
    const { autopayDetails } = AutopaySetupAnswer.parse(first.body);
    expect(autopayDetails.card).toMatchObject({
      status: "active",
      brand: "mastercard",
      last_four: "4444",
      expiry_month: 4,
      expiry_year: 2030,
      cardholder_name: "Jordan Gagnon",
    });
    expect(autopayDetails.both_methods_configured).toBe(false);
    expect(autopayDetails.pad).toMatchObject({ status: "removed", removal_effective_on: "2026-11-15", next_charge_on: null });

    const again = await api.call("POST", `/billing/${CONDO}/autopay/credit-card`, {
      token: family,
      json: card,
      headers: { "Idempotency-Key": k },
    });
    expect(again.body).toEqual(first.body);
    const rows = await api.db.query<Record<string, unknown>>("SELECT * FROM autopay_cards WHERE customer_id = $1", [CONDO]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain("5555555555554444");
    expect(JSON.stringify(await api.db.query("SELECT * FROM idempotency_keys"))).not.toMatch(/5555555555554444|"321"/);
  });

  it("replaces the active card: the previous one is stopped", async () => {
    const headers = { "Idempotency-Key": key() };
    const { status } = await api.call("POST", `/billing/${PARENTS}/autopay/credit-card`, {
      token: family,
      json: { ...VISA, cardholder_name: "Jordan Gagnon", replace_pad: "true" },
      headers,
    });
    expect(status).toBe(201);
    const rows = await api.db.query<{ status: string; card_brand: string }>(
      "SELECT status, card_brand FROM autopay_cards WHERE customer_id = $1 ORDER BY id",
      [PARENTS],
    );
    expect(rows).toEqual([
      { status: "stopped", card_brand: "amex" },
      { status: "active", card_brand: "visa" },
    ]);
  });

  it("refuses every broken rule with its code", async () => {
    const cases: [number, Record<string, unknown>, Record<string, string[]>][] = [
      // An expired card is named beside a wrong security code, in one answer.
      [RESI, { ...VISA, expiry: "01/25", cvv: "12" }, { expiry: ["expiry.expired"], cvv: ["cvv.invalid"] }],
      [RESI, { ...VISA, card_number: "4242424242424243" }, { card_number: ["card_number.checksum"] }],
      [RESI, { ...VISA, card_number: "" }, { card_number: ["card_number.required"] }],
      [RESI, { ...VISA, expiry: "1/2" }, { expiry: ["expiry.invalid"] }],
      [RESI, { ...VISA, expiry: "12/25" }, { expiry: ["expiry.expired"] }],
      [RESI, { ...VISA, cvv: "12a" }, { cvv: ["cvv.invalid"] }],
      [RESI, { ...VISA, cardholder_name: "  " }, { cardholder_name: ["cardholder_name.required"] }],
      [RESI, { ...VISA, card_number: "4000000000009995" }, { card_number: ["card_number.declined"] }],
      [NO_CARDS, VISA, { card_number: ["card_number.credit_card_not_allowed"] }],
    ];
    for (const [customerId, json, expected] of cases) {
      const token = customerId === RESI ? resi : business;
      const { status, body } = await api.call("POST", `/billing/${customerId}/autopay/credit-card`, {
        token,
        json,
        headers: { "Idempotency-Key": key() },
      });
      expect(status, JSON.stringify(json)).toBe(422);
      expect(codes(body), JSON.stringify(json)).toEqual(expected);
    }
    const missing = await api.call("POST", `/billing/${RESI}/autopay/credit-card`, { token: resi, json: VISA });
    expect(missing.status).toBe(400);
  });
});

describe("DELETE /billing/{id}/autopay and /billing/{id}/autopay-pad", () => {
  it("stops card autopay, then refuses to stop it again", async () => {
    const { status, body } = await api.call("DELETE", `/billing/${RESI}/autopay`, { token: resi });
    expect(status).toBe(200);
    expect(AutopayStopAnswer.parse(body)).toEqual({ success: true });
    const { autopayDetails } = AutopayAnswer.parse((await api.call("GET", `/billing/${RESI}/autopay`, { token: resi })).body);
    expect(autopayDetails.card).toMatchObject({ status: "stopped", stopped_at: NOW.toISOString(), next_charge_on: null });
    expect(autopayDetails.autopay_credit.applies).toBe(false);
    const again = await api.call("DELETE", `/billing/${RESI}/autopay`, { token: resi });
    expect(again.status).toBe(422);
    expect(codes(again.body)).toEqual({ autopay: ["autopay.not_active"] });
  });

  it("removes the card on file: card autopay stops, the card is no longer shown or charged, its token is gone", async () => {
    const before = AutopayAnswer.parse((await api.call("GET", "/billing/200301/autopay", { token: business })).body).autopayDetails;
    expect(before.card).toMatchObject({ status: "active" });
    expect((await api.call("DELETE", "/billing/200301/autopay-card", { token: sam })).status).toBe(403);
    const { status, body } = await api.call("DELETE", "/billing/200301/autopay-card", { token: business });
    expect(status).toBe(200);
    expect(AutopayStopAnswer.parse(body)).toEqual({ success: true });
    const { autopayDetails } = AutopayAnswer.parse((await api.call("GET", "/billing/200301/autopay", { token: business })).body);
    expect(autopayDetails.card).toBeNull();
    expect(autopayDetails.both_methods_configured).toBe(false);
    const rows = await api.db.query<{ status: string; processor_token: string | null; removed_at: Date | null; stopped_at: Date | null }>(
      "SELECT status, processor_token, removed_at, stopped_at FROM autopay_cards WHERE customer_id = $1",
      [200301],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "removed", processor_token: null });
      expect(row.removed_at?.toISOString()).toBe(NOW.toISOString());
      expect(row.stopped_at).not.toBeNull();
    }
    // Nothing left to remove or stop.
    const again = await api.call("DELETE", "/billing/200301/autopay-card", { token: business });
    expect(again.status).toBe(422);
    expect(codes(again.body)).toEqual({ autopay_card: ["autopay_card.none"] });
    expect((await api.call("DELETE", "/billing/200301/autopay", { token: business })).status).toBe(422);
  });

  it("removes a stopped card too", async () => {
    // The family home's Mastercard was stopped long ago: still on file until removed.
    const shown = AutopayAnswer.parse((await api.call("GET", `/billing/${FAMILY_HOME}/autopay`, { token: family })).body).autopayDetails;
    expect(shown.card).toMatchObject({ status: "stopped", last_four: "4444" });
    expect((await api.call("DELETE", `/billing/${FAMILY_HOME}/autopay-card`, { token: family })).status).toBe(200);
    const after = AutopayAnswer.parse((await api.call("GET", `/billing/${FAMILY_HOME}/autopay`, { token: family })).body).autopayDetails;
    expect(after.card).toBeNull();
  });

  it("answers 401 and 403 for card removal like the other autopay changes", async () => {
    expect((await api.call("DELETE", `/billing/${RESI}/autopay-card`)).status).toBe(401);
    expect((await api.call("DELETE", `/billing/${SUPPORT_ONLY}/autopay-card`, { token: business })).status).toBe(403);
    expect((await api.call("DELETE", `/billing/${NOT_AUTHORITATIVE}/autopay-card`, { token: business })).status).toBe(403);
    expect((await api.call("DELETE", `/billing/${RESI}/autopay-card`, { token: family })).status).toBe(403);
  });

  it("puts an active PAD in pending_removal for the cancellation notice period, then refuses it again", async () => {
    const { status, body } = await api.call("DELETE", `/billing/${JUNCTION}/autopay-pad`, { token: business });
    expect(status).toBe(200);
    expect(PadRemovalAnswer.parse(body)).toEqual({ success: true, status: "pending_removal", removal_effective_on: "2026-12-15" });
    const { autopayDetails } = AutopayAnswer.parse((await api.call("GET", `/billing/${JUNCTION}/autopay`, { token: business })).body);
    expect(autopayDetails.pad).toMatchObject({
      status: "pending_removal",
      removal_effective_on: "2026-12-15",
      removal_requested_at: NOW.toISOString(),
    });
    const again = await api.call("DELETE", `/billing/${JUNCTION}/autopay-pad`, { token: business });
    expect(again.status).toBe(422);
    expect(codes(again.body)).toEqual({ autopay_pad: ["autopay_pad.not_active"] });
    expect((await api.call("DELETE", `/billing/${JUNCTION}/autopay-pad`, { token: family })).status).toBe(403);
  });
});

describe("POST /billing/{id}/autopay/pad", () => {
  it("sets up a PAD pending setup with its void cheque, once per key", async () => {
    const k = key();
    const files = await countRows("SELECT count(*) AS n FROM uploaded_files WHERE customer_id = $1 AND purpose = 'void_cheque'", [
      FAMILY_HOME,
    ]);
    const first = await api.call("POST", `/billing/${FAMILY_HOME}/autopay/pad`, {
      token: family,
      form: padForm(),
      headers: { "Idempotency-Key": k },
    });
    expect(first.status).toBe(201);
    const { autopayDetails } = AutopaySetupAnswer.parse(first.body);
    expect(autopayDetails.pad).toMatchObject({
      status: "pending_setup",
      institution_number: "003",
      transit_number: "06232",
      account_last_four: "5678",
      branch_address: "18 Wychwood Ave, Toronto",
      agreement_accepted_at: NOW.toISOString(),
      active_from: "2026-11-30",
    });
    const again = await api.call("POST", `/billing/${FAMILY_HOME}/autopay/pad`, {
      token: family,
      form: padForm(),
      headers: { "Idempotency-Key": k },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(
      await countRows("SELECT count(*) AS n FROM autopay_pads WHERE customer_id = $1 AND status = 'pending_setup'", [FAMILY_HOME]),
    ).toBe(1);
    expect(
      await countRows("SELECT count(*) AS n FROM uploaded_files WHERE customer_id = $1 AND purpose = 'void_cheque'", [FAMILY_HOME]),
    ).toBe(files + 1);

    const other = await api.call("POST", `/billing/${FAMILY_HOME}/autopay/pad`, {
      token: family,
      form: padForm({ transit_number: "11111" }),
      headers: { "Idempotency-Key": k },
    });
    expect(other.status).toBe(422);
    expect(codes(other.body)).toEqual({ idempotency_key: ["idempotency_key.reused"] });
  });

  it("refuses every broken rule with its code", async () => {
    const cases: [FormData, Record<string, string[]>][] = [
      [padForm({ institution_number: "12" }), { institution_number: ["institution_number.invalid"] }],
      [padForm({ transit_number: "123456" }), { transit_number: ["transit_number.invalid"] }],
      [padForm({ account_number: "1234-567" }), { account_number: ["account_number.digits_only"] }],
      [padForm({ branch_address: "Main" }), { branch_address: ["branch_address.too_short"] }],
      [padForm({ branch_address: null }), { branch_address: ["branch_address.required"] }],
      [padForm({ account_holder: "" }), { account_holder: ["account_holder.required"] }],
      [padForm({ agreement_accepted: null }), { agreement_accepted: ["agreement_accepted.required"] }],
      [padForm({ agreement_accepted: "false" }), { agreement_accepted: ["agreement_accepted.required"] }],
      [padForm({}, null), { void_cheque: ["void_cheque.required"] }],
      [padForm({}, file(TEXT, "cheque.png", "image/png")), { void_cheque: ["void_cheque.type"] }],
      [
        padForm({ institution_number: "1" }, null),
        { institution_number: ["institution_number.invalid"], void_cheque: ["void_cheque.required"] },
      ],
      // A void cheque may be up to 20 MB; one byte more is named on its own field.
      [
        padForm(
          {},
          file(
            new Uint8Array(20 * 1024 * 1024 + 1).map((b, i) => (i < PDF.length ? PDF[i] : 32)),
            "cheque.pdf",
          ),
        ),
        { void_cheque: ["void_cheque.too_large"] },
      ],
    ];
    for (const [form, expected] of cases) {
      const { status, body } = await api.call("POST", `/billing/${PARENTS}/autopay/pad`, {
        token: family,
        form,
        headers: { "Idempotency-Key": key() },
      });
      expect(status, JSON.stringify(expected)).toBe(422);
      expect(codes(body)).toEqual(expected);
    }
    // BMP and PDF void cheques are accepted (the first replaces the parents' card autopay, by choice).
    for (const cheque of [file(BMP, "cheque.bmp"), file(PDF, "cheque.pdf")]) {
      const { status } = await api.call("POST", `/billing/${PARENTS}/autopay/pad`, {
        token: family,
        form: padForm({ replace_card: "on" }, cheque),
        headers: { "Idempotency-Key": key() },
      });
      expect(status).toBe(201);
    }
    expect((await api.call("POST", `/billing/${PARENTS}/autopay/pad`, { token: family, form: padForm() })).status).toBe(400);
  });
});

describe("POST /billing/{id}/proof-of-payment", () => {
  it("refuses an account that is not suspended, no files, wrong or too large files and a long note", async () => {
    const single = (blob: Blob, name: string, note?: string) => {
      const form = new FormData();
      form.append("attachments", blob, name);
      if (note !== undefined) form.append("note", note);
      return form;
    };
    const notSuspended = await api.call("POST", `/billing/${RESI}/proof-of-payment`, {
      token: resi,
      form: single(file(PNG, "a.png"), "a.png"),
    });
    expect(notSuspended.status).toBe(422);
    expect(codes(notSuspended.body)).toEqual({ account: ["account.not_suspended"] });

    const none = new FormData();
    none.append("note", "nothing attached");
    const cases: [FormData, Record<string, string[]>][] = [
      [none, { attachments: ["attachments.required"] }],
      [single(file(TEXT, "a.pdf"), "a.pdf"), { attachments: ["attachments.type"] }],
      [single(file(BMP, "a.bmp"), "a.bmp"), { attachments: ["attachments.type"] }],
      [
        single(
          file(
            new Uint8Array(20 * 1024 * 1024 + 1).fill(7).map((b, i) => (i < PNG.length ? PNG[i] : b)),
            "big.png",
          ),
          "big.png",
        ),
        { attachments: ["attachments.too_large"] },
      ],
      [single(file(PNG, "a.png"), "a.png", "x".repeat(1001)), { note: ["note.too_long"] }],
    ];
    const six = new FormData();
    for (let i = 0; i < 6; i++) six.append("attachments", file(PNG, `${i}.png`), `${i}.png`);
    cases.push([six, { attachments: ["attachments.too_many"] }]);
    for (const [form, expected] of cases) {
      const { status, body } = await api.call("POST", `/billing/${FAMILY_HOME}/proof-of-payment`, { token: family, form });
      expect(status, JSON.stringify(expected)).toBe(422);
      expect(codes(body)).toEqual(expected);
    }
  });

  it("takes a file of up to 20 MB (the spec's larger limit; the support form's is 10 MB)", async () => {
    await api.db.query("UPDATE customers SET submitted_proof_of_payment = false WHERE id = $1", [FAMILY_HOME]);
    const form = new FormData();
    form.append("attachments", file(new Uint8Array(samplePdf(15 * 1024 * 1024)), "statement.pdf", "application/pdf"), "statement.pdf");
    const { status, body } = await api.call("POST", `/billing/${FAMILY_HOME}/proof-of-payment`, { token: family, form });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(ProofOfPaymentAnswer.parse(body).file_count).toBe(1);
    const spec = (await api.call("GET", "/openapi.json")).body as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>;
    };
    const limit = (path: string, field: string) =>
      (spec.paths[path].post.requestBody.content["multipart/form-data"].schema.properties[field] as { "x-max-file-bytes": number })[
        "x-max-file-bytes"
      ];
    expect(limit("/billing/{id}/proof-of-payment", "attachments")).toBe(20 * 1024 * 1024);
    expect(limit("/billing/{id}/autopay/pad", "void_cheque")).toBe(20 * 1024 * 1024);
    expect(limit("/support/tickets/{customerId}", "attachments")).toBe(10 * 1024 * 1024);
  });

  it("stores 1 to 5 files and a note, and flags the account, for a contact with the billing role", async () => {
    await api.db.query("UPDATE customers SET submitted_proof_of_payment = false WHERE id = $1", [FAMILY_HOME]);
    const form = new FormData();
    form.append("attachments", file(PNG, "receipt.png", "image/png"), "receipt.png");
    form.append("attachments", file(PDF, "statement.pdf", "application/pdf"), "statement.pdf");
    form.append("note", "Paid at the branch on Friday.");
    const { status, body } = await api.call("POST", `/billing/${FAMILY_HOME}/proof-of-payment`, { token: sam, form });
    expect(status).toBe(201);
    expect(ProofOfPaymentAnswer.parse(body)).toEqual({ success: true, submitted_proof_of_payment: true, file_count: 2 });
    const summary = BillingSummaryAnswer.parse((await api.call("GET", `/billing/${FAMILY_HOME}/summary`, { token: family })).body);
    expect(summary.submitted_proof_of_payment).toBe(true);
    const row = await api.db.one<{ note: string; files: number }>(
      "SELECT note, cardinality(file_ids) AS files FROM proof_of_payment_submissions WHERE customer_id = $1 ORDER BY id DESC LIMIT 1",
      [FAMILY_HOME],
    );
    expect(row).toEqual({ note: "Paid at the branch on Friday.", files: 2 });
  });
});

describe("paying off a suspended account", () => {
  it("keeps the suspension while part of the balance is pending, and lifts it once that settles", async () => {
    const before = BillingSummaryAnswer.parse((await api.call("GET", `/billing/${FAMILY_HOME}/summary`, { token: family })).body);
    const { amount_due: due, pending_total: pending } = before.balanceDetails;
    expect(pending).toBe(124.3);
    const partial = MakePaymentAnswer.parse((await pay(FAMILY_HOME, family, { method: "credit_card", amount: 10, ...VISA })).body);
    expect(partial.suspension_lifted).toBe(false);

    // What is still owed, by card: approved, but the bank payment on its way is not settled yet.
    const rest = await pay(FAMILY_HOME, family, { method: "credit_card", amount: (due - 10).toFixed(2), ...VISA });
    expect(rest.status).toBe(201);
    expect(MakePaymentAnswer.parse(rest.body)).toMatchObject({ balance_owing: pending, amount_due: 0, suspension_lifted: false });
    expect(codes((await pay(FAMILY_HOME, family, { method: "credit_card", amount: 1, ...VISA })).body)).toEqual({
      amount: ["amount.exceeds_amount_due"],
    });

    // Two days later the bank payment settled (when billing is next used): the balance is paid, services are back.
    api.clock.now = new Date(NOW.getTime() + 49 * 3_600_000);
    try {
      // The answer of the read that settled it already shows the suspension lifted.
      const settling = await api.call("GET", `/billing/${FAMILY_HOME}/summary`, { token: await api.signIn("family@example.com") });
      expect(BillingSummaryAnswer.parse(settling.body)).toMatchObject({
        suspended_for_nonpayment: false,
        balanceDetails: { balance_owing: 0 },
      });
    } finally {
      api.clock.now = new Date(NOW);
    }

    const summary = BillingSummaryAnswer.parse((await api.call("GET", `/billing/${FAMILY_HOME}/summary`, { token: family })).body);
    expect(summary.balanceDetails).toMatchObject({ balance_owing: 0, pending_total: 0, amount_due: 0 });
    expect(summary.suspended_for_nonpayment).toBe(false);
    expect(summary.submitted_proof_of_payment).toBe(false);
    expect(summary.currentInvoice?.status).toBe("paid");
    expect(await api.db.query("SELECT status FROM packages WHERE customer_id = $1", [FAMILY_HOME])).toEqual([{ status: "active" }]);
    const services = await api.db.query<{ status: string }>("SELECT status FROM services WHERE customer_id = $1", [FAMILY_HOME]);
    expect(services.every((s) => s.status === "connected")).toBe(true);

    // The non-payment suspension record is closed.
    const open = await api.db.query("SELECT 1 FROM package_suspensions WHERE customer_id = $1 AND ended_at IS NULL", [FAMILY_HOME]);
    expect(open).toEqual([]);

    // Nothing is owing any more: a further payment is refused.
    const more = await pay(FAMILY_HOME, family, { method: "credit_card", amount: 1, ...VISA });
    expect(codes(more.body)).toEqual({ amount: ["amount.exceeds_balance"] });
  });

  it("keeps a suspension the customer asked for", async () => {
    // A second package at the home, suspended at the customer's request, next to the non-payment one.
    await api.db.query("UPDATE customers SET suspended_for_nonpayment = true WHERE id = $1", [FAMILY_HOME]);
    await api.db.query(
      `INSERT INTO packages (id, customer_id, name, name_fr, status, monthly_price_cents, address_line1, city, postal_code)
       VALUES (5199, $1, 'Home Phone', 'Téléphone', 'suspended', 2500, '18 Wychwood Avenue', 'Toronto', 'M6G 2X6')`,
      [FAMILY_HOME],
    );
    await api.db.query(
      `INSERT INTO package_suspensions (customer_id, package_id, reason, started_at) VALUES ($1, 5199, 'customer_request', $2)`,
      [FAMILY_HOME, new Date("2026-11-01T12:00:00Z")],
    );
    await api.db.query("UPDATE packages SET status = 'suspended' WHERE id = 5101");
    await api.db.query(
      "INSERT INTO invoices (customer_id, invoice_number, issued_on, due_on, period_start, period_end, total_cents) VALUES ($1, 'INV-TEST-5199', '2026-11-01', '2026-11-10', '2026-11-01', '2026-11-30', 5000)",
      [FAMILY_HOME],
    );
    const owing = await balanceOf(FAMILY_HOME, family);
    const answer = MakePaymentAnswer.parse(
      (await pay(FAMILY_HOME, family, { method: "credit_card", amount: owing.toFixed(2), ...VISA })).body,
    );
    expect(answer.suspension_lifted).toBe(true);
    const packages = await api.db.query("SELECT id, status FROM packages WHERE customer_id = $1 ORDER BY id", [FAMILY_HOME]);
    expect(packages).toEqual([
      { id: 5101, status: "active" },
      { id: 5199, status: "suspended" },
    ]);
  });

  it("brings a package whose pause began during the suspension back paused, not active", async () => {
    await api.db.query("UPDATE customers SET suspended_for_nonpayment = true WHERE id = $1", [FAMILY_HOME]);
    await api.db.query("UPDATE packages SET status = 'suspended' WHERE id = 5101");
    await api.db.query("UPDATE services SET status = 'interrupted' WHERE package_id = 5101");
    await api.db.query(
      "INSERT INTO service_pauses (customer_id, package_id, starts_on, ends_on, status) VALUES ($1, 5101, '2026-11-10', '2027-01-10', 'active')",
      [FAMILY_HOME],
    );
    await api.db.query(
      "INSERT INTO invoices (customer_id, invoice_number, issued_on, due_on, period_start, period_end, total_cents) VALUES ($1, 'INV-TEST-PAUSE', '2026-11-01', '2026-11-10', '2026-11-01', '2026-11-30', 4000)",
      [FAMILY_HOME],
    );
    const owing = await balanceOf(FAMILY_HOME, family);
    const answer = MakePaymentAnswer.parse(
      (await pay(FAMILY_HOME, family, { method: "credit_card", amount: owing.toFixed(2), ...VISA })).body,
    );
    expect(answer.suspension_lifted).toBe(true);
    expect(await api.db.query("SELECT status FROM packages WHERE id = 5101")).toEqual([{ status: "paused" }]);
    const services = await api.db.query<{ status: string }>("SELECT status FROM services WHERE package_id = 5101");
    expect(services.map((x) => x.status)).toEqual(services.map(() => "paused"));
  });
});
