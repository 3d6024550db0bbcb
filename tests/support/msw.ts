/** msw for the route suite: every fetch to the API is answered by tests/mocks; anything else fails. */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { handlers } from "../mocks/handlers.ts";
import { resetSignInThrottle } from "../../app/lib/sign-in-throttle.server.ts";

export const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  resetSignInThrottle();
});
afterAll(() => server.close());
