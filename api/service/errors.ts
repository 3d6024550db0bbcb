/** Refusals of the reference API: one JSON shape (contract ErrorAnswer), never a stack trace or SQL. */
import type { ErrorRequestHandler } from "express";
import { z } from "zod";

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

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof ApiError) {
    res.status(error.status).json({ success: false, message: error.message, errors: error.errors });
    return;
  }
  if (error instanceof z.ZodError) {
    res.status(422).json({ success: false, message: "Invalid request", errors: fieldErrors(error) });
    return;
  }
  // body-parser and multipart failures carry an HTTP status of their own.
  const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(`[api] ${req.method} ${req.originalUrl} failed:`, error);
  res.status(status).json({ success: false, message: status === 500 ? "Internal server error" : "Bad request" });
};
