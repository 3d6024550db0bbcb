/**
 * The part of tests/support/pdf-reader.ts that pdfjs-dist reads, in a worker thread of its own: pdfjs's
 * build for Node 20 (legacy) replaces globals with core-js's (JSON.stringify, Set and Iterator methods,
 * Promise…), which would change the environment of every test file sharing the worker (isolate: false).
 * Here they change only this thread's. Gets the PDF's bytes, posts its pages' text, their tags and the
 * document's title and language.
 */
import { parentPort, workerData } from "node:worker_threads";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const roles = (nodes = []) => nodes.filter((node) => node.role).map((node) => ({ role: node.role, children: roles(node.children) }));

const pdf = await getDocument({ data: new Uint8Array(workerData), verbosity: 0 }).promise;
const pages = [];
const pageTags = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  pages.push(
    content.items
      .map((item) => ("str" in item ? item.str : ""))
      .join(" ")
      .replace(/\s+/g, " ")
      .trim(),
  );
  pageTags.push(roles((await page.getStructTree())?.children));
}
const { info } = await pdf.getMetadata();
await pdf.destroy();
parentPort.postMessage({ pages, pageTags, info: { Title: info.Title, Language: info.Language } });
