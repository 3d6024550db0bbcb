/** What the process's logger (common/logger.ts) writes, caught for a test: parsed lines and their events. */
import { logger, setLogDestination } from "#common/logger";

export interface CaughtLog {
  lines: () => Record<string, unknown>[];
  /** The lines of this event (`event` field). */
  events: (event: string) => Record<string, unknown>[];
  /** Lines go to standard output again. */
  stop: () => void;
}

export function catchLog(): CaughtLog {
  const written: string[] = [];
  // The suites run with LOG_LEVEL=silent (vitest.config.ts): lines from info up while caught.
  const level = logger().level;
  logger().level = "info";
  setLogDestination({ write: (line: string) => void written.push(line) });
  const lines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    lines,
    events: (event) => lines().filter((line) => line.event === event),
    stop: () => {
      logger().level = level;
      setLogDestination(undefined);
    },
  };
}
