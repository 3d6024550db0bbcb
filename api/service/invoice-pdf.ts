/**
 * Invoices as PDF, written directly (PDF 1.4, the standard Helvetica fonts in WinAnsi encoding, so
 * French accents print; content streams left uncompressed). US Letter pages; the line items run on to
 * further pages when they do not fit, and every page carries "Page n of N".
 */

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
    questions: "Questions about this invoice? Call {phone} or write to {email}.",
    pay: "Pay online in your customer portal, by pre-authorized debit or through your bank.",
    page: "Page {n} of {count}",
    continued: "continued",
    statuses: { paid: "Paid", unpaid: "Unpaid", partially_paid: "Partially paid", overdue: "Overdue" },
    locale: "en-CA",
  },
  fr: {
    title: "FACTURE",
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
    questions: "Des questions sur cette facture? Composez le {phone} ou écrivez à {email}.",
    pay: "Payez en ligne dans votre portail client, par débit préautorisé ou par l’entremise de votre banque.",
    page: "Page {n} de {count}",
    continued: "suite",
    statuses: { paid: "Payée", unpaid: "Impayée", partially_paid: "Partiellement payée", overdue: "En souffrance" },
    locale: "fr-CA",
  },
} as const;

// --- Text: WinAnsi encoding and the standard fonts' glyph widths (per 1000 units of the font size) ---

const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  ƒ: 0x83,
  "„": 0x84,
  "…": 0x85,
  "†": 0x86,
  "‡": 0x87,
  ˆ: 0x88,
  "‰": 0x89,
  Š: 0x8a,
  "‹": 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "˜": 0x98,
  "™": 0x99,
  š: 0x9a,
  "›": 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
  "\u202f": 0xa0,
  "\u2009": 0x20,
  "\u2007": 0x20,
};

/** Text as WinAnsi bytes (one char per byte); characters the encoding lacks become "?". */
function winAnsi(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += char;
    else if (char in WIN_ANSI_EXTRA) out += String.fromCharCode(WIN_ANSI_EXTRA[char]);
    else out += "?";
  }
  return out;
}

// Widths of ASCII 32..126 in Helvetica and Helvetica-Bold (Adobe's AFM metrics).
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333,
  333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611,
  611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

type Font = "regular" | "bold";

function glyphWidth(char: string, font: Font): number {
  const table = font === "bold" ? BOLD : REGULAR;
  const code = char.charCodeAt(0);
  if (code >= 32 && code <= 126) return table[code - 32];
  if (code === 0xa0) return 278;
  // Accented letters are as wide as their base letter.
  const base = char.normalize("NFD")[0];
  const baseCode = base.charCodeAt(0);
  if (base !== char && baseCode >= 32 && baseCode <= 126) return table[baseCode - 32];
  return 556;
}

/** Width of a text in points at a font size. */
export function textWidth(text: string, font: Font, size: number): number {
  let units = 0;
  for (const char of winAnsi(text)) units += glyphWidth(char, font);
  return (units * size) / 1000;
}

