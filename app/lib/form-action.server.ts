/**
 * The one way a route action handles a form post (docs/adding-a-screen.md):
 *
 *  1. read the body within limits: urlencoded or multipart only (else 415), small for text forms and
 *     per purpose for files (else 413; a declared length past the limit before a file's byte is read),
 *     never trusting what the browser says it sent; files go to temporary files as they stream in
 *     (form-uploads.server.ts), removed once the action is done; a 413 for files keeps the text fields
 *     read ahead of them (a browser sends the file input's parts where the form has it: last, in ours);
 *  2. parse it with the form's shared zod schema: invalid -> 400, the page again with what was typed
 *     (secrets hidden, long values cut to their field's maximum) and the messages;
 *  3. call the API: a 422's field errors land on the form's fields (field names are the API's
 *     snake_case names) and the others above the form, every code translated (locales/…/api.json);
 *     a 403, 429, 502 or 503 keeps the form and shows a translated form-level error (a 502, an answer
 *     without data or with success: false, also the error notification "Something went wrong on server side");
 *  4. success -> a flash notification and a redirect (post/redirect/get).
 */
import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { randomUUID } from "node:crypto";
import { createContext, data, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { FILE_RULES, maxMegabytes, type FilePurpose } from "#contract/files";
import { ApiFieldErrors, isFailure } from "./api.server.ts";
import { withValues } from "./form-messages.ts";
import { shortFileName } from "../schemas/file-problems.ts";
import { getLanguage, hasText } from "./i18n.server.ts";
import type { Language } from "./i18n.ts";
import type { NotificationType } from "./notifications.ts";
import { keepDraft } from "./form-draft.server.ts";
import { readMultipart, releaseUploads } from "./form-uploads.server.ts";
import { notify } from "./session.server.ts";
import { logEvent } from "./logger.server.ts";
import { pageUrl } from "./page-url.ts";

/** What a refused post answers: the form's state for conform, and a fresh idempotency key when one is due. */
export interface FormReply {
  result: SubmissionResult<string[]>;
  /** A new key for the next try, after the API refused a charge (a retry with the old key would replay it). */
  idempotencyKey?: string;
  /** A notification was queued with this answer (root.tsx's shouldRevalidate shows it at once). */
  notified?: boolean;
}

export interface FormSuccess {
  /** Where the browser goes next (post/redirect/get). */
  redirectTo: string;
  /** The notification the next page shows (a key, with its namespace prefix unless it is in common). */
  notification?: { key: string; values?: Record<string, string | number>; type?: NotificationType };
  /** Headers of the redirect, such as a preference cookie the post set (Set-Cookie). */
  headers?: HeadersInit;
  /** Load the next page as a new document, also with JavaScript (after a change of the portal's language). */
  reloadDocument?: boolean;
}

export interface FormActionOptions<S extends z.ZodType, R> {
  /** The form's shared schema (app/schemas). */
  schema: S;
  /** Fields never sent back to the browser: card numbers, security codes, passwords. */
  hideFields?: string[];
  /** A multipart form with files: its file field, and the purpose whose limits apply (api/contract/files.ts). */
  files?: { field: string; purpose: FilePurpose };
  /** Fields without a control of their own: the API's errors on them show above the form. */
  formLevelFields?: string[];
  /** The form carries `idempotency_key` (payments, autopay), handed to `submit`. */
  idempotent?: boolean;
  /** A screen's own form-level messages for a 403, an API that does not answer (503) or fails (502), instead of the generic ones. */
  failureMessages?: { forbidden?: string; unavailable?: string; server?: string };
  /**
   * The API call, with the parsed value. Throwing ApiFieldErrors (a 422) maps it onto the form; throwing
   * FieldRefusal does the same with messages the action wrote itself (keys, perhaps `withValues`).
   */
  submit: (value: z.output<S>, helpers: { idempotencyKey: string; language: Language }) => Promise<R>;
  /** Where to go, and what to say, once the API accepted. */
  success: (result: R, value: z.output<S>, helpers: { language: Language }) => FormSuccess;
}

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Text forms: a few kilobytes at most; 64 KiB leaves room for every field's maximum. */
export const TEXT_FORM_LIMIT = 64 * 1024;
/** Room for the text fields of a form that also carries files. */
const FIELDS_MARGIN = 256 * 1024;
/** Files over a purpose's maximum that are still read (to answer "too many" with the form kept); more stop the post. */
const EXTRA_FILES = 5;
/** A refused value is echoed back at most this long when its field names no maximum. */
const ECHO_LIMIT = 1000;

/**
 * A key for one submission of a form that must not charge twice. A page that shows one declares itself
 * made for one view (`handle.cache: "never"`, conditional.server.ts): never tagged, so a page shown
 * again (a 304 answered to the browser's copy) never carries a key already used.
 */
export function newIdempotencyKey(): string {
  return randomUUID();
}

/**
 * A refusal an action makes itself, like an API 422 but with its own messages: translation keys with
 * their namespace, perhaps carrying values (`withValues`), per field (or `_form`). Nothing was charged or
 * changed: the form comes back with 422, everything typed and a new idempotency key.
 */
export class FieldRefusal extends Error {
  constructor(readonly messages: Record<string, string[]>) {
    super("The action refused some fields");
  }
}

const NOTHING = z.object({});

/**
 * Why a post could not be taken as it came. `typed`: what was typed, given back so that nothing typed is
 * lost: a form read whole but holding characters no one types (control characters), without them, or the
 * text fields of a multipart post read before it stopped (a file too large, too many files).
 */
export type BodyProblem = {
  status: 413 | 415 | 400;
  message: string;
  /** The field the message is about (the first, when `fields` names several). */
  field?: string;
  fields?: string[];
  typed?: FormData;
};

/**
 * Control characters no form field may hold (tab, line feed and carriage return are text), and the
 * bidirectional embeddings, overrides and isolates, which no keyboard types and which turn the text
 * around them backwards where it is shown. The API refuses them too (422 `<field>.control_characters`,
 * api/service/http.ts); PostgreSQL refuses NUL outright.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

/** The fields of a form whose value (or file name, or own name) holds a control character, in order. */
function fieldsWithControlCharacters(form: FormData): string[] {
  const fields = new Set<string>();
  for (const [name, value] of form.entries()) {
    const text = typeof value === "string" ? value : value.name;
    if (CONTROL_CHARACTERS.test(text) || CONTROL_CHARACTERS.test(name)) fields.add(name);
  }
  return [...fields];
}

/** A form's text fields without their control characters (fields whose name holds one, and files, left out). */
function withoutControlCharacters(form: FormData): FormData {
  const everywhere = new RegExp(CONTROL_CHARACTERS.source, "g");
  const typed = new FormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !CONTROL_CHARACTERS.test(name)) typed.append(name, value.replace(everywhere, ""));
  }
  return typed;
}

