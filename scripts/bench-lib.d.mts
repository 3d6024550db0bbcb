/** Types of the part of scripts/bench-lib.mjs that TypeScript imports (scripts/bench-endpoints.ts). */
import type { ChildProcess } from "node:child_process";

export { DEMO_PASSWORD } from "./screens.mjs";
export declare const API_SECRETS: Record<string, string>;
export declare const RELAXED_LIMITS: Record<string, string>;
export interface Started extends ChildProcess {
  label: string;
  output: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export declare function start(
  name: string,
  command: string,
  args: string[],
  options?: { cwd?: string; env?: Record<string, string> },
): Started;
export declare function stopAll(): Promise<void>;
export declare function waitFor(url: string, child: Started, timeoutMs?: number): Promise<void>;
export declare function pidOnPort(port: number): number;
export declare function cpuMs(pid: number): number;
