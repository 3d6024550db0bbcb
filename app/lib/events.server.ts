/**
 * Operational events (the API's circuit breaker opening and closing…): one log line each with a stable
 * `event` name, written by the process's logger (logger.server.ts).
 */
export { logEvent } from "./logger.server.ts";
