/**
 * A PDF as assistive technology meets it: its text page by page in content order and the tags each
 * page's content belongs to (pdfjs-dist, the reader of Firefox); the whole tag tree and the catalog
 * entries a tagged document must carry (pdf-lib, which reads the dictionaries as written). pdfjs runs in a
 * worker thread (pdfjs-read.mjs), whose globals its polyfills may replace without touching the tests'.
 */
import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFRef, PDFString, PDFHexString, type PDFObject } from "pdf-lib";
import { Worker } from "node:worker_threads";

export interface TagNode {
  role: string;
  /** A header cell's Scope attribute (Row, Column, Both). */
  scope?: string;
  children: TagNode[];
}

export interface ReadPdf {
  version: string;
  pageCount: number;
  /** Each page's text in the order it is drawn, runs of white space (the no-break space too) as one space. */
  pages: string[];
  /** The tag tree's roots and their elements, in the tree's order (marked content left out). */
  tags: TagNode[];
  /** For each page, the part of the tag tree its content belongs to, as pdfjs reads it. */
  pageTags: TagNode[][];
  info: { title: string; language: string };
  catalog: { marked: boolean; lang: string | null; hasStructTreeRoot: boolean; displayDocTitle: boolean; title: string | null };
}

/** What pdfjs reads of the PDF (pdfjs-read.mjs), in a thread of its own. */
function readWithPdfjs(
  bytes: Uint8Array,
): Promise<{ pages: string[]; pageTags: TagNode[][]; info: { Title?: string; Language?: string } }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./pdfjs-read.mjs", import.meta.url), { workerData: bytes });
    worker.once("message", (answer) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`the PDF reader stopped (${code})`)));
  });
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const { pages, pageTags, info } = await readWithPdfjs(bytes);

  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const resolve = (value: PDFObject | undefined) => (value instanceof PDFRef ? doc.context.lookup(value) : value);
  const text = (value: PDFObject | undefined) => {
    const resolved = resolve(value);
    return resolved instanceof PDFString || resolved instanceof PDFHexString ? resolved.decodeText() : null;
  };
  const catalog = doc.catalog;
  const markInfo = resolve(catalog.get(PDFName.of("MarkInfo")));
  const viewer = resolve(catalog.get(PDFName.of("ViewerPreferences")));
  const structRoot = resolve(catalog.get(PDFName.of("StructTreeRoot")));
  /** The structure elements among a K entry's kids (marked-content ids and references left out). */
  const elements = (kids: PDFObject | undefined): TagNode[] => {
    const node = resolve(kids);
    if (node instanceof PDFArray) return node.asArray().flatMap(elements);
    if (!(node instanceof PDFDict) || node.has(PDFName.of("MCID")) || !node.has(PDFName.of("S"))) return [];
    const attributes = resolve(node.get(PDFName.of("A")));
    const scope = attributes instanceof PDFDict ? resolve(attributes.get(PDFName.of("Scope"))) : undefined;
    return [
      {
        role: (node.get(PDFName.of("S")) as PDFName).decodeText(),
        ...(scope instanceof PDFName ? { scope: scope.decodeText() } : {}),
        children: elements(node.get(PDFName.of("K"))),
      },
    ];
  };
  const infoDict = resolve(doc.context.trailerInfo.Info);

  return {
    version: new TextDecoder("latin1").decode(bytes.subarray(0, 8)),
    pageCount: pages.length,
    pages,
    tags: structRoot instanceof PDFDict ? elements(structRoot.get(PDFName.of("K"))) : [],
    pageTags,
    info: { title: info.Title ?? "", language: info.Language ?? "" },
    catalog: {
      marked: markInfo instanceof PDFDict && markInfo.get(PDFName.of("Marked")) === PDFBool.True,
      lang: text(catalog.get(PDFName.of("Lang"))),
      hasStructTreeRoot: structRoot instanceof PDFDict,
      displayDocTitle: viewer instanceof PDFDict && viewer.get(PDFName.of("DisplayDocTitle")) === PDFBool.True,
      title: infoDict instanceof PDFDict ? text(infoDict.get(PDFName.of("Title"))) : null,
    },
  };
}
