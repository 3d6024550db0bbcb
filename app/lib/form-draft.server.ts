/**
 * What a customer typed into a form when their session had ended (docs/decisions/060-form-draft.md):
 * the post is not saved, the customer signs in, and the form comes back with what they typed.
 *
 *  - When a post finds the session over (requireUserMiddleware, or the API answering 401 to the action's
 *    call: formAction), its typed text fields are kept in a cookie of their own, `__form_draft`: sealed
 *    like the session (JWE, the session's keys: the browser can neither read nor change it), httpOnly,
 *    for 30 minutes, for the page posted to only. Never kept: files, and any field whose name says it
 *    is a secret (passwords, card numbers, expiry and security codes, bank institution, transit and
 *    account numbers, tokens and idempotency keys); at most about 2.5 KB of text, longer values left out.
 *  - The sign-in page says that the session ended and the change was not saved.
 *  - After signing in, the customer returns to the form (came_from): the signed-in layout takes the
 *    draft for that page only, forgets the cookie, says what came back, and hands the values to the
 *    page's forms as their starting values (usePortalForm).
 */
import busboy from "busboy";
import { serialize as serializeCookie } from "cookie";
import { randomUUID } from "node:crypto";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getConfig, secureCookies } from "./config.server.ts";
import { readCookie } from "./cookies.server.ts";
import { notify, openValue, sealValue } from "./session.server.ts";
import { pageUrl } from "./page-url.ts";
import { SECRET_FIELD } from "./secret-fields.ts";
import { TYPED_COOKIE } from "./typed-across-languages.ts";

export const FORM_DRAFT_COOKIE = "__form_draft";
const PURPOSE = "form-draft";
/** How long the typed values wait for the customer to sign in again. */
const MAX_AGE_SECONDS = 30 * 60;
/** Text kept at most (bytes of JSON): the sealed cookie stays well under the browsers' 4 KB. */
const BUDGET = 2500;
/** What is read of a post to find its text fields: the largest form (files are read past, never kept). */
const MAX_BODY_BYTES = 128 * 1024 * 1024;
const MAX_TEXT_BYTES = 64 * 1024;

export interface FormDraft {
  /** The page posted to (its path), the only one the values go back to. */
  path: string;
  /** The typed text fields, in the form's order (a name repeats for several ticked boxes). */
  fields: [string, string][];
  /** Something typed was not kept: a file, a password, a card or bank number. */
  dropped: boolean;
  /** Some text did not fit. */
  partial: boolean;
  /** When the post was made (ms). */
  at: number;
}

/** What a form hands back to the page's forms: an id (used once in the browser) and the values by name. */
export interface TakenDraft {
  id: string;
  values: Record<string, string | string[]>;
}

/** The draft of a post: its text fields within the budget, secrets and files left out. */
export function draftOf(path: string, entries: Iterable<[string, FormDataEntryValue]>, now = Date.now()): FormDraft {
  const fields: [string, string][] = [];
  let size = 0;
  let dropped = false;
  let partial = false;
  for (const [name, value] of entries) {
    if (typeof value !== "string") {
      if (value.name || value.size) dropped = true;
      continue;
    }
    if (SECRET_FIELD.test(name)) {
      if (value) dropped = true;
      continue;
    }
    const cost = Buffer.byteLength(JSON.stringify([name, value]));
    if (size + cost > BUDGET) {
      partial = true;
      continue;
    }
    fields.push([name, value]);
    size += cost;
  }
  return { path, fields, dropped, partial, at: now };
}

/**
 * The fields of a post the action has not read: urlencoded or multipart, text within 64 KiB; a file's
 * bytes are read past and never kept (only that there was one). An unreadable body gives what was read.
 */
export async function readPostedFields(request: Request): Promise<[string, FormDataEntryValue][]> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!request.body) return [];
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const declared = Number(request.headers.get("Content-Length") ?? 0);
    if (declared > MAX_TEXT_BYTES) return [];
    const text = await readText(request, MAX_TEXT_BYTES);
    return text === null ? [] : [...new URLSearchParams(text)];
  }
  if (!type.startsWith("multipart/form-data")) return [];
  const entries: [string, FormDataEntryValue][] = [];
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: Object.fromEntries(request.headers),
      defParamCharset: "utf8",
      limits: { fieldSize: MAX_TEXT_BYTES, parts: 100 },
    });
  } catch {
    return [];
  }
  parser.on("field", (name, value, info) => {
    if (!info.valueTruncated) entries.push([name, value]);
  });
  parser.on("file", (name, stream, info) => {
    let size = 0;
    stream.on("data", (chunk: Buffer) => (size += chunk.length));
    stream.on("end", () => {
      if (size || info.filename) entries.push([name, new File([], info.filename ?? "file")]);
    });
    stream.resume();
  });
  const done = new Promise<void>((resolve) => {
    parser.once("close", resolve);
    parser.once("error", () => resolve());
  });
  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (ended) break;
      total += value.length;
      if (total > MAX_BODY_BYTES) break;
      if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
    }
    parser.end();
    await done;
  } catch {
    // What was read so far is what can be kept.
  } finally {
    reader.releaseLock();
  }
  return entries;
}

