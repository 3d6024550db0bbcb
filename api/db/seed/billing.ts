/**
 * Billing demo data on top of the core seed's invoices and payments:
 *
 *  - invoice lines: the HST lines are marked as taxes (the PDF shows them under the subtotal);
 *  - card autopay: resi (100101) active Visa 4242; family home (100201) stopped Mastercard; family
 *    parents (100203) active Amex; commercial 200301 and 200304 active, 200307 stopped, 200308 active
 *    with an expired card. Card payments made while a card was on autopay become autopay payments;
 *  - PAD: condo (100202) active; family home removed; family parents pending_setup (so 100203 has both
 *    methods configured, and so has 200301 with an active PAD); 200302 pending_removal; 200305
 *    pending_setup; 200310 active; 200311 removed. Agreements still in force have a void cheque;
 *  - payments the core seed lacks: declined bank payments older than 30 days, declined card and PAD
 *    autopay charges, a pending card payment of $200 on 200305's unpaid invoice (it still owes the rest)
 *    and a pending bank payment of all of 200310's (nothing is left to pay until it settles); the core
 *    seed already has a pending bank payment on 100201, part of what it owes;
 *  - the proof of payment behind the family home's submitted_proof_of_payment flag.
 *
 * Nothing here changes a balance: added payments are declined or pending.
 */
import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import PDFDocument from "pdfkit";
import type { Db } from "../client.ts";
import { DEMO, type SeedContext } from "./core.ts";
import { addDays, dayAt } from "#common/calendar";
import { insert } from "./tools.ts";

const business = (n: number) => DEMO.commercialFirst + n - 1; // business(1) = 200301

/** A one-page PDF with a few lines of text, as a customer's scan would be. */
async function documentPdf(title: string, lines: string[], created: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", margin: 72, info: { Title: title, CreationDate: created } });
  const file = buffer(doc);
  doc.font("Helvetica-Bold").fontSize(22).text(title).moveDown();
  doc.font("Helvetica").fontSize(12);
  for (const line of lines) doc.text(line);
  doc.end();
  return file;
}

/** A demo file: its bytes in the row, moved to the file store when the API starts (moveContentsToStore). */
async function storeFile(db: Db, customerId: number, purpose: string, name: string, content: Buffer, userId: number | null, at: Date) {
  const row = await db.one<{ id: number }>(
    `INSERT INTO uploaded_files (customer_id, purpose, file_name, media_type, size_bytes, content, sha256, uploaded_by, created_at)
     VALUES ($1, $2, $3, 'application/pdf', $4, $5, $6, $7, $8) RETURNING id`,
    [customerId, purpose, name, content.length, content, createHash("sha256").update(content).digest("hex"), userId, at],
  );
  return row!.id;
}

