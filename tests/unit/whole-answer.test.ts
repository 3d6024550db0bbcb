import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodingFor, wholeAnswer } from "~/lib/whole-answer.server";

const asking = (acceptEncoding?: string) =>
  new Request("http://portal.test/dashboard/100101", {
    headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
  });

// A page of a few kilobytes that compresses the way HTML does.
const page = Array.from({ length: 120 }, (_, i) => `<li><span>Invoice ${1000 + i}</span><span>$${(i * 7.31).toFixed(2)}</span></li>`).join(
  "",
);

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("encodingFor", () => {
  it("takes brotli when the browser takes it, before gzip whatever the order it names them in", () => {
    expect(encodingFor(asking("gzip, deflate, br, zstd"))).toBe("br");
    expect(encodingFor(asking("br;q=0.5, gzip;q=0.5"))).toBe("br");
  });

  it("follows the browser's preferences and refusals", () => {
    expect(encodingFor(asking("gzip"))).toBe("gzip");
    expect(encodingFor(asking("br;q=0, gzip"))).toBe("gzip");
    expect(encodingFor(asking("br;q=0.2, gzip;q=0.8"))).toBe("gzip");
    expect(encodingFor(asking("deflate, zstd"))).toBe("identity");
    expect(encodingFor(asking("identity"))).toBe("identity");
    expect(encodingFor(asking())).toBe("identity");
  });
});

describe("wholeAnswer", () => {
  it("compresses a page with brotli for a browser that takes it, and says its length and encoding", async () => {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "a=b" });
    const answer = wholeAnswer(asking("gzip, deflate, br"), page, headers, 200);
    const body = await bytesOf(answer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Encoding")).toBe("br");
    expect(answer.headers.get("Content-Length")).toBe(String(body.length));
    expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
    expect(answer.headers.get("Set-Cookie")).toBe("a=b");
    expect(body.length).toBeLessThan(page.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it("gives gzip to a browser without brotli, and the bytes as they are to one that takes neither", async () => {
    const gzip = wholeAnswer(asking("gzip"), new TextEncoder().encode(page), new Headers(), 404);
    expect(gzip.status).toBe(404);
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(await bytesOf(gzip)).toString()).toBe(page);

    const plain = wholeAnswer(asking("identity"), page, new Headers(), 200);
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Content-Length")).toBe(String(Buffer.byteLength(page)));
    expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
    expect((await bytesOf(plain)).toString()).toBe(page);
  });

  it("counts the length in bytes, not characters", async () => {
    const french = "Détails du compte ".repeat(3);
    const answer = wholeAnswer(asking("br"), french, new Headers(), 200);
    expect(answer.headers.get("Content-Length")).toBe(String(Buffer.byteLength(french)));
    expect((await bytesOf(answer)).toString()).toBe(french);
  });

  it("sends an answer under 1 KB as it is: compressing it would gain next to nothing", async () => {
    const small = "<p>Short</p>".repeat(20);
    const answer = wholeAnswer(asking("br, gzip"), small, new Headers(), 200);
    expect(answer.headers.get("Content-Encoding")).toBeNull();
    expect((await bytesOf(answer)).toString()).toBe(small);
  });

  it("leaves an answer that forbids transformation, or that arrives encoded, as it is", async () => {
    const noTransform = wholeAnswer(asking("br"), page, new Headers({ "Cache-Control": "private, no-transform" }), 200);
    expect(noTransform.headers.get("Content-Encoding")).toBeNull();
    expect(noTransform.headers.get("Vary")).toBeNull();
    expect((await bytesOf(noTransform)).toString()).toBe(page);

    const encoded = new Uint8Array(Buffer.from("already gzip"));
    const passed = wholeAnswer(asking("br"), encoded, new Headers({ "Content-Encoding": "gzip" }), 200);
    expect(passed.headers.get("Content-Encoding")).toBe("gzip");
    expect((await bytesOf(passed)).toString()).toBe("already gzip");
    expect(passed.headers.get("Content-Length")).toBe(String(encoded.length));
  });
});
