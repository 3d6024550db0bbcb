/**
 * What stops the server at start, said in one line that names the setting to change: a data directory
 * that cannot be written or is full (DATA_DIR), a database that cannot be reached (DATABASE_URL), a port
 * in use (PORT) or an address that is not this machine's (HOST). Anything else is left to the stack trace.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

interface SystemError {
  code?: string;
  syscall?: string;
  path?: string;
  message?: string;
}

const FILE_REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is used up",
  ENOTDIR: "a part of the path is a file, not a directory",
  EEXIST: "a file of that name is in the way",
  ENAMETOOLONG: "the path is too long",
};

/** PostgreSQL's and the network's refusals, in words (SQLSTATE codes: the server answered). */
const DATABASE_REASONS: Record<string, string> = {
  ECONNREFUSED: "nothing is listening there",
  ENOTFOUND: "the host name is not known",
  EAI_AGAIN: "the host name could not be looked up",
  ETIMEDOUT: "the server did not answer in time",
  ECONNRESET: "the server closed the connection",
  EHOSTUNREACH: "the host cannot be reached",
  "28P01": "the password was refused",
  "28000": "the role may not connect",
  "3D000": "the database does not exist",
  "53300": "the server has too many connections",
  "57P03": "the server is starting up or shutting down",
};

/** A database URL without its password. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}

export interface StartupSettings {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL?: string;
}

/** One line naming the setting behind a start-up failure, or null when the error is not one of those. */
export function startupProblem(error: unknown, settings: StartupSettings): string | null {
  const e = (error ?? {}) as SystemError & { cause?: SystemError };
  const code = e.code ?? e.cause?.code;
  if (e.syscall === "listen") {
    if (code === "EADDRINUSE")
      return `PORT: ${settings.PORT} is already in use on ${settings.HOST}; stop what listens there or choose another PORT`;
    if (code === "EACCES") return `PORT: ${settings.PORT} needs privileges this process does not have; choose a PORT above 1023`;
    if (code === "EADDRNOTAVAIL") return `HOST: ${settings.HOST} is not an address of this machine`;
  }
  const dataDir = path.resolve(settings.DATA_DIR);
  if (code && code in FILE_REASONS && (error instanceof DataDirError || (e.path && path.resolve(e.path).startsWith(dataDir)))) {
    return code === "ENOSPC" || code === "EDQUOT"
      ? `DATA_DIR: ${dataDir} is full (${FILE_REASONS[code]}); free some space or choose another DATA_DIR`
      : `DATA_DIR: cannot write to ${dataDir} (${FILE_REASONS[code]}); choose a directory this process may write to`;
  }
  if (settings.DATABASE_URL && code && code in DATABASE_REASONS) {
    return `DATABASE_URL: cannot use ${redactDatabaseUrl(settings.DATABASE_URL)} (${DATABASE_REASONS[code]})`;
  }
  return null;
}

/** A failure of the data directory check, carrying the file system's code. */
export class DataDirError extends Error {
  constructor(
    readonly code: string,
    readonly path: string,
  ) {
    super(`${code}: ${path}`);
  }
}

/**
 * Makes sure the data directory exists and takes a write (a small file written and removed), so that a
 * directory that is read-only, not a directory or full stops the server before the database opens it.
 */
export function checkDataDir(dir: string): void {
  const resolved = path.resolve(dir);
  const probe = path.join(resolved, `.write-check-${process.pid}`);
  try {
    mkdirSync(resolved, { recursive: true });
    writeFileSync(probe, "portal data directory write check\n");
  } catch (error) {
    throw new DataDirError((error as SystemError).code ?? "EACCES", resolved);
  }
  rmSync(probe, { force: true });
}
