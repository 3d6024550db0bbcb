/**
 * The sign-in limits the route suite hands to loaders and actions (server.ts hands the app its own):
 * the portal's model with the configuration's settings, counters in memory, fresh for each test.
 */
import { getConfig, signInSettingsOf } from "../../app/lib/config.server.ts";
import { SignInLimiter } from "#common/sign-in-limits";

let limiter: SignInLimiter | undefined;

/** This test's sign-in limits (built from the configuration on first use). */
export function testSignInLimits(): SignInLimiter {
  limiter ??= new SignInLimiter(signInSettingsOf(getConfig()));
  return limiter;
}

/** Each test starts with fresh counters (tests/support/msw.ts). */
export function resetTestSignInLimits(): void {
  limiter?.shutdown();
  limiter = undefined;
}
