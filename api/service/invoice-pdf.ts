/**
 * Invoices as tagged PDF (PDF 1.7, written with pdfkit), for screen readers as for the eye: the document
 * says its language and title (shown in the viewer's title bar), its text is text (Helvetica, the
 * standard fonts, WinAnsi encoding, so French accents print) and its structure tree gives the reading
 * order: a heading, the issuer, "Bill to", the invoice's facts and its line items as tables whose
 * header cells name their rows or columns, the contact lines. What only decorates or repeats a page
 * (the green band, rules, the continued header, the page numbers) is marked as artifacts. US Letter;
 * the line items run on to further pages, repeating the table's header row, and every page carries
 * "Page n of N". Same data, same bytes: the file's dates and identifier come from `created_at`.
 */
import { buffer } from "node:stream/consumers";
import PDFDocument from "pdfkit";

export interface InvoicePdfLine {
  description: string;
  amount_cents: number;
  kind: "charge" | "credit" | "tax";
}

export interface InvoicePdfData {
  lang: "en" | "fr";
  account: { name: string; number: string; address: string[] };
  invoice: {
    number: string;
    issued_on: string;
    due_on: string;
    period_start: string;
    period_end: string;
    status: "paid" | "unpaid" | "partially_paid" | "overdue";
    total_cents: number;
    paid_cents: number;
    balance_cents: number;
  };
  lines: InvoicePdfLine[];
  /** When the document is produced (its CreationDate). */
  created_at: Date;
}

/** Who issues the invoices. */
export const ISSUER = {
  name: "Lakeshore Fibre",
  address: ["200 Front Street West, Suite 1500", "Toronto ON M5V 3K2"],
  billing_email: "billing@lakeshore-fibre.example",
  billing_phone: "416-555-0150",
  hst_number: "81234 5678 RT0001",
} as const;

const LABELS = {
  en: {
    title: "INVOICE",
    documentTitle: "Invoice {number} — {issuer}",
    billTo: "Bill to",
    accountNumber: "Account number",
    invoiceNumber: "Invoice number",
    issued: "Issue date",
    due: "Due date",
    period: "Billing period",
    status: "Status",
    description: "Description",
    amount: "Amount",
    subtotal: "Subtotal",
    taxes: "Taxes",
    total: "Total",
    paid: "Amount paid",
    balance: "Balance due",
    hst: "HST registration",
    colon: ": ",
    questions: "Questions about this invoice? Call {phone} or write to {email}.",
    pay: "Pay online in your customer portal, by pre-authorized debit or through your bank.",
    page: "Page {n} of {count}",
    continued: "continued",
    statuses: { paid: "Paid", unpaid: "Unpaid", partially_paid: "Partially paid", overdue: "Overdue" },
    locale: "en-CA",
  },
  fr: {
    title: "FACTURE",
    documentTitle: "Facture {number} — {issuer}",
    billTo: "Facturé à",
    accountNumber: "Numéro de compte",
    invoiceNumber: "Numéro de facture",
    issued: "Date d’émission",
    due: "Date d’échéance",
    period: "Période de facturation",
    status: "Statut",
    description: "Description",
    amount: "Montant",
    subtotal: "Sous-total",
    taxes: "Taxes",
    total: "Total",
    paid: "Montant payé",
    balance: "Solde dû",
    hst: "No d’inscription TVH",
    colon: "\u00a0: ",
    questions: "Des questions sur cette facture\u00a0? Composez le {phone} ou écrivez à {email}.",
    pay: "Payez en ligne dans votre portail client, par débit préautorisé ou par l’entremise de votre banque.",
    page: "Page {n} de {count}",
    continued: "suite",
    statuses: { paid: "Payée", unpaid: "Impayée", partially_paid: "Partiellement payée", overdue: "En souffrance" },
    locale: "fr-CA",
  },
} as const;

// pdfkit reads the Table attributes' header scope; its type definitions lack the option.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace PDFKit.Mixins {
    interface StructureElementOptions {
      scope?: "Row" | "Column" | "Both";
    }
  }
}

/** The characters of WinAnsi beyond Latin-1 (what the standard fonts print besides U+0020–7E, U+00A0–FF). */
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

/**
 * A text the standard fonts can print: narrow and thin spaces (which French number formats may use)
 * become the no-break space or a space, a letter outside WinAnsi loses its accent, anything else left
 * outside the encoding becomes "?".
 */
export function printable(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char)) out += char;
    else if (char === "\u202f") out += "\u00a0";
    else if (/\s/.test(char)) out += " ";
    else {
      const base = char.normalize("NFD").replace(/\p{M}/gu, "");
      out += base && [...base].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e) ? base : "?";
    }
  }
  return out;
}

