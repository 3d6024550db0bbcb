/** The integration suites' processes: the portal and the reference API started with tsx, as an operator runs them. */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Started {
  child: ChildProcess;
  /** What the process wrote so far (stdout and stderr). */
  output: () => string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `script` with tsx, and waits until its output says `ready`. */
export function start(script: string, env: Record<string, string>, ready: RegExp): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const started = { child, output: () => output };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(started);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`${script} stopped (${code}) before it was ready:\n${output}`)));
  });
}

/** Waits (at most `ms`) until `check` holds, asking every 50 ms. */
export async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}
