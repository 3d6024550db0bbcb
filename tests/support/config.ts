/** Changing the configuration for one test: sets environment variables, and restores them after. */
import { onTestFinished } from "vitest";
import { resetConfig } from "../../app/lib/config.server.ts";

export function useEnv(vars: Record<string, string | undefined>): void {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfig();
  };
  apply(vars);
  onTestFinished(() => apply(saved));
}

/** The commercial application of these tests. */
export const COMMERCIAL_APP = "https://business.example.com";
