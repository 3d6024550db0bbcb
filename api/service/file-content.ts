/**
 * Whether an uploaded file is what it says it is, by its content alone (never its name or claimed type):
 *
 *  1. no HTML or script markup anywhere in its bytes (`MarkupScanner`, run as the bytes stream in): a
 *     browser that sniffed such a file could run it as a page;
 *  2. its magic bytes name an accepted format (`file-type`);
 *  3. its structure parses as that format: a PDF loads with pdf-lib, has a page and no JavaScript (no
 *     `/JS` or `/JavaScript` action, no JavaScript name tree, no XFA form); an image's header gives its
 *     dimensions (`image-size`) and names the same format.
 *
 * The type stored is the one detected here.
 */
import { readFile } from "node:fs/promises";
import { fileTypeFromFile } from "file-type";
import { imageSizeFromFile } from "image-size/fromFile";
import { PDFDict, PDFDocument, PDFName, PDFStream } from "pdf-lib";
import type { MediaType } from "../contract/files.ts";

/**
 * Tags a browser takes for HTML (the HTML patterns of the WHATWG MIME sniffing standard, and the other
 * elements that load or run something), each found after "<" and before a space, "/" or ">". Short
 * tags such as `<a` or `<p` are left out: in 10 MB of compressed data they would turn up by chance.
 */
const TAGS = [
  "!doctype html",
  "html",
  "head",
  "body",
  "script",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "meta",
  "style",
  "title",
  "link",
  "base",
  "form",
  "template",
].map((tag) => Buffer.from(tag, "latin1"));
const LONGEST = Math.max(...TAGS.map((tag) => tag.length));
/** Bytes kept from one chunk to the next: a tag, its "<" and the byte after it. */
const WINDOW = LONGEST + 2;
const LT = 0x3c;

const isDelimiter = (byte: number) => byte === 0x20 || byte === 0x2f || byte === 0x3e || (byte >= 0x09 && byte <= 0x0d);
/** ASCII letters compare without regard to case; every other byte exactly. */
const sameByte = (byte: number, lower: number) => byte === lower || (lower >= 0x61 && lower <= 0x7a && byte === lower - 0x20);

/** Whether a tag starts at `at` (just after a "<"); a tag cut by the end of the file counts. */
function tagAt(bytes: Uint8Array, at: number): boolean {
  next: for (const tag of TAGS) {
    for (let i = 0; i < tag.length; i++) {
      if (at + i >= bytes.length) return true;
      if (!sameByte(bytes[at + i], tag[i])) continue next;
    }
    const after = at + tag.length;
    if (after >= bytes.length || isDelimiter(bytes[after])) return true;
  }
  return false;
}

/** Looks for HTML markup in bytes that arrive in chunks (a tag may straddle two). */
export class MarkupScanner {
  found = false;
  private carry: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): void {
    if (this.found) return;
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const settled = bytes.length - WINDOW;
    this.found = this.scan(bytes, settled);
    // The last bytes are looked at again with the next chunk (copied: the chunk itself is not kept).
    this.carry = Buffer.from(bytes.subarray(Math.max(0, settled)));
  }

  /** The end of the file: the bytes held back are looked at too. */
  end(): boolean {
    if (!this.found) this.found = this.scan(this.carry, this.carry.length);
    this.carry = Buffer.alloc(0);
    return this.found;
  }

  /** Whether a tag starts at a "<" before `until`. */
  private scan(bytes: Buffer, until: number): boolean {
    for (let at = bytes.indexOf(LT); at !== -1 && at < until; at = bytes.indexOf(LT, at + 1)) {
      if (tagAt(bytes, at + 1)) return true;
    }
    return false;
  }
}

/** Whether bytes hold HTML markup (MarkupScanner over one chunk). */
export function hasMarkup(bytes: Uint8Array): boolean {
  const scanner = new MarkupScanner();
  scanner.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return scanner.end();
}

/** A few structure checks at once per process: each PDF is read whole while it is parsed. */
const MAX_PARSES = 2;
let parsing = 0;
const waiting: (() => void)[] = [];
async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (parsing >= MAX_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  parsing++;
  try {
    return await work();
  } finally {
    parsing--;
    waiting.shift()?.();
  }
}

const JS = PDFName.of("JS");
const S = PDFName.of("S");
const JAVASCRIPT = PDFName.of("JavaScript");
const XFA = PDFName.of("XFA");

/** Whether a parsed PDF holds JavaScript: an action, a document-level name tree, or an XFA form. */
function pdfHasScript(doc: PDFDocument): boolean {
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (!dict) continue;
    if (dict.has(JS) || dict.has(JAVASCRIPT) || dict.has(XFA) || dict.get(S) === JAVASCRIPT) return true;
    // Direct dictionaries inside (an annotation's /A action, the catalog's /Names) are looked at too.
    for (const [, value] of dict.entries()) {
      if (value instanceof PDFDict && (value.has(JS) || value.has(JAVASCRIPT) || value.has(XFA) || value.get(S) === JAVASCRIPT))
        return true;
    }
  }
  return false;
}

/** A PDF that parses, has a page and holds no script ("sound"); or why not. */
async function pdfVerdict(file: string): Promise<"sound" | "script" | "unsound"> {
  return oneOfFew(async () => {
    try {
      const doc = await PDFDocument.load(await readFile(file), { ignoreEncryption: true, updateMetadata: false });
      if (doc.getPageCount() === 0) return "unsound";
      return pdfHasScript(doc) ? "script" : "sound";
    } catch {
      return "unsound";
    }
  });
}

const IMAGE_FORMAT: Partial<Record<MediaType, string>> = { "image/jpeg": "jpg", "image/png": "png", "image/bmp": "bmp" };

async function imageIsSound(file: string, type: MediaType): Promise<boolean> {
  try {
    const { width, height, type: format } = await imageSizeFromFile(file);
    return format === IMAGE_FORMAT[type] && width > 0 && height > 0;
  } catch {
    return false;
  }
}

export type Inspection = { type: MediaType } | { problem: "type" | "unsafe_content" };

/**
 * What a received file is: its detected type when it is one of `accepted` and sound, else why not
 * (`unsafe_content` for markup or script, `type` for anything else).
 */
export async function inspectFile(file: { path: string; markup: boolean }, accepted: readonly MediaType[]): Promise<Inspection> {
  if (file.markup) return { problem: "unsafe_content" };
  const detected = (await fileTypeFromFile(file.path).catch(() => undefined))?.mime as MediaType | undefined;
  if (!detected || !accepted.includes(detected)) return { problem: "type" };
  if (detected === "application/pdf") {
    const verdict = await pdfVerdict(file.path);
    return verdict === "sound" ? { type: detected } : { problem: verdict === "script" ? "unsafe_content" : "type" };
  }
  return (await imageIsSound(file.path, detected)) ? { type: detected } : { problem: "type" };
}
