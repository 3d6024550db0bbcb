/**
 * Request bodies of the reference API, bounded before they are read (docs/api.md, "Request bodies").
 *
 * `bodyGate`, before any byte of a body is read, finds the contract's endpoint for the method and path
 * and refuses, with the body unread (the connection closes after the answer):
 *  - an unknown path or method (404);
 *  - a body to an endpoint that needs a token, without a valid one (401);
 *  - a declared Content-Length past the endpoint's limit (413): its files at their purposes' limits plus
 *    room for the text fields (`maxBodyBytes` of the contract), 200 KB for an endpoint without files;
 *  - an upload past the user's concurrent ones (429), or past the incoming area's room (503).
 *
 * `readBody` then reads it: JSON and urlencoded bodies within 200 KB; multipart bodies as they stream
 * (busboy), counted against the same limit (chunked bodies too), every file written to the file
 * store's incoming area as it arrives, hashed (SHA-256) and scanned for markup on the way, and refused
 * as soon as it passes its purpose's size or count (422 naming the field). Nothing of a file stays in
 * memory but the chunk in flight. Once the answer is sent, incoming files are removed, and so are kept
 * ones whose row did not commit (a refused or failed request, a rolled-back transaction).
 */
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import type { WriteStream } from "node:fs";
import busboy from "busboy";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { endpoints, type Endpoint } from "../contract/index.ts";
import { FILE_RULES, TEXT_BODY_BYTES, maxBodyBytes, type FilePurpose, type FileRule } from "../contract/files.ts";
import type { ServiceContext } from "./context.ts";
import { ApiError, notFound, unauthorized, unprocessable } from "./errors.ts";
import { bearerOf } from "./tokens.ts";
import { MarkupScanner } from "./file-content.ts";
import { logEvent } from "#common/logger";

export interface UploadedFile {
  field: string;
  name: string;
  /** The type the client claimed; the content decides (file-content.ts). */
  claimedType: string;
  size: number;
  /** SHA-256 of the bytes, hexadecimal. */
  sha256: string;
  /** The file in the store's incoming area while the request runs. */
  path: string;
  /** HTML or script markup was seen in the bytes. */
  markup: boolean;
  /** Set by checkFiles: the type the content is. */
  detectedType?: string;
  /** Set by storeFiles once kept in the store. */
  storageKey?: string;
}

/** What the gate found for a request: who may send a body, how large, and which files. */
export interface BodyRules {
  auth: "bearer" | "public";
  maxBytes: number;
  uploads: { field: string; purpose: FilePurpose }[];
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      bodyRules?: BodyRules;
      /** Fields of the multipart body that carried files no endpoint field takes (their bytes were skipped). */
      strayFileFields?: string[];
    }
  }
}

/** Uploads one user may send at once, per API process (more answer 429). */
export const MAX_UPLOADS_PER_USER = 2;
/** Bytes all uploads in flight may reserve in the incoming area, per API process (more answer 503). */
export const MAX_INCOMING_BYTES = 1024 * 1024 * 1024;