export async function seedBilling(ctx: SeedContext): Promise<void> {
  const { db, today } = ctx;
  const C = DEMO.customers;
  const U = DEMO.users;
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  /** An instant some days before the seed day. */
  const ago = (days: number, hour: number, minute = 0) => dayAt(addDays(today, -days), hour, minute);
  const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

  await db.query("UPDATE invoice_lines SET kind = 'tax' WHERE description LIKE 'HST%'");

  // Card autopay.
  const cards = [
    {
      customer_id: C.resi,
      status: "active",
      card_brand: "visa",
      card_last4: "4242",
      expiry_month: 9,
      expiry_year: year + 2,
      cardholder_name: "Maya Singh",
      set_up_at: ago(240, 14, 12),
      set_up_by: U.resi,
      stopped_at: null,
    },
    {
      customer_id: C.familyHome,
      status: "stopped",
      card_brand: "mastercard",
      card_last4: "4444",
      expiry_month: 3,
      expiry_year: year + 1,
      cardholder_name: "Jordan Gagnon",
      set_up_at: ago(430, 19, 40),
      set_up_by: U.family,
      stopped_at: ago(120, 10, 5),
    },
    {
      customer_id: C.familyCottage,
      status: "active",
      card_brand: "amex",
      card_last4: "0005",
      expiry_month: 11,
      expiry_year: year + 3,
      cardholder_name: "Jordan Gagnon",
      set_up_at: ago(180, 20, 15),
      set_up_by: U.family,
      stopped_at: null,
    },
    {
      customer_id: business(1),
      status: "active",
      card_brand: "visa",
      card_last4: "1881",
      expiry_month: 6,
      expiry_year: year + 1,
      cardholder_name: "Priya Raman",
      set_up_at: ago(300, 11, 0),
      set_up_by: U.business,
      stopped_at: null,
    },
    {
      customer_id: business(4),
      status: "active",
      card_brand: "mastercard",
      card_last4: "5100",
      expiry_month: 12,
      expiry_year: year + 2,
      cardholder_name: "Grace Kim",
      set_up_at: ago(260, 9, 30),
      set_up_by: null,
      stopped_at: null,
    },
    {
      customer_id: business(7),
      status: "stopped",
      card_brand: "visa",
      card_last4: "0341",
      expiry_month: 2,
      expiry_year: year - 1,
      cardholder_name: "Lucas Bouchard",
      set_up_at: ago(800, 15, 0),
      set_up_by: null,
      stopped_at: ago(400, 8, 45),
    },
    // Still active, but its card expired at the end of last month.
    {
      customer_id: business(8),
      status: "active",
      card_brand: "visa",
      card_last4: "9424",
      expiry_month: month === 1 ? 12 : month - 1,
      expiry_year: month === 1 ? year - 1 : year,
      cardholder_name: "Priya Raman",
      set_up_at: ago(500, 13, 20),
      set_up_by: U.business,
      stopped_at: null,
    },
  ];
  await insert(
    db,
    "autopay_cards",
    cards.map((c) => ({ ...c, processor_token: `card_demo_${c.customer_id}` })),
  );
  // Card payments made while a card was on autopay were autopay charges of that card.
  for (const card of cards) {
    await db.query(
      `UPDATE payments SET type = 'autopay', card_brand = $2, card_last4 = $3
        WHERE customer_id = $1 AND method = 'credit_card' AND status = 'successful' AND paid_at >= $4 AND ($5::timestamptz IS NULL OR paid_at < $5)`,
      [card.customer_id, card.card_brand, card.card_last4, card.set_up_at, card.stopped_at],
    );
  }

  // Pre-authorized debit agreements.
  const pads: {
    customer_id: number;
    status: string;
    institution_number: string;
    transit_number: string;
    account_last4: string;
    account_holder: string;
    branch_address: string;
    agreement_accepted_at: Date;
    accepted_by: number | null;
    removal_requested_at: Date | null;
    removal_effective_on: string | null;
  }[] = [
    {
      customer_id: C.familyCondo,
      status: "active",
      institution_number: "004",
      transit_number: "19542",
      account_last4: "7781",
      account_holder: "Jordan Gagnon",
      branch_address: "65 Bremner Blvd, Toronto ON M5J 0A7",
      agreement_accepted_at: ago(150, 18, 0),
      accepted_by: U.family,
      removal_requested_at: null,
      removal_effective_on: null,
    },
    {
      customer_id: C.familyHome,
      status: "removed",
      institution_number: "815",
      transit_number: "30211",
      account_last4: "0456",
      account_holder: "Jordan Gagnon",
      branch_address: "1 St Clair Ave W, Toronto ON M4V 1K6",
      agreement_accepted_at: ago(600, 12, 0),
      accepted_by: U.family,
      removal_requested_at: ago(185, 9, 0),
      removal_effective_on: addDays(today, -155),
    },
    {
      customer_id: C.familyCottage,
      status: "pending_setup",
      institution_number: "003",
      transit_number: "06232",
      account_last4: "3319",
      account_holder: "Jordan Gagnon",
      branch_address: "1210 Danforth Ave, Toronto ON M4J 1M6",
      agreement_accepted_at: ago(3, 19, 30),
      accepted_by: U.family,
      removal_requested_at: null,
      removal_effective_on: null,
    },
    {
      customer_id: business(1),
      status: "active",
      institution_number: "002",
      transit_number: "47696",
      account_last4: "2250",
      account_holder: "Harbourfront Logistics Inc.",
      branch_address: "40 King St W, Toronto ON M5H 1H1",
      agreement_accepted_at: ago(400, 10, 0),
      accepted_by: U.business,
      removal_requested_at: null,
      removal_effective_on: null,
    },
    {
      customer_id: business(2),
      status: "pending_removal",
      institution_number: "010",
      transit_number: "00342",
      account_last4: "8812",
      account_holder: "Kensington Dental Group",
      branch_address: "286 College St, Toronto ON M5T 1R9",
      agreement_accepted_at: ago(500, 14, 0),
      accepted_by: U.business,
      removal_requested_at: ago(10, 16, 0),
      removal_effective_on: addDays(today, 20),
    },
    {
      customer_id: business(5),
      status: "pending_setup",
      institution_number: "001",
      transit_number: "02482",
      account_last4: "6604",
      account_holder: "Queen West Architects",
      branch_address: "350 Queen St W, Toronto ON M5V 2A2",
      agreement_accepted_at: ago(5, 11, 0),
      accepted_by: U.business,
      removal_requested_at: null,
      removal_effective_on: null,
    },
    {
      customer_id: business(10),
      status: "active",
      institution_number: "006",
      transit_number: "00011",
      account_last4: "1937",
      account_holder: "Junction Data Works",
      branch_address: "2968 Dundas St W, Toronto ON M6P 1Z3",
      agreement_accepted_at: ago(700, 15, 30),
      accepted_by: U.business,
      removal_requested_at: null,
      removal_effective_on: null,
    },
    {
      customer_id: business(11),
      status: "removed",
      institution_number: "004",
      transit_number: "10872",
      account_last4: "4410",
      account_holder: "Annex Language School",
      branch_address: "476 Bloor St W, Toronto ON M5S 1X8",
      agreement_accepted_at: ago(800, 10, 0),
      accepted_by: null,
      removal_requested_at: ago(90, 12, 0),
      removal_effective_on: addDays(today, -60),
    },
  ];
  for (const pad of pads) {
    const inForce = pad.status !== "removed";
    const cheque = inForce
      ? await storeFile(
          db,
          pad.customer_id,
          "void_cheque",
          "void-cheque.pdf",
          await documentPdf(
            "VOID",
            [pad.account_holder, `Transit ${pad.transit_number}  Institution ${pad.institution_number}  Account ****${pad.account_last4}`],
            pad.agreement_accepted_at,
          ),
          pad.accepted_by,
          pad.agreement_accepted_at,
        )
      : null;
    await insert(db, "autopay_pads", [
      {
        ...pad,
        processor_token: `bank_demo_${pad.customer_id}`,
        void_cheque_file_id: cheque,
        active_from: addDays(dateOf(pad.agreement_accepted_at), 15),
      },
    ]);
  }

  // Payments the core seed has none of. The pending ones are of each account's unpaid invoice: part of
  // it on 200305 (where the end-to-end tests pay), all of it on 200310.
  const latestTotal = async (customerId: number) =>
    (await db.one<{ total_cents: number }>("SELECT total_cents FROM invoices WHERE customer_id = $1 ORDER BY issued_on DESC LIMIT 1", [
      customerId,
    ]))!.total_cents;
  let n = 1;
  const tx = () => `TX-S${String(n++).padStart(6, "0")}`;
  const payment = (
    customer_id: number,
    paid_at: Date,
    amount_cents: number,
    method: string,
    type: string,
    status: string,
    card: [string, string] | null = null,
  ) => ({
    customer_id,
    paid_at,
    amount_cents,
    method,
    type,
    status,
    transaction_id: tx(),
    card_brand: card?.[0] ?? null,
    card_last4: card?.[1] ?? null,
    made_by_user_id: null,
  });
  await insert(db, "payments", [
    // Returned bank payments (insufficient funds), older than 30 days: the portal hides them, the API does not.
    payment(C.resi, ago(41, 16, 20), 16_385, "bank", "one_time", "declined"),
    payment(C.familyCottage, ago(35, 12, 45), 16_385, "bank", "one_time", "declined"),
    payment(business(7), ago(45, 14, 0), 61_020, "bank", "one_time", "declined"),
    // Declined automatic charges.
    payment(C.resi, ago(70, 6, 0), 16_385, "credit_card", "autopay", "declined", ["visa", "4242"]),
    payment(C.familyHome, ago(125, 6, 0), 12_430, "credit_card", "autopay", "declined", ["mastercard", "4444"]),
    payment(C.familyHome, ago(200, 7, 0), 12_430, "pad", "autopay", "declined"),
    payment(business(1), ago(75, 7, 0), 54_240, "pad", "autopay", "declined"),
    // Not settled yet: a card payment held for review (24 hours: made an hour and fifty minutes before the
    // seeding, so that it is still pending for a day, whatever the hour) and a bank payment (48 hours).
    payment(business(5), new Date(ctx.now.getTime() - 110 * 60_000), 20_000, "credit_card", "one_time", "pending", ["visa", "4242"]),
    payment(business(10), ago(1, 9, 30), await latestTotal(business(10)), "bank", "one_time", "pending"),
  ]);

  // The proof of payment the family home sent in while suspended.
  const sentAt = ago(2, 20, 10);
  const receipt = await storeFile(
    db,
    C.familyHome,
    "proof_of_payment",
    "bank-receipt.pdf",
    await documentPdf("Payment receipt", ["Lakeshore Fibre - account LF-100201", `Paid at the branch on ${dateOf(sentAt)}`], sentAt),
    U.family,
    sentAt,
  );
  await insert(db, "proof_of_payment_submissions", [
    {
      customer_id: C.familyHome,
      note: "Paid the balance at my bank branch; receipt attached.",
      file_ids: [receipt],
      submitted_by: U.family,
      submitted_at: sentAt,
    },
  ]);
}