/**
 * The posted form, or why it cannot be read: every action reads its body through this (formAction
 * does; so do sign-in and the account switcher), so no action parses an unbounded or foreign body.
 * A form read with `files` keeps them in temporary files until `releaseUploads(form)` (formAction calls it).
 */
export async function readForm(request: Request, files?: FormActionOptions<z.ZodType, unknown>["files"]): Promise<FormData | BodyProblem> {
  const form = await readFormWithinLimits(request, files);
  if (!(form instanceof FormData)) return form;
  const fields = fieldsWithControlCharacters(form);
  if (fields.length > 0) {
    await releaseUploads(form);
    // Each field that held them is marked (a name that holds one is no field of the form's).
    const named = fields.filter((name) => !CONTROL_CHARACTERS.test(name));
    return {
      status: 400,
      message: "common:formErrors.controlCharacters",
      field: named.length === fields.length ? named[0] : undefined,
      fields: named.length === fields.length ? named : undefined,
      typed: withoutControlCharacters(form),
    };
  }
  return form;
}

async function readFormWithinLimits(
  request: Request,
  files: FormActionOptions<z.ZodType, unknown>["files"],
): Promise<FormData | BodyProblem> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  if (!multipart && !type.startsWith("application/x-www-form-urlencoded")) {
    const empty = request.headers.get("Content-Length") === "0" || request.body === null;
    if (!(empty && !type)) return { status: 415, message: "common:formErrors.unsupported" };
    return new FormData();
  }
  const rule = files && multipart ? FILE_RULES[files.purpose] : undefined;
  const fileField = files?.field;
  // A few files over the limit still arrive, so the page can say so and keep what was typed; a file a
  // little over the limit too, so its field says why; far over, the post stops (413).
  const maxTotalBytes = rule ? rule.maxFiles * (rule.maxBytes + 1024 * 1024) + FIELDS_MARGIN : TEXT_FORM_LIMIT;
  if (multipart) {
    const form = await readMultipart(request, {
      maxFiles: rule ? rule.maxFiles + EXTRA_FILES : 0,
      maxFileBytes: rule ? rule.maxBytes + 1024 * 1024 : 0,
      maxFieldBytes: TEXT_FORM_LIMIT,
      maxTotalBytes,
      // A body declared past the limit: only its text fields ahead of the files are read, to keep them.
      maxTextBytes: rule ? FIELDS_MARGIN : TEXT_FORM_LIMIT,
      maxParts: 100,
    });
    if (form instanceof FormData) return form;
    // The text fields read before the post stopped (browsers send a form's controls in order: those
    // before its file input; each whole, within its limit) are given back, so that a file refused for its
    // size loses nothing typed. None read (nothing typed ahead of the files, a body that is not a form): only why.
    const typed = form.fields.keys().next().done ? undefined : withoutControlCharacters(form.fields);
    if (form.refusal === "total" || form.refusal === "fileSize") {
      // A field of several files names the one found too large (not in a body declared too large as a whole).
      const size = rule ? maxMegabytes(files!.purpose) : 0;
      const message = !rule
        ? "common:formErrors.tooLarge"
        : form.file && rule.maxFiles > 1
          ? withValues(`api:${fileField}.too_large_file`, { size, file: shortFileName(form.file) })
          : withValues("common:formErrors.filesTooLarge", { size });
      return { status: 413, message, field: fileField, typed };
    }
    if (form.refusal === "files") {
      return {
        status: rule ? 413 : 400,
        message: rule ? "common:formErrors.tooManyFiles" : "common:formErrors.unreadable",
        field: fileField,
        typed,
      };
    }
    return { status: 400, message: "common:formErrors.unreadable" };
  }
  // urlencoded: text only, within the text limit (declared or counted).
  const declared = request.headers.get("Content-Length");
  if (declared && !(Number(declared) <= TEXT_FORM_LIMIT)) return { status: 413, message: "common:formErrors.tooLarge" };
  try {
    return await parseFormData(request, { maxFiles: 0, maxFileSize: TEXT_FORM_LIMIT, maxTotalSize: TEXT_FORM_LIMIT, maxParts: 100 });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { status: 413, message: "common:formErrors.tooLarge" };
    }
    // More than 100 fields (MaxPartsExceededError, a MultipartParseError for urlencoded bodies too) was a 500.
    if (
      error instanceof FormDataParseError ||
      error instanceof MultipartParseError ||
      (error instanceof Error && /parse/i.test(error.message))
    ) {
      return { status: 400, message: "common:formErrors.unreadable" };
    }
    throw error;
  }
}

