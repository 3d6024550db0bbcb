/**
 * The process's one logger (common/logger.ts) as the app imports it: a `.server` module, so that React
 * Router refuses it in a browser bundle.
 */
export * from "#common/logger";