const PAGE_HEIGHT = 792;
const LEFT = 54;
const RIGHT = 558;
/** Below this baseline (from the page's bottom) a row goes on the next page. */
const BOTTOM = 110;
const PRIMARY = "#17693a"; // the portal's primary green (app/app.css)
const PRIMARY_LIGHT = "#e6f2ea";
const INK = "#212121";
const MUTED = "#595959";
const WHITE = "#ffffff";

type Weight = "regular" | "bold";
interface TextStyle {
  weight?: Weight;
  size?: number;
  color?: string;
  align?: "left" | "right";
  /** Cut with an ellipsis to fit this width. */
  maxWidth?: number;
}

/** The invoice as a tagged PDF file, its labels, dates and amounts in the asked language. */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const t = LABELS[data.lang];
  const money = new Intl.NumberFormat(t.locale, { style: "currency", currency: "CAD" });
  const amount = (cents: number) => money.format(cents / 100);
  const dateFormat = new Intl.DateTimeFormat(t.locale, { dateStyle: "long", timeZone: "UTC" });
  const date = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));
  const shortDateFormat = new Intl.DateTimeFormat(t.locale, { dateStyle: "medium", timeZone: "UTC" });
  const shortDate = (iso: string) => shortDateFormat.format(new Date(`${iso}T00:00:00Z`));
  const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);
  const { invoice } = data;

  const doc = new PDFDocument({
    size: "LETTER",
    margin: 0,
    pdfVersion: "1.7",
    tagged: true,
    lang: t.locale,
    displayTitle: true,
    bufferPages: true,
    info: {
      Title: fill(t.documentTitle, { number: invoice.number, issuer: ISSUER.name }),
      Author: ISSUER.name,
      Creator: `${ISSUER.name} billing`,
      CreationDate: data.created_at,
    },
  });
  const file = buffer(doc);

  /** Draws a text with its baseline `baseline` points above the page's bottom edge. */
  const text = (x: number, baseline: number, value: string, style: TextStyle = {}) => {
    doc
      .font(style.weight === "bold" ? "Helvetica-Bold" : "Helvetica")
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? INK);
    let shown = printable(value);
    if (style.maxWidth && doc.widthOfString(shown) > style.maxWidth) {
      while (shown.length > 1 && doc.widthOfString(`${shown}…`) > style.maxWidth) shown = shown.slice(0, -1);
      shown = `${shown.trimEnd()}…`;
    }
    const left = style.align === "right" ? x - doc.widthOfString(shown) : x;
    doc.text(shown, left, PAGE_HEIGHT - baseline, { lineBreak: false, baseline: "alphabetic" });
  };
  /** Draws what only decorates or repeats a page, outside the structure tree. */
  const artifact = (draw: () => void, type?: "Pagination" | "Layout") => {
    doc.markContent("Artifact", type ? { type } : undefined);
    draw();
    doc.endMarkedContent();
  };
  const rule = (baseline: number, width = 0.5, gray = "#b3b3b3") =>
    artifact(() => {
      doc
        .moveTo(LEFT, PAGE_HEIGHT - baseline)
        .lineTo(RIGHT, PAGE_HEIGHT - baseline)
        .lineWidth(width)
        .strokeColor(gray)
        .stroke();
    }, "Layout");
  /** The green band across the top with the provider's mark (two waves in a circle). */
  const band = () =>
    artifact(() => {
      doc.rect(0, 0, 612, 60).fill(PRIMARY);
      doc
        .save()
        .translate(LEFT, 15)
        .scale(30 / 32);
      doc.circle(16, 16, 15).fill(WHITE);
      doc.lineWidth(2.5).lineCap("round").path("M5 19c4-4 7-4 11 0s7 4 11 0").stroke(PRIMARY);
      doc.strokeOpacity(0.7).path("M5 13c4-4 7-4 11 0s7 4 11 0").stroke(PRIMARY);
      doc.restore();
    }, "Layout");

  const root = doc.struct("Document");
  doc.addStructure(root);
  /** A structure element whose content `draw` draws now, added to `parent`. */
  const element = (
    parent: PDFKit.PDFStructureElement,
    type: string,
    draw: () => void,
    options: PDFKit.Mixins.StructureElementOptions = {},
  ) => parent.add(doc.struct(type, options, draw));

  // The band: the provider and the document's heading.
  band();
  element(root, "H1", () => {
    text(LEFT + 40, 754, ISSUER.name, { weight: "bold", size: 20, color: WHITE });
    text(RIGHT, 754, t.title, { weight: "bold", size: 18, color: WHITE, align: "right" });
  });
  // Issuer, then the account (left) and the invoice facts (right).
  [...ISSUER.address, `${t.hst}${t.colon}${ISSUER.hst_number}`].forEach((line, i) =>
    element(root, "P", () => text(LEFT, 712 - i * 12, line, { size: 9, color: MUTED })),
  );
  const top = 660;
  element(root, "H2", () => text(LEFT, top, t.billTo, { weight: "bold", size: 10 }));
  [data.account.name, `${t.accountNumber}${t.colon}${data.account.number}`, ...data.account.address].forEach((line, i) =>
    element(root, "P", () => text(LEFT, top - 15 - i * 13, line, { size: 10, maxWidth: 230 })),
  );
  const facts = doc.struct("Table");
  root.add(facts);
  (
    [
      [t.invoiceNumber, invoice.number],
      [t.issued, date(invoice.issued_on)],
      [t.due, date(invoice.due_on)],
      [t.period, `${shortDate(invoice.period_start)} – ${shortDate(invoice.period_end)}`],
      [t.status, t.statuses[invoice.status]],
    ] as const
  ).forEach(([label, value], i) => {
    const row = doc.struct("TR");
    facts.add(row);
    element(row, "TH", () => text(300, top - i * 15, label, { size: 9, color: MUTED }), { scope: "Row" });
    element(row, "TD", () => text(RIGHT, top - i * 15, value, { weight: "bold", size: 10, align: "right", maxWidth: 150 }));
    row.end();
  });
  facts.end();

  // Line items: a header row (drawn again, as an artifact, at the top of each further page), the
  // charges and credits, the subtotal, the taxes and the totals.
  let y = 560;
  let pages = 1;
  const items = doc.struct("Table");
  root.add(items);
  /** The header row: its shading, then its two cells, each drawn by `cell`. */
  const drawHeader = (cell: (paint: () => void) => void) => {
    artifact(() => doc.rect(LEFT, PAGE_HEIGHT - y - 14, RIGHT - LEFT, 20).fill(PRIMARY_LIGHT), "Layout");
    cell(() => text(LEFT + 8, y, t.description, { weight: "bold", size: 10 }));
    cell(() => text(RIGHT - 8, y, t.amount, { weight: "bold", size: 10, align: "right" }));
  };
  const header = doc.struct("TR");
  items.add(header);
  drawHeader((paint) => element(header, "TH", paint, { scope: "Column" }));
  header.end();
  y -= 24;
  const row = (label: string, cents: number, options: { total?: boolean; size?: number; weight?: Weight } = {}) => {
    if (y < BOTTOM) {
      doc.addPage({ size: "LETTER", margin: 0 });
      pages += 1;
      band();
      artifact(() => {
        text(LEFT + 40, 754, ISSUER.name, { weight: "bold", size: 20, color: WHITE });
        text(RIGHT, 754, `${t.title} ${invoice.number} (${t.continued})`, { weight: "bold", size: 12, color: WHITE, align: "right" });
      }, "Pagination");
      y = 700;
      drawHeader((paint) => artifact(paint, "Pagination"));
      y -= 24;
    }
    const style = { weight: options.weight ?? "regular", size: options.size ?? 10 };
    const tr = doc.struct("TR");
    items.add(tr);
    element(
      tr,
      options.total ? "TH" : "TD",
      () => text(LEFT + 8, y, label, { ...style, maxWidth: 360 }),
      options.total ? { scope: "Row" } : {},
    );
    element(tr, "TD", () => text(RIGHT - 8, y, amount(cents), { ...style, align: "right" }));
    tr.end();
    y -= 18;
  };
  const charges = data.lines.filter((l) => l.kind !== "tax");
  const taxes = data.lines.filter((l) => l.kind === "tax");
  for (const line of charges) row(line.description, line.amount_cents);
  rule(y + 10);
  y -= 4;
  row(
    t.subtotal,
    charges.reduce((sum, l) => sum + l.amount_cents, 0),
    { total: true },
  );
  for (const line of taxes) row(line.description, line.amount_cents);
  if (!taxes.length) row(t.taxes, 0, { total: true });
  rule(y + 10, 1, "#4d4d4d");
  y -= 4;
  row(t.total, invoice.total_cents, { total: true, weight: "bold", size: 12 });
  row(t.paid, invoice.paid_cents ? -invoice.paid_cents : 0, { total: true });
  row(t.balance, invoice.balance_cents, { total: true, weight: "bold", size: 12 });
  items.end();

  // Every page's foot: the contact lines (read once, on the last page) and the page number.
  const contact = [fill(t.questions, { phone: ISSUER.billing_phone, email: ISSUER.billing_email }), t.pay];
  for (let i = 0; i < pages; i++) {
    doc.switchToPage(i);
    rule(84);
    contact.forEach((line, n) => {
      const paint = () => text(LEFT, 68 - n * 12, line, { size: 8, color: MUTED });
      if (i === pages - 1) element(root, "P", paint);
      else artifact(paint, "Pagination");
    });
    artifact(
      () => text(RIGHT, 40, fill(t.page, { n: String(i + 1), count: String(pages) }), { size: 8, color: MUTED, align: "right" }),
      "Pagination",
    );
  }
  root.end();
  doc.end();
  return file;
}
