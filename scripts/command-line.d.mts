/** Types of scripts/command-line.mjs, for the TypeScript scripts that import it. */
import type { ParseArgsConfig } from "node:util";
import type { parseArgs } from "node:util";
export declare function manualOf(source: string): string;
export declare function commandLine<T extends ParseArgsConfig>(
  scriptUrl: string,
  invocation: string,
  config: T,
): ReturnType<typeof parseArgs<T>>;
