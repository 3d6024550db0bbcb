/**
 * A 304 answer's headers replace those the browser stored with the page (RFC 9111, 4.3.4): a
 * Content-Security-Policy with this request's fresh nonce would block the stored page's scripts, which
 * carry the nonce of the answer that brought them. So a 304 goes without the header; the stored one
 * stays in force (docs/architecture.md, "Conditional answers").
 */
import type { RequestHandler } from "express";

export const keepStoredCspOnNotModified: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (args[0] === 304) this.removeHeader("Content-Security-Policy");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};
