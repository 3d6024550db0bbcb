/**
 * What the app sees of the sign-in limits: server.ts builds the one model (common/sign-in-limits.ts),
 * shares it with the embedded API's token endpoint, and hands it to the app in the load context
 * (docs/decisions/020-one-sign-in-limit-model.md). The app never builds one of its own.
 */
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { SignInLimits } from "#common/sign-in-limits";

export const signInLimitsContext: RouterContext<SignInLimits | null> = createContext<SignInLimits | null>(null);

/** The sign-in limits server.ts handed to this request. */
export function signInLimits(context: Readonly<RouterContextProvider>): SignInLimits {
  const limits = context.get(signInLimitsContext);
  if (!limits) throw new Error("No sign-in limits in the load context (server.ts hands them to the app)");
  return limits;
}

/** When the API's refusal for too many attempts ends: its Retry-After, else a whole window from now. */
export const apiWaitEnds = (retryAfterSeconds: number | undefined, windowMs: number) =>
  new Date(Date.now() + (retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : windowMs));

/** Whole minutes until a date, at least 1. */
export const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