const fieldsOf = new WeakMap<z.ZodType, Record<string, { maxLength?: number }>>();
/** The form's field names and their maximum lengths, from its schema (computed once per schema). */
function constraintOf(schema: z.ZodType): Record<string, { maxLength?: number }> {
  let fields = fieldsOf.get(schema);
  if (!fields) {
    fields = (getZodConstraint(schema) ?? {}) as Record<string, { maxLength?: number }>;
    fieldsOf.set(schema, fields);
  }
  return fields;
}

/** What was typed, as conform echoes it, with every text cut to its field's maximum. */
export function capEcho(result: SubmissionResult<string[]>, schema: z.ZodType): SubmissionResult<string[]> {
  if (!result.initialValue) return result;
  const fields = constraintOf(schema);
  const cap = (name: string, value: unknown): unknown => {
    // Up to the field's own maximum (a description of 5,000 characters comes back whole), else ECHO_LIMIT.
    const limit = fields[name]?.maxLength ?? ECHO_LIMIT;
    if (typeof value === "string") return value.length > limit ? value.slice(0, limit) : value;
    if (Array.isArray(value)) return value.slice(0, 20).map((item) => cap(name, item));
    return typeof value === "object" && value !== null ? undefined : value;
  };
  const initialValue = Object.fromEntries(
    Object.entries(result.initialValue)
      .slice(0, 100)
      .map(([name, value]) => [name, cap(name, value)]),
  ) as SubmissionResult<string[]>["initialValue"];
  return { ...result, initialValue };
}

