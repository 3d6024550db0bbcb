/**
 * The process's one logger (pino): JSON lines on standard output, or readable lines through pino-pretty
 * (a development dependency) when LOG_FORMAT says so or, unset, when standard output is a terminal and
 * pino-pretty is installed. LOG_LEVEL sets the level (info by default; silent logs nothing).
 *
 * Every operational event is one line with a stable `event` name (docs/operations.md lists them).
 * What may never be logged (passwords, tokens, cookies, card and bank numbers…) is redacted here, and
 * only here: REDACT_PATHS below.
 *
 * server.ts and the embedded API load this module from source, the server bundle (server/entry.ts) has
 * its own copy: server.ts hands its logger to the bundle (`useLogger`), so that one writes every line.
 */
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";

/** Field names that carry secrets, wherever they appear (top level, or one or two levels down). */
const SECRET_FIELDS = [
  "password",
  "currentPassword",
  "newPassword",
  "confirmPassword",
  "token",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "idToken",
  "id_token",
  "ssoToken",
  "activationToken",
  "recoveryToken",
  "resetToken",
  "linkToken",
  "ssoCode",
  "secret",
  "cookie",
  "authorization",
  "cardNumber",
  "card_number",
  "number",
  "pan",
  "cvv",
  "cvc",
  "securityCode",
  "accountNumber",
  "account_number",
  "transitNumber",
  "institutionNumber",
  "body",
  "content",
];

/** pino's redact paths: the secret fields at any of three depths, and the headers that carry them. */
export const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
  'req.headers["authorization"]',
  'req.headers["cookie"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

export interface LogSettings {
  level?: string;
  format?: string;
}

/**
 * Standard output, written without blocking (sonic-boom): lines logged while a write is under way leave
 * together in the next one; pino writes what is left when the process exits.
 */
let standardOutput: DestinationStream | undefined;
const stdout = () => (standardOutput ??= pino.destination({ dest: 1, sync: false }));

/** Where lines go: standard output, unless a test asks for them (setLogDestination). */
const sink: { target?: DestinationStream } = {};
const destination: DestinationStream = { write: (line: string) => (sink.target ?? stdout()).write(line) };

function prettyStream(): DestinationStream | undefined {
  try {
    const require = createRequire(import.meta.url);
    const pretty = require("pino-pretty") as (options: Record<string, unknown>) => DestinationStream;
    return pretty({
      colorize: process.stdout.isTTY,
      ignore: "pid,hostname",
      translateTime: "SYS:HH:MM:ss",
      destination: 1,
    });
  } catch {
    return undefined;
  }
}

export function createLogger(settings: LogSettings = {}): Logger {
  const level = settings.level || "info";
  const format = settings.format || (process.stdout.isTTY ? "pretty" : "json");
  const pretty = format === "pretty" ? prettyStream() : undefined;
  if (pretty) sink.target = pretty;
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      // No request or answer headers in the lines: the request id, route and status say what is needed.
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}

let processLogger: Logger | undefined;

/** The process's logger (made from LOG_LEVEL and LOG_FORMAT on first use). */
export function logger(): Logger {
  return (processLogger ??= createLogger({ level: process.env.LOG_LEVEL, format: process.env.LOG_FORMAT }));
}

/** server.ts: the server bundle writes through the logger server.ts made, not one of its own. */
export function useLogger(instance: Logger): void {
  processLogger = instance;
}

/**
 * The logger of the one line per request (common/request-line.ts: the portal's server/http-log.ts, the
 * API's request-log.ts), and of nothing else: logger() without the redaction. Those lines are made of
 * fixed fields only (request id, method, route pattern, status, bytes, time), and the redaction's paths
 * at three depths cost about 80 µs a line, several times the rest of the line. Whatever a route logs
 * goes through logger(), redacted.
 */
export function requestLineLogger(): Logger {
  return logger().child({}, { redact: [] });
}

/** Tests: every line goes to `stream` from now on (undefined: standard output again). */
export function setLogDestination(stream: DestinationStream | undefined): void {
  sink.target = stream;
}

/** Logs one operational event: `{"event": name, …details, "msg": message}` at the given level. */
export function logEvent(
  event: string,
  details: Record<string, unknown> = {},
  options: { level?: "debug" | "info" | "warn" | "error"; msg?: string } = {},
): void {
  logger()[options.level ?? "warn"]({ event, ...details }, options.msg ?? event);
}
