/**
 * Compresses the browser's files once, when they are built, instead of on every request: next to each
 * script and stylesheet under `assets/`, a `.br` (brotli at its best quality, 11) and a `.gz` (zopfli,
 * a gzip that compresses 3–5 % better than zlib's best, for files of 4 KB or more; zlib's level 9 below
 * that, where zopfli takes long and gains a few bytes). `server/app.ts` serves them to browsers that
 * take them (express-static-gzip). A compressed file that would not be smaller is not written.
 *
 * Measured on this build (docs/performance-log.md, "JavaScript on first load"): the two files every page
 * loads, React DOM and React Router, are 117.7 KB as the portal compressed them per request (brotli at
 * quality 2, the setting for pages), 113.4 KB at gzip's default level, 109.7 KB with zopfli and 97.8 KB
 * with brotli 11.
 */
import { gzipAsync } from "@gfx/zopfli";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipZlib = promisify(gzip);

/** Files worth compressing: text the browser fetches. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
/** Below this size zlib's level 9 writes the gzip (zopfli's gain there is a few bytes per file). */
const ZOPFLI_FROM = 4096;

/** The compressed forms of one file's content: [extension, bytes], only those smaller than the original. */
export async function compressedForms(content: Buffer): Promise<Array<[".br" | ".gz", Buffer]>> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    content.length >= ZOPFLI_FROM
      ? gzipAsync(content, { numiterations: 15 }).then((bytes) => Buffer.from(bytes))
      : gzipZlib(content, { level: 9 }),
  ]);
  const forms: Array<[".br" | ".gz", Buffer]> = [];
  if (br.length < content.length) forms.push([".br", br]);
  if (gz.length < content.length) forms.push([".gz", gz]);
  return forms;
}

/** Writes `.br` and `.gz` beside every compressible file under `dir` (recursively). */
export async function precompressDirectory(dir: string): Promise<number> {
  const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let written = 0;
  // A few at a time: brotli runs on libuv's threads while zopfli (WebAssembly) runs on this one.
  const queue = [...names];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      for (const [extension, bytes] of await compressedForms(await readFile(file))) {
        await writeFile(file + extension, bytes);
        written++;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return written;
}

/** The Vite plugin: after the client build is written, its `assets/` folder is compressed. */
export function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const started = performance.now();
      const written = await precompressDirectory(path.join(options.dir, "assets"));
      this.info(`${written} compressed files written in ${Math.round(performance.now() - started)} ms`);
    },
  };
}
