/**
 * The tests' PDF reader (tests/support/pdf-reader.ts) leaves the test process as it found it: pdfjs's
 * build for Node 20 replaces globals with core-js polyfills (JSON.stringify among them, whose recursion
 * overflowed on the API fuzz test's deeply nested bodies when both files shared a worker), so pdfjs runs
 * in a thread of its own.
 */
import { describe, expect, it } from "vitest";
import { readPdf } from "../support/pdf-reader.ts";
import { samplePdf } from "../support/sample-files.ts";

describe("readPdf", () => {
  it("reads a PDF without replacing the process's JSON, Promise or Set", async () => {
    const before = {
      stringify: JSON.stringify,
      parse: JSON.parse,
      promiseStatics: Object.getOwnPropertyNames(Promise),
      setProto: Object.getOwnPropertyNames(Set.prototype),
    };
    const read = await readPdf(samplePdf());
    expect(read.pageCount).toBe(1);
    expect(JSON.stringify).toBe(before.stringify);
    expect(JSON.parse).toBe(before.parse);
    expect(Object.getOwnPropertyNames(Promise)).toEqual(before.promiseStatics);
    expect(Object.getOwnPropertyNames(Set.prototype)).toEqual(before.setProto);
  });
});
