/** Refusals of the reference API: one JSON shape (contract ErrorAnswer), never a stack trace or SQL. */
import type { ErrorRequestHandler } from "express";
import { z } from "zod";
import type { ErrorAnswer } from "../contract/common.ts";
import { logEvent } from "#common/logger";
import { databaseUnavailable } from "../db/client.ts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unauthorized = () => new ApiError(401, "Authentication required");
export const forbidden = (message = "You may not act on this account") => new ApiError(403, message);
export const notFound = (what = "Resource") => new ApiError(404, `${what} not found`);
/** A business rule refused the request: field -> error codes the portal translates. */
export const unprocessable = (errors: Record<string, string[]>, message = "The request breaks a rule") =>
  new ApiError(422, message, errors);

/**
 * Field errors from a zod failure. A custom issue's message is already an error code
 * (`password.too_short`); built-in issues become `<field>.invalid` / `<field>.required`.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "_form";
    const code =
      issue.code === "custom"
        ? issue.message
        : issue.code === "invalid_type" && /received undefined/.test(issue.message)
          ? `${field}.required`
          : `${field}.invalid`;
    const codes = (out[field] ??= []);
    if (!codes.includes(code)) codes.push(code);
  }
  return out;
}

/** Field errors gathered while checking one request, answered together as one 422. */
export class FieldErrors {
  readonly errors: Record<string, string[]> = {};
  add(field: string, rule: string) {
    const code = `${field}.${rule}`;
    const list = (this.errors[field] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  has(field: string) {
    return Boolean(this.errors[field]);
  }
  throwIfAny(message = "The request breaks a rule") {
    if (Object.keys(this.errors).length) throw unprocessable(this.errors, message);
  }
}

let lastUnavailableLog = 0;

/** The status and body that answer an error (a 500 is logged, naming `what`: never its details in the answer). */
export function errorAnswer(error: unknown, what: string): { status: number; body: ErrorAnswer } {
  if (error instanceof ApiError) return { status: error.status, body: { success: false, message: error.message, errors: error.errors } };
  if (error instanceof z.ZodError) return { status: 422, body: { success: false, message: "Invalid request", errors: fieldErrors(error) } };
  // The database restarting or unreachable: "try again shortly" (the portal shows its 503 page), logged once a minute at most.
  if (databaseUnavailable(error)) {
    if (Date.now() - lastUnavailableLog > 60_000) {
      lastUnavailableLog = Date.now();
      // Answering 503 until it does.
      logEvent("db.unavailable", { reason: (error as Error).message });
    }
    return { status: 503, body: { success: false, message: "The service is unavailable; try again shortly" } };
  }
  // body-parser and multipart failures carry an HTTP status of their own.
  const own = (error as { status?: unknown } | null)?.status;
  const status = typeof own === "number" && own >= 400 && own < 500 ? own : 500;
  if (status === 500) logEvent("api.error", { what, err: error }, { level: "error" });
  return { status, body: { success: false, message: status === 500 ? "Internal server error" : "Bad request" } };
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) return;
  const { status, body } = errorAnswer(error, `${req.method} ${req.originalUrl}`);
  res.status(status).json(body);
};
