/** The build's compressed copies of the browser's files (scripts/vite-precompress.ts). */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../../scripts/vite-precompress.ts";

describe("precompressing the client build", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-assets-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // A script like the build's (repetitive, minified-looking text), a locale part in a subfolder, a tiny
  // file and a file that is not text.
  const script = Array.from({ length: 600 }, (_, i) => `function f${i}(a,b){return a.map(x=>x*${i}+b).filter(Boolean)}`).join(";");
  mkdirSync(path.join(dir, "locales-abc", "fr"), { recursive: true });
  writeFileSync(path.join(dir, "framework-Ab12.js"), script);
  writeFileSync(
    path.join(dir, "locales-abc", "fr", "billing.js"),
    `export default ${JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`line${i}`, `Montant dû à la ligne ${i}`])))}`,
  );
  writeFileSync(path.join(dir, "tiny.js"), "x");
  writeFileSync(path.join(dir, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

  it("writes brotli and gzip copies that decompress to the file, gzip smaller than zlib's best", async () => {
    await precompressDirectory(dir);
    const original = readFileSync(path.join(dir, "framework-Ab12.js"));
    const br = readFileSync(path.join(dir, "framework-Ab12.js.br"));
    const gz = readFileSync(path.join(dir, "framework-Ab12.js.gz"));
    expect(brotliDecompressSync(br)).toEqual(original);
    expect(gunzipSync(gz)).toEqual(original);
    // zopfli beats zlib's level 9 on a file of this size.
    expect(gz.length).toBeLessThan(gzipSync(original, { level: 9 }).length);
    expect(br.length).toBeLessThan(gz.length);

    // Subfolders too (the locale parts).
    const part = path.join(dir, "locales-abc", "fr", "billing.js");
    expect(brotliDecompressSync(readFileSync(`${part}.br`))).toEqual(readFileSync(part));
  }, 30_000); // zopfli: under a second alone, much longer on a busy machine

  it("writes no copy that is not smaller, and leaves files that are not text alone", () => {
    expect(existsSync(path.join(dir, "tiny.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "tiny.js.gz"))).toBe(false);
    expect(existsSync(path.join(dir, "logo.png.br"))).toBe(false);
    expect(existsSync(path.join(dir, "logo.png.gz"))).toBe(false);
  });
});