/** An API error code as a message key: `api:<code>` when translated, else the field's or the form's generic message. */
export function apiErrorMessage(context: Readonly<RouterContextProvider>, code: string, onField: boolean): string {
  const key = `api:${code}`;
  if (hasText(context, key)) return key;
  // The API refuses control characters in any text field with one code per field.
  if (code.endsWith(".control_characters")) return "api:_generic.control_characters";
  logEvent("form.untranslated-code", { errorCode: code });
  return onField ? "api:_generic.field" : "api:_generic.form";
}

/**
 * API error codes by field (a filter's refusals, read by a loader) as message keys: the codes of `fields`
 * stay on their field; any other (a field the form does not show, the whole request) goes to the form ("").
 */
export function fieldMessages(
  context: Readonly<RouterContextProvider>,
  codes: Record<string, string[]>,
  fields: readonly string[],
): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(codes)) {
    const onField = fields.includes(field);
    (messages[onField ? field : ""] ??= []).push(...list.map((code) => apiErrorMessage(context, code, onField)));
  }
  return messages;
}

/**
 * A post refused before its form's schema was asked (a button per row, a limit reached): why, above the
 * form, with what was typed when it is given.
 */
export function refusedPost(status: number, message: string, initialValue?: Record<string, string>) {
  return data<FormReply>({ result: { status: "error", initialValue, error: { "": [message] } } }, { status });
}

/** Set on a request whose post formAction refused (it answers the form again rather than a redirect). */
const refusedPostContext = createContext(false);

/**
 * Whether this request's post was refused. The loader of an address made only to be posted to (its GET
 * goes elsewhere) reads it: after a refusal the page must render, to say why.
 */
export function postWasRefused(context: Readonly<RouterContextProvider>): boolean {
  return context.get(refusedPostContext);
}

/**
 * Handles a form post from body to redirect; see the module's comment. A form's files are on disk while
 * the action runs (form-uploads.server.ts) and removed when it is done, whatever its answer.
 */
export async function formAction<S extends z.ZodType, R>(args: ActionArgs, options: FormActionOptions<S, R>) {
  const form = await readForm(args.request, options.files);
  try {
    const refused = await answerForm(args, options, form);
    args.context.set(refusedPostContext, true);
    return refused;
  } finally {
    await releaseUploads(form);
  }
}

/** A redirect to the sign-in page: the API ended the session (401) while the action ran. */
const toSignIn = (error: unknown): error is Response =>
  error instanceof Response && error.status >= 300 && error.status < 400 && (error.headers.get("Location") ?? "").startsWith("/login");

