/** msw for the route suite: every fetch to the API is answered by tests/mocks; anything else fails. */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { handlers } from "../mocks/handlers.ts";
import { resetTestSignInLimits } from "./sign-in-limits.ts";
import { resetConfig } from "../../app/lib/config.server.ts";

export const server = setupServer(...handlers);

beforeAll(() => {
  // Files of a worker share its modules: no configuration read by the file before.
  resetConfig();
  server.listen({ onUnhandledRequest: "error" });
});
afterEach(() => {
  server.resetHandlers();
  resetTestSignInLimits();
});
afterAll(() => server.close());
