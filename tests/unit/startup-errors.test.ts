/** What stops the server at start is said in one line naming the setting (server/startup-errors.ts, server.ts). */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirError, checkDataDir, redactDatabaseUrl, startupProblem } from "../../server/startup-errors.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "portal-startup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const settings = { PORT: 3000, HOST: "0.0.0.0", DATA_DIR: path.join(scratch, "data") };

async function listenError(port: number): Promise<unknown> {
  const second: Server = createServer();
  return new Promise((resolve) => {
    second.once("error", resolve);
    second.listen(port, "127.0.0.1", () => second.close(() => resolve(null)));
  });
}

describe("startupProblem", () => {
  it("names PORT when the port is in use", async () => {
    const first = createServer();
    await new Promise<void>((resolve) => first.listen(0, "127.0.0.1", resolve));
    const port = (first.address() as { port: number }).port;
    const error = await listenError(port);
    first.close();
    expect(startupProblem(error, { ...settings, PORT: port, HOST: "127.0.0.1" })).toBe(
      `PORT: ${port} is already in use on 127.0.0.1; stop what listens there or choose another PORT`,
    );
  });

  it("names DATA_DIR when the directory cannot be made (a file in the way) or is full", () => {
    const file = path.join(scratch, "a-file");
    writeFileSync(file, "");
    let thrown: unknown;
    try {
      checkDataDir(path.join(file, "data"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirError);
    expect(startupProblem(thrown, { ...settings, DATA_DIR: path.join(file, "data") })).toBe(
      `DATA_DIR: cannot write to ${path.join(file, "data")} (a part of the path is a file, not a directory); choose a directory this process may write to`,
    );
    expect(startupProblem(new DataDirError("ENOSPC", "/srv/portal"), { ...settings, DATA_DIR: "/srv/portal" })).toMatch(
      /^DATA_DIR: \/srv\/portal is full \(no space left on the device\)/,
    );
  });

  it("names DATA_DIR for a file-system error under it, not for one elsewhere", () => {
    const under = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES", path: path.join(settings.DATA_DIR, "pglite") });
    expect(startupProblem(under, settings)).toMatch(/^DATA_DIR: cannot write to .* \(permission denied\)/);
    const elsewhere = Object.assign(new Error("EACCES"), { code: "EACCES", path: "/etc/other" });
    expect(startupProblem(elsewhere, settings)).toBeNull();
  });

  it("names DATABASE_URL, without its password, when PostgreSQL cannot be reached", async () => {
    const url = "postgres://portal:s3cret@127.0.0.1:1/portal";
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    const line = startupProblem(error, { ...settings, DATABASE_URL: url });
    expect(line).toBe("DATABASE_URL: cannot use postgres://portal:***@127.0.0.1:1/portal (nothing is listening there)");
    expect(line).not.toContain("s3cret");
    expect(startupProblem(Object.assign(new Error("x"), { code: "3D000" }), { ...settings, DATABASE_URL: url })).toMatch(
      /\(the database does not exist\)$/,
    );
  });

  it("leaves other errors to their stack trace", () => {
    expect(startupProblem(new TypeError("x is undefined"), settings)).toBeNull();
  });

  it("redacts only the password of a database URL", () => {
    expect(redactDatabaseUrl("postgres://u:p@db:5432/x?sslmode=require")).toBe("postgres://u:***@db:5432/x?sslmode=require");
    expect(redactDatabaseUrl("postgres://db/x")).toBe("postgres://db/x");
  });
});

describe("checkDataDir", () => {
  it("makes the directory and leaves nothing of its check behind", () => {
    const dir = path.join(scratch, "fresh", "data");
    checkDataDir(dir);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("server.ts at start", () => {
  it("stops with one line naming DATA_DIR, exit code 1, no stack trace", async () => {
    const file = path.join(scratch, "in-the-way");
    writeFileSync(file, "");
    const run = promisify(execFile)("npx", ["tsx", "server.ts"], {
      env: {
        ...process.env,
        DATA_DIR: path.join(file, "data"),
        PORT: "39123",
        API_BASE_URL: "",
        DATABASE_URL: "",
        NODE_ENV: "development",
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
      },
      timeout: 60_000,
    });
    const failure = (await run.then(
      () => null,
      (e: unknown) => e,
    )) as { code: number; stdout: string; stderr: string } | null;
    expect(failure?.code).toBe(1);
    // One log line, the start-up failure event, and nothing else (no stack trace).
    const lines = failure!.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      event: "startup.failed",
      msg: `DATA_DIR: cannot write to ${path.join(file, "data")} (a part of the path is a file, not a directory); choose a directory this process may write to`,
    });
    expect(failure?.stderr.trim()).toBe("");
  }, 60_000);
});