/** Shortens a text with an ellipsis so that it fits a width. */
function fit(text: string, font: Font, size: number, width: number): string {
  if (textWidth(text, font, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, font, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

const literal = (text: string) => `(${winAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** The drawing operators of one page. */
class Page {
  readonly ops: string[] = [];
  text(
    x: number,
    y: number,
    text: string,
    options: { font?: Font; size?: number; align?: "left" | "right"; color?: [number, number, number] } = {},
  ) {
    const font = options.font ?? "regular";
    const size = options.size ?? 10;
    const left = options.align === "right" ? x - textWidth(text, font, size) : x;
    const [r, g, b] = options.color ?? [0.13, 0.13, 0.13];
    this.ops.push(
      `BT ${num(r)} ${num(g)} ${num(b)} rg /${font === "bold" ? "F2" : "F1"} ${num(size)} Tf ${num(left)} ${num(y)} Td ${literal(text)} Tj ET`,
    );
  }
  rect(x: number, y: number, w: number, h: number, color: [number, number, number]) {
    this.ops.push(`${color.map(num).join(" ")} rg ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
  }
  line(x1: number, y1: number, x2: number, y2: number, width = 0.5, gray = 0.7) {
    this.ops.push(`${num(gray)} G ${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }
}

/** Assembles pages into a PDF file: catalog, page tree, the two fonts, document info, cross-reference table. */
export function buildPdf(pages: string[][], info: { title: string; created_at: Date; lang?: string }): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // answers the object's number (from 1)
  const pageCount = pages.length;
  // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info; then each page and its content stream.
  const firstPage = 6;
  const kids = pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(" ");
  add(`<< /Type /Catalog /Pages 2 0 R${info.lang ? ` /Lang ${literal(info.lang)}` : ""} >>`);
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const d = info.created_at.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  add(`<< /Title ${literal(info.title)} /Producer (Lakeshore Fibre billing) /CreationDate (D:${d}Z) >>`);
  for (const ops of pages) {
    const pageNumber = objects.length + 1;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageNumber + 1} 0 R >>`,
    );
    const stream = ops.join("\n");
    add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
  }
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

const GREEN: [number, number, number] = [0.133, 0.443, 0.239];
const WHITE: [number, number, number] = [1, 1, 1];
const MUTED: [number, number, number] = [0.4, 0.4, 0.4];
const LEFT = 54;
const RIGHT = 558;
const BOTTOM = 110;

/** The invoice as a PDF file, its labels, dates and amounts in the asked language. */
export function renderInvoicePdf(data: InvoicePdfData): Buffer {
  const t = LABELS[data.lang];
  const money = new Intl.NumberFormat(t.locale, { style: "currency", currency: "CAD" });
  const amount = (cents: number) => money.format(cents / 100);
  const dateFormat = new Intl.DateTimeFormat(t.locale, { dateStyle: "long", timeZone: "UTC" });
  const date = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));
  const shortDateFormat = new Intl.DateTimeFormat(t.locale, { dateStyle: "medium", timeZone: "UTC" });
  const shortDate = (iso: string) => shortDateFormat.format(new Date(`${iso}T00:00:00Z`));
  const { invoice } = data;

  const pages: Page[] = [];
  const newPage = (continued: boolean) => {
    const page = new Page();
    pages.push(page);
    page.rect(0, 732, 612, 60, GREEN);
    page.text(LEFT, 754, ISSUER.name, { font: "bold", size: 20, color: WHITE });
    page.text(RIGHT, 754, continued ? `${t.title} ${invoice.number} (${t.continued})` : t.title, {
      font: "bold",
      size: continued ? 12 : 18,
      align: "right",
      color: WHITE,
    });
    return page;
  };

  let page = newPage(false);
  // Issuer, then the account (left) and the invoice facts (right).
  let y = 712;
  for (const line of [...ISSUER.address, `${t.hst}: ${ISSUER.hst_number}`]) {
    page.text(LEFT, y, line, { size: 9, color: MUTED });
    y -= 12;
  }
  y = 660;
  page.text(LEFT, y, t.billTo, { font: "bold", size: 10 });
  const account = [data.account.name, `${t.accountNumber}: ${data.account.number}`, ...data.account.address];
  account.forEach((line, i) => page.text(LEFT, y - 15 - i * 13, fit(line, "regular", 10, 250), { size: 10 }));
  const facts: [string, string][] = [
    [t.invoiceNumber, invoice.number],
    [t.issued, date(invoice.issued_on)],
    [t.due, date(invoice.due_on)],
    [t.period, `${shortDate(invoice.period_start)} – ${shortDate(invoice.period_end)}`],
    [t.status, t.statuses[invoice.status]],
  ];
  facts.forEach(([label, value], i) => {
    page.text(300, y - i * 15, label, { size: 9, color: MUTED });
    page.text(RIGHT, y - i * 15, fit(value, "bold", 10, 150), { font: "bold", size: 10, align: "right" });
  });

  // Line items.
  y = 560;
  const tableHeader = () => {
    page.rect(LEFT, y - 6, RIGHT - LEFT, 20, [0.93, 0.95, 0.93]);
    page.text(LEFT + 8, y, t.description, { font: "bold", size: 10 });
    page.text(RIGHT - 8, y, t.amount, { font: "bold", size: 10, align: "right" });
    y -= 24;
  };
  tableHeader();
  const charges = data.lines.filter((l) => l.kind !== "tax");
  const taxes = data.lines.filter((l) => l.kind === "tax");
  const row = (label: string, cents: number, font: Font = "regular", size = 10) => {
    if (y < BOTTOM) {
      page = newPage(true);
      y = 700;
      tableHeader();
    }
    page.text(LEFT + 8, y, fit(label, font, size, 360), { font, size });
    page.text(RIGHT - 8, y, amount(cents), { font, size, align: "right" });
    y -= 18;
  };
  for (const line of charges) row(line.description, line.amount_cents);
  page.line(LEFT, y + 10, RIGHT, y + 10);
  y -= 4;
  const subtotal = charges.reduce((sum, l) => sum + l.amount_cents, 0);
  row(t.subtotal, subtotal);
  for (const line of taxes) row(line.description, line.amount_cents);
  if (!taxes.length) row(t.taxes, 0);
  page.line(LEFT, y + 10, RIGHT, y + 10, 1, 0.3);
  y -= 4;
  row(t.total, invoice.total_cents, "bold", 12);
  row(t.paid, invoice.paid_cents ? -invoice.paid_cents : 0);
  row(t.balance, invoice.balance_cents, "bold", 12);

  // Footer of every page.
  pages.forEach((p, i) => {
    p.line(LEFT, 84, RIGHT, 84);
    p.text(LEFT, 68, t.questions.replace("{phone}", ISSUER.billing_phone).replace("{email}", ISSUER.billing_email), {
      size: 8,
      color: MUTED,
    });
    p.text(LEFT, 56, t.pay, { size: 8, color: MUTED });
    p.text(RIGHT, 40, t.page.replace("{n}", String(i + 1)).replace("{count}", String(pages.length)), {
      size: 8,
      color: MUTED,
      align: "right",
    });
  });

  return buildPdf(
    pages.map((p) => p.ops),
    { title: `${t.title} ${invoice.number}`, created_at: data.created_at, lang: t.locale },
  );
}