const ROUTES = endpoints.map((endpoint: Endpoint) => ({
  method: endpoint.method.toUpperCase(),
  // Express matches paths without regard to case, with or without a trailing slash.
  pattern: new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, "[^/]+")}/?$`, "i"),
  endpoint,
}));

/** The first segment of a path, lower case ("" for "/"). */
const firstSegment = (path: string) => (path.split("/")[1] ?? "").toLowerCase();

/**
 * The endpoints a request may be, by method and first segment (every endpoint's path starts with a fixed
 * segment): a request tests a few patterns, not every endpoint's.
 */
const ROUTES_BY_START = new Map<string, typeof ROUTES>();
for (const route of ROUTES) {
  const key = `${route.method} ${firstSegment(route.endpoint.path)}`;
  ROUTES_BY_START.set(key, [...(ROUTES_BY_START.get(key) ?? []), route]);
}

/** The body rules of a request by its method and path (under /api/v1), or null when no endpoint has them. */
export function bodyRulesOf(method: string, path: string): BodyRules | null {
  const verb = method === "HEAD" ? "GET" : method;
  if (verb === "GET" && /^\/openapi\.json\/?$/i.test(path)) return { auth: "public", maxBytes: TEXT_BODY_BYTES, uploads: [] };
  const candidates = ROUTES_BY_START.get(`${verb} ${firstSegment(path)}`) ?? [];
  const matches = candidates.filter((route) => route.pattern.test(path)).map((route) => route.endpoint);
  if (!matches.length) return null;
  return {
    auth: matches.some((endpoint) => endpoint.auth === "public") ? "public" : "bearer",
    maxBytes: Math.max(...matches.map((endpoint) => maxBodyBytes(endpoint.uploads))),
    uploads: matches.flatMap((endpoint) => endpoint.uploads ?? []),
  };
}

const hasBody = (req: Request) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
const isMultipart = (req: Request) => /^multipart\/form-data/i.test(String(req.headers["content-type"] ?? ""));

/** After a refusal, what is still read and dropped (so that the client reads the answer), at most. */
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 2000;
/** A busy refusal (429, 503) of a user's upload reads and drops the body within this time. */
const DRAIN_MS = 30_000;

/**
 * Refuses a request whose body is not (all) read: the answer goes at once; then, as a server closes
 * "lingering", what still arrives is read and dropped (never kept) for at most 2 s and 64 MB, and the
 * connection closes (a client that is still sending has its answer by then). A body that ends within
 * that leaves the connection open for the next request. With `drain` (a busy refusal, 429 or 503, of a
 * body within its limit), the whole body is read and dropped (at most 30 s), so that any client sees the
 * answer rather than a closed connection.
 */
function refuseUnread(req: Request, res: Response, next: NextFunction, error: ApiError, drain = false) {
  if (hasBody(req) && !req.complete) afterAnswer(res, () => linger(req, drain ? Infinity : LINGER_BYTES, drain ? DRAIN_MS : LINGER_MS));
  next(error);
}

function linger(req: Request, budget: number, ms: number) {
  if (req.complete) return;
  const close = () => {
    clearTimeout(timer);
    req.off("data", dropped);
    // (light-my-request's requests have no socket to close)
    if (typeof req.socket?.destroy === "function") req.socket.destroy();
  };
  const timer = setTimeout(close, ms);
  timer.unref?.();
  let read = 0;
  const dropped = (chunk: Buffer) => {
    read += chunk.length;
    if (read > budget) close();
  };
  req.on("data", dropped);
  req.once("end", () => clearTimeout(timer));
  req.resume();
}

/** Runs `fn` once the answer is sent or the connection is gone. */
function afterAnswer(res: Response, fn: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  res.once("finish", once);
  res.once("close", once);
}

/** See the module's comment: what is refused before a body is read. */
export function bodyGate(ctx: ServiceContext): RequestHandler {
  const uploadsOf = new Map<number, number>();
  let reserved = 0;
  return async (req, res, next) => {
    const rules = bodyRulesOf(req.method, req.path);
    if (!rules) return refuseUnread(req, res, next, notFound("Endpoint"));
    req.bodyRules = rules;
    if (!hasBody(req)) return next();
    if (rules.auth === "bearer") {
      const bearer = bearerOf(req);
      const principal = bearer ? await ctx.tokens.principal(bearer) : null;
      if (!principal) return refuseUnread(req, res, next, unauthorized());
      // `authenticate` uses this check instead of making its own.
      req.user = { userId: principal.userId, sessionId: principal.sessionId };
      req.principal = principal;
    }
    const length = req.headers["content-length"];
    const declared = length === undefined ? undefined : Number(length);
    if (declared !== undefined && !(declared <= rules.maxBytes)) {
      return refuseUnread(req, res, next, new ApiError(413, "Request body too large"));
    }
    if (rules.uploads.length && isMultipart(req) && req.user) {
      const user = req.user.userId;
      const running = uploadsOf.get(user) ?? 0;
      if (running >= MAX_UPLOADS_PER_USER) {
        return refuseUnread(
          req,
          res,
          next,
          new ApiError(429, `At most ${MAX_UPLOADS_PER_USER} uploads at once; wait for one to finish`),
          true,
        );
      }
      const room = declared ?? rules.maxBytes;
      if (reserved + room > MAX_INCOMING_BYTES) {
        res.set("Retry-After", "5");
        return refuseUnread(req, res, next, new ApiError(503, "Too many uploads in progress; try again shortly"), true);
      }
      uploadsOf.set(user, running + 1);
      reserved += room;
      afterAnswer(res, () => {
        reserved -= room;
        const left = (uploadsOf.get(user) ?? 1) - 1;
        if (left > 0) uploadsOf.set(user, left);
        else uploadsOf.delete(user);
      });
    }
    next();
  };
}

const json = express.json({ limit: TEXT_BODY_BYTES });
const urlencoded = express.urlencoded({ extended: false, limit: TEXT_BODY_BYTES });

/** Reads the body within the gate's rules: see the module's comment. */
export function readBody(ctx: ServiceContext): RequestHandler {
  return (req, res, next) => {
    if (!isMultipart(req)) {
      json(req, res, (error?: unknown) => (error ? next(error) : urlencoded(req, res, next)));
      return;
    }
    readMultipart(ctx, req, res, next);
  };
}

interface Receiving extends UploadedFile {
  stream: WriteStream;
  /** An empty part without a file name: a file input left empty, not a file. */
  skip?: boolean;
  /** Why writing it failed. */
  error?: Error;
}

function readMultipart(ctx: ServiceContext, req: Request, res: Response, next: NextFunction) {
  const rules = req.bodyRules ?? { auth: "bearer", maxBytes: TEXT_BODY_BYTES, uploads: [] };
  const fileRules = new Map<string, FileRule>(rules.uploads.map(({ field, purpose }) => [field, FILE_RULES[purpose]]));
  const received: Receiving[] = [];
  const writes: Promise<void>[] = [];
  const body: Record<string, string | string[]> = {};
  const stray = new Set<string>();
  const counts = new Map<string, number>();
  afterAnswer(res, () => void cleanUp(ctx, received));

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: "utf8",
      limits: { fieldSize: TEXT_BODY_BYTES, fields: 200, parts: 250, headerPairs: 20 },
    });
  } catch {
    return next(new ApiError(400, "Malformed multipart body"));
  }

  /** Answered (refused) or handed on: nothing more may call next. */
  let settled = false;
  const fail = (error: ApiError) => {
    if (settled) return;
    settled = true;
    req.off("data", count);
    req.unpipe(parser);
    parser.removeAllListeners();
    parser.on("error", () => undefined);
    for (const file of received) file.stream.destroy();
    refuseUnread(req, res, next, error);
  };
  const tooLarge = () => fail(new ApiError(413, "Request body too large"));

  // Chunked bodies have no declared length: counted as they arrive.
  let total = 0;
  const count = (chunk: Buffer) => {
    total += chunk.length;
    if (total > rules.maxBytes) tooLarge();
  };
  req.on("data", count);
  req.on("error", () => fail(new ApiError(400, "The body did not arrive whole")));

  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return tooLarge();
    const existing = body[name];
    body[name] = existing === undefined ? value : ([] as string[]).concat(existing, value);
  });
  parser.on("partsLimit", tooLarge);
  parser.on("fieldsLimit", tooLarge);

  parser.on("file", (field, stream, info) => {
    // A body that ends inside a file ("Unexpected end of form"): the part's stream fails besides the
    // parser, and an error nobody listens to would end the process.
    stream.on("error", () => fail(new ApiError(400, "Malformed multipart body")));
    // "attachments[]" (as some clients name a list) counts as "attachments".
    const name = field.endsWith("[]") ? field.slice(0, -2) : field;
    const rule = fileRules.get(name);
    if (!rule) {
      // Files in a field the endpoint does not take: skipped (the handler may refuse the field).
      stray.add(field);
      stream.resume();
      return;
    }
    if (info.filename) {
      const n = (counts.get(name) ?? 0) + 1;
      counts.set(name, n);
      if (n > rule.maxFiles) {
        stream.resume();
        return fail(unprocessable({ [name]: [`${name}.too_many`] }, `Too many files, at most ${rule.maxFiles} allowed`));
      }
    }
    const target = ctx.files.incoming();
    const hash = createHash("sha256");
    const scanner = new MarkupScanner();
    const file: Receiving = {
      field,
      name: info.filename ?? "",
      claimedType: info.mimeType,
      size: 0,
      sha256: "",
      path: target.path,
      markup: false,
      stream: target.stream,
    };
    received.push(file);
    stream.on("data", (chunk: Buffer) => {
      file.size += chunk.length;
      // Refused as it streams: the rest of the body is not read.
      if (file.size > rule.maxBytes) return fail(unprocessable({ [name]: [`${name}.too_large`] }, "File too large"));
      hash.update(chunk);
      scanner.push(chunk);
    });
    stream.pipe(target.stream);
    writes.push(
      new Promise<void>((resolve) => {
        target.stream.once("finish", resolve);
        // A write that fails (a full disk), or one destroyed by a refusal or a client gone away.
        target.stream.once("error", (error) => ((file.error = error), resolve()));
        target.stream.once("close", resolve);
      }).then(() => {
        file.sha256 = hash.digest("hex");
        file.markup = scanner.end();
        file.skip = file.size === 0 && !file.name;
      }),
    );
  });

  parser.once("error", () => fail(new ApiError(400, "Malformed multipart body")));
  parser.once("close", () => {
    void Promise.all(writes).then(() => {
      if (settled) return;
      const broken = received.find((file) => file.error);
      if (broken) {
        logEvent("api.upload-write-failed", { err: broken.error }, { level: "error" });
        return fail(new ApiError(503, "The upload could not be stored; try again shortly"));
      }
      settled = true;
      req.off("data", count);
      req.body = body;
      req.files = received.filter((file) => !file.skip);
      req.strayFileFields = [...stray];
      next();
    });
  });
  req.pipe(parser);
}

/**
 * After the answer: incoming files go; kept files stay only if their row committed (the request's
 * transaction ended before its answer, so a key without a row belongs to a refused or rolled-back one).
 */
async function cleanUp(ctx: ServiceContext, files: Receiving[]) {
  try {
    for (const file of files) {
      file.stream.destroy();
      if (!file.storageKey) await rm(file.path, { force: true });
      else {
        const row = await ctx.db.one("SELECT 1 FROM uploaded_files WHERE storage_key = $1", [file.storageKey]);
        if (!row) await ctx.files.remove(file.storageKey);
      }
    }
  } catch (error) {
    logEvent("api.upload-remove-failed", { err: error }, { level: "error" });
  }
}