async function answerForm<S extends z.ZodType, R>(
  { context, request }: ActionArgs,
  options: FormActionOptions<S, R>,
  form: FormData | BodyProblem,
) {
  const { schema, hideFields = [], idempotent, formLevelFields = ["idempotency_key"] } = options;
  const language = getLanguage(context);
  if (!(form instanceof FormData)) {
    // Why, once: on its field when the form shows it (the summary links to the field's message), else
    // above the form.
    const shown = constraintOf(schema);
    const fields = form.fields ?? (form.field === undefined ? [] : [form.field]);
    const onFields = fields.length > 0 && fields.every((name) => name in shown && !formLevelFields.includes(name));
    const errors = onFields
      ? { fieldErrors: Object.fromEntries(fields.map((name) => [name, [form.message]])) }
      : { formErrors: [form.message] };
    if (form.typed) {
      // Read, or read in part (files too large, control characters): what was typed (without characters
      // no one types) kept in the form it came from, and what the schema says of it.
      const reply = parseWithZod(form.typed, { schema }).reply({ ...errors, hideFields });
      return data<FormReply>({ result: capEcho(reply, schema) }, { status: form.status });
    }
    // Nothing could be read: only why, not what the schema would say of an empty form.
    const submission = parseWithZod(new FormData(), { schema: NOTHING });
    return data<FormReply>({ result: submission.reply({ ...errors, hideFields }) }, { status: form.status });
  }
  const rule = options.files ? FILE_RULES[options.files.purpose] : undefined;
  if (options.files && rule && form.getAll(options.files.field).length > rule.maxFiles) {
    // Too many files: say so on the file field (the summary links to it) and keep everything typed.
    const field = options.files.field;
    const typed = new FormData();
    for (const [name, entry] of form) if (name !== field) typed.append(name, entry);
    const tooMany = "common:formErrors.tooManyFiles";
    const reply = parseWithZod(typed, { schema }).reply({ fieldErrors: { [field]: [tooMany] }, hideFields });
    return data<FormReply>({ result: capEcho(reply, schema) }, { status: 413 });
  }
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    return data<FormReply>({ result: capEcho(submission.reply({ hideFields }), schema) }, { status: 400 });
  }
  const value = submission.value as z.output<S>;
  const idempotencyKey = idempotent ? String(form.get("idempotency_key") ?? "") : "";

  const refuse = (status: number, reply: Parameters<typeof submission.reply>[0], freshKey = false, notified = false) =>
    data<FormReply>(
      {
        result: capEcho(submission.reply({ ...reply, hideFields }), schema),
        idempotencyKey: idempotent && freshKey ? newIdempotencyKey() : undefined,
        ...(notified ? { notified } : {}),
      },
      { status },
    );

  let result: R;
  try {
    result = await options.submit(value, { idempotencyKey, language });
  } catch (error) {
    if (error instanceof ApiFieldErrors || error instanceof FieldRefusal) {
      const fields = constraintOf(schema);
      const fieldErrors: Record<string, string[]> = {};
      const formErrors: string[] = [];
      for (const [field, codes] of Object.entries(error instanceof FieldRefusal ? error.messages : error.errors)) {
        const onField = field in fields && !formLevelFields.includes(field);
        for (const code of codes) {
          let key = error instanceof FieldRefusal ? code : apiErrorMessage(context, code, onField);
          // A file over its purpose's limit: the message names the limit ("Each file must be 20 MB or smaller.").
          if (options.files && key === `api:${options.files.field}.too_large`)
            key = withValues(key, { size: maxMegabytes(options.files.purpose) });
          if (onField) (fieldErrors[field] ??= []).push(key);
          else formErrors.push(key);
        }
      }
      // Refused: nothing was charged or changed, so the next try gets a key of its own.
      return refuse(422, { fieldErrors, formErrors }, true);
    }
    const messages = options.failureMessages;
    if (isFailure(error, "forbidden")) return refuse(403, { formErrors: [messages?.forbidden ?? "common:formErrors.forbidden"] }, true);
    // For a form with files, the API's 429 is the cap on one user's uploads at once.
    if (isFailure(error, "rate-limited")) {
      return refuse(429, { formErrors: [options.files ? "common:formErrors.uploadsBusy" : "common:formErrors.rateLimited"] });
    }
    if (isFailure(error, "unavailable")) return refuse(503, { formErrors: [messages?.unavailable ?? "common:formErrors.unavailable"] });
    if (isFailure(error, "server")) {
      // Spec section 8: an answer without data or with success: false is an error notification, besides the form's message.
      notify(context, "error", "errors.serverSide");
      return refuse(502, { formErrors: [messages?.server ?? "common:formErrors.server"] }, false, true);
    }
    // The session ended: nothing was saved; what was typed waits for the customer's return (form-draft.server.ts).
    if (toSignIn(error)) throw await keepDraft(error, pageUrl(request).pathname, form.entries());
    throw error;
  }
  const next = options.success(result, value, { language });
  if (next.notification) {
    notify(context, next.notification.type ?? "success", next.notification.key, next.notification.values);
  }
  if (next.reloadDocument) throw redirectDocument(next.redirectTo, next.headers ? { headers: next.headers } : undefined);
  throw redirect(next.redirectTo, next.headers ? { headers: next.headers } : undefined);
}