async function readText(request: Request, limit: number): Promise<string | null> {
  const reader = request.body!.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) return null;
      chunks.push(value);
    }
  } catch {
    return null;
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks).toString("utf8");
}

const cookieOptions = () => ({ path: "/", httpOnly: true, sameSite: "lax" as const, secure: secureCookies(getConfig()) });

/** Adds the draft of a post to an answer (the redirect to sign in). */
export async function keepDraft(response: Response, path: string, entries: Iterable<[string, FormDataEntryValue]>): Promise<Response> {
  const draft = draftOf(path, entries);
  if (!draft.fields.length && !draft.dropped) return response;
  const value = await sealValue(PURPOSE, draft);
  response.headers.append("Set-Cookie", serializeCookie(FORM_DRAFT_COOKIE, value, { ...cookieOptions(), maxAge: MAX_AGE_SECONDS }));
  return response;
}

/** Whether the browser holds a draft (a page to make for this browser alone: never kept, never 304). */
export const hasFormDraft = (request: Request) => Boolean(readCookie(request, FORM_DRAFT_COOKIE));

/** The browser's draft, while it is still good; null otherwise. */
export async function readDraft(request: Request, now = Date.now()): Promise<FormDraft | null> {
  const sealed = readCookie(request, FORM_DRAFT_COOKIE);
  if (!sealed) return null;
  const draft = (await openValue(PURPOSE, sealed)) as FormDraft | null;
  if (!draft || typeof draft.path !== "string" || !Array.isArray(draft.fields)) return null;
  return now - draft.at <= MAX_AGE_SECONDS * 1000 ? draft : null;
}

/** The page a request shows (a data request names it with .data). */
const pageOf = (request: Request) => pageUrl(request).pathname;

const takenContext = createContext<TakenDraft | null>(null);

/** The Set-Cookie that forgets what was typed across the language toggle, once taken. */
export const FORGET_TYPED = serializeCookie(TYPED_COOKIE, "", { path: "/", sameSite: "lax", expires: new Date(0) });

/** Values by name, in the order given (a name given several times holds a list). */
function valuesOf(fields: Iterable<[string, string]>): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of fields) {
    const before = values[name];
    values[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

/**
 * What was typed in the page before the language toggle (app/lib/typed-across-languages.ts): the
 * browser's own short cookie, taken only by the page it names when reached by the toggle (`?lng=`);
 * secrets and anything that is not a name and a text are left out.
 */
export function typedAcrossLanguages(request: Request): Record<string, string | string[]> | null {
  const raw = readCookie(request, TYPED_COOKIE);
  const url = pageUrl(request);
  if (!raw || !url.searchParams.has("lng")) return null;
  let kept: { path?: unknown; fields?: unknown };
  try {
    kept = JSON.parse(raw) as typeof kept;
  } catch {
    return null;
  }
  if (!kept || kept.path !== url.pathname || !Array.isArray(kept.fields)) return null;
  const fields = (kept.fields as unknown[]).filter(
    (field): field is [string, string] =>
      Array.isArray(field) &&
      typeof field[0] === "string" &&
      typeof field[1] === "string" &&
      field[0].length <= 100 &&
      field[1].length <= 5000 &&
      !SECRET_FIELD.test(field[0]),
  );
  return fields.length ? valuesOf(fields) : null;
}

/**
 * Signed-in layout: a page shown with the draft of a post to it takes the draft (once: the cookie is
 * forgotten) and says what came back; its forms start from the values (formDraftOf, usePortalForm). A
 * page reached by the language toggle takes what was typed in it the same way, without a word (the
 * customer only changed language).
 */
export const formDraftMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Most requests hold neither cookie: one look at the header, not a parse.
  const cookies = request.headers.get("Cookie") ?? "";
  if (request.method !== "GET" || !(cookies.includes(TYPED_COOKIE) || cookies.includes(FORM_DRAFT_COOKIE))) return next();
  if (readCookie(request, TYPED_COOKIE) !== undefined) {
    const values = typedAcrossLanguages(request);
    if (values) context.set(takenContext, { id: randomUUID(), values });
    const response = await next();
    response.headers.append("Set-Cookie", FORGET_TYPED);
    return response;
  }
  if (!hasFormDraft(request)) return next();
  const draft = await readDraft(request);
  if (draft && draft.path !== pageOf(request)) return next();
  if (draft) {
    context.set(takenContext, { id: randomUUID(), values: valuesOf(draft.fields) });
    notify(
      context,
      "info",
      draft.partial ? "formDraft.restoredPartial" : draft.dropped ? "formDraft.restoredRetype" : "formDraft.restored",
    );
  }
  const response = await next();
  response.headers.append("Set-Cookie", serializeCookie(FORM_DRAFT_COOKIE, "", { ...cookieOptions(), expires: new Date(0) }));
  return response;
};

/** The draft this request took for its page (the layout's loader hands it to the forms). */
export function formDraftOf(context: Readonly<RouterContextProvider>): TakenDraft | null {
  return context.get(takenContext);
}
