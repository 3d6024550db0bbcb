/**
 * Request plumbing of the reference API (bodies are read in uploads.ts): control characters, the
 * signed-in user, the answer language, and access to a customer account by the user's contact roles.
 */
import type { NextFunction, Request, RequestHandler, Response, Router } from "express";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { FieldErrors, fieldErrors, forbidden, notFound, unauthorized, unprocessable } from "./errors.ts";
import { bearerOf, type AccessClaims, type Principal, type Tokens } from "./tokens.ts";
import type { UploadedFile } from "./uploads.ts";

export type { UploadedFile } from "./uploads.ts";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: AccessClaims;
      /** Set by authenticate (or the body gate): the user's username and accounts, read with the session check. */
      principal?: Principal;
      files?: UploadedFile[];
      lang: "en" | "fr";
    }
  }
}

/**
 * Control characters no text field may hold (tab, line feed and carriage return are text); PostgreSQL
 * refuses NUL in text outright. With them the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which no keyboard types and which turn the text around them backwards
 * where it is shown ("Zoë" + U+202E + "gnp.exe" shows as "Zoëexe.png"); the marks U+200E and U+200F stay. Refused
 * with a 422 field error `<field>.control_characters`.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

/** Where in a parsed body or query a control character hides: the path of the first, as a field name. */
function controlCharacterField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return CONTROL_CHARACTERS.test(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (CONTROL_OR_LINE_BREAK.test(key)) return path || "_form";
    const found = controlCharacterField(item, field, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses control characters in the body, the query and file names before any handler sees them. */
export const refuseControlCharacters: RequestHandler = (req, _res, next) => {
  let path = req.path;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return next(notFound("Endpoint"));
  }
  // A path parameter (a token, a MAC address) with a control character names nothing.
  if (CONTROL_OR_LINE_BREAK.test(path)) return next(notFound("Endpoint"));
  const fromBody = controlCharacterField(req.body, "");
  const fromQuery = controlCharacterField(req.query, "");
  const file = req.files?.find((f) => CONTROL_OR_LINE_BREAK.test(f.name) || CONTROL_OR_LINE_BREAK.test(f.field));
  const field = fromBody ?? fromQuery ?? (file ? (CONTROL_OR_LINE_BREAK.test(file.field) ? "_form" : file.field) : null);
  if (field === null) return next();
  const name = field.split(".")[0] || "_form";
  next(unprocessable({ [name]: [`${name}.control_characters`] }, "Control characters are not accepted"));
};

/** The answer language: first of fr/en in Accept-Language, else English. */
export const detectLanguage: RequestHandler = (req, _res, next) => {
  const header = String(req.headers["accept-language"] ?? "").toLowerCase();
  const fr = header.indexOf("fr");
  const en = header.indexOf("en");
  req.lang = fr !== -1 && (en === -1 || fr < en) ? "fr" : "en";
  next();
};

/** Requires a valid, not signed-out bearer token; loads the user's accounts with the session check. */
export function authenticate(tokens: Tokens): RequestHandler {
  return async (req, _res, next) => {
    // The body gate checked this request's token already (it sent a body).
    if (req.principal) return next();
    const bearer = bearerOf(req);
    const principal = bearer ? await tokens.principal(bearer) : null;
    if (!principal) return next(unauthorized());
    req.user = { userId: principal.userId, sessionId: principal.sessionId };
    req.principal = principal;
    next();
  };
}

export function currentUser(req: Request): AccessClaims {
  if (!req.user) throw unauthorized();
  return req.user;
}

export type ContactRole = "authoritative" | "billing" | "notify" | "support";

export interface CustomerAccess {
  customerId: number;
  contactId: number;
  roles: ContactRole[];
  isResidential: boolean;
}

/**
 * The signed-in user's access to a customer: they must be an activated contact of it (else 403,
 * whether or not the id exists, so ids cannot be probed). With `anyOf`, one of those roles is needed.
 */
export async function requireCustomer(db: Db, req: Request, customerIdParam: unknown, anyOf?: ContactRole[]): Promise<CustomerAccess> {
  const user = currentUser(req);
  const customerId = Number(customerIdParam);
  if (!Number.isSafeInteger(customerId) || customerId <= 0) throw forbidden();
  // Authentication read the user's accounts already (same request, same session check), unless they are many.
  const row = req.principal?.accounts
    ? req.principal.accounts.find((account) => account.customer_id === customerId)
    : await db.one<{ contact_id: number; roles: ContactRole[]; is_residential: boolean }>(
        `SELECT c.id AS contact_id, c.roles, cu.is_residential
       FROM contacts c JOIN customers cu ON cu.id = c.customer_id
      WHERE c.customer_id = $1 AND c.user_id = $2 AND c.status = 'activated'`,
        [customerId, user.userId],
      );
  if (!row) throw forbidden();
  if (anyOf && !anyOf.some((role) => row.roles.includes(role))) {
    throw forbidden(`This needs one of the roles: ${anyOf.join(", ")}`);
  }
  return { customerId, contactId: row.contact_id, roles: row.roles, isResidential: row.is_residential };
}

/**
 * Access to a service (router, WiFi, endpoint, cabinet…) through its customer: the same rule as
 * requireCustomer. With `categories`, a service of another kind answers 404.
 */
export async function requireService(
  db: Db,
  req: Request,
  serviceIdParam: unknown,
  options: { categories?: string[]; anyOf?: ContactRole[] } = {},
): Promise<CustomerAccess & { serviceId: number; category: string; packageId: number | null }> {
  const serviceId = Number(serviceIdParam);
  if (!Number.isSafeInteger(serviceId) || serviceId <= 0) throw forbidden();
  const service = await db.one<{ customer_id: number; category: string; package_id: number | null }>(
    "SELECT customer_id, category, package_id FROM services WHERE id = $1",
    [serviceId],
  );
  // Unknown ids answer as other people's do: 403, so ids cannot be probed.
  if (!service) throw forbidden();
  const access = await requireCustomer(db, req, service.customer_id, options.anyOf);
  if (options.categories && !options.categories.includes(service.category)) throw notFound("Service");
  return { ...access, serviceId, category: service.category, packageId: service.package_id };
}

/** Access to a residential package (bundle) through its customer. */
export async function requirePackage(
  db: Db,
  req: Request,
  packageIdParam: unknown,
  anyOf?: ContactRole[],
): Promise<CustomerAccess & { packageId: number }> {
  const packageId = Number(packageIdParam);
  if (!Number.isSafeInteger(packageId) || packageId <= 0) throw forbidden();
  const pkg = await db.one<{ customer_id: number }>("SELECT customer_id FROM packages WHERE id = $1", [packageId]);
  if (!pkg) throw forbidden();
  return { ...(await requireCustomer(db, req, pkg.customer_id, anyOf)), packageId };
}

/** Parses input with a contract schema; a failure answers 422 with field error codes. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  return schema.parse(input);
}

/**
 * Parses input with a contract schema and runs the request's own rules (those that need the day, or
 * two fields together) on what was sent, whatever the schema said: one 422 names every refused field,
 * so a customer meets all of a form's rules in one answer. `rules` reads the raw input (a field may be
 * missing or malformed) and adds `<field>.<rule>` codes.
 */
export function parseWithRules<S extends z.ZodType>(
  schema: S,
  input: unknown,
  rules: (sent: Record<string, unknown>, errors: FieldErrors) => void,
): z.infer<S> {
  const result = schema.safeParse(input);
  const errors = new FieldErrors();
  if (!result.success) for (const [field, codes] of Object.entries(fieldErrors(result.error))) errors.errors[field] = codes;
  rules(input && typeof input === "object" ? (input as Record<string, unknown>) : {}, errors);
  errors.throwIfAny("Invalid request");
  return result.data as z.infer<S>;
}

/** The client's address: X-Forwarded-For's last entry when the peer is trusted to set it (the portal). */
export function clientAddress(req: Request, trusted: string[]): string {
  const peer = req.socket.remoteAddress ?? "unknown";
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .pop()
    ?.trim();
  return trusted.includes(peer) && forwarded ? forwarded : peer;
}

/** Who asks for a session (tokens.ts): the User-Agent the request carries and the client's address as above. */
export function clientOf(req: Request, trusted: string[]): { userAgent: string | null; address: string } {
  return { userAgent: req.get("user-agent") ?? null, address: clientAddress(req, trusted) };
}

/** Express 5 forwards rejected promises; this only narrows the handler type. */
export const route =
  (handler: (req: Request, res: Response, next: NextFunction) => Promise<unknown>): RequestHandler =>
  (req, res, next) =>
    handler(req, res, next);

/** A GET answered with what `answer` computes, as JSON (the pages of e-mailed links). */
export function jsonGet(router: Router, pattern: string, answer: (req: Request) => Promise<unknown>): void {
  router.get(
    pattern,
    route(async (req, res) => {
      res.json(await answer(req));
    }),
  );
}
