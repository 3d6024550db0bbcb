/**
 * What the pages reached through e-mailed links share on the server: the per-address limit (the
 * sign-in one, app/lib/sign-in-limits.ts), the answer of a page whose link does not work, and the
 * redirect that forgets a used link.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { isFailure, type ApiClient } from "~/lib/api.server";
import { refusedPost } from "~/lib/form-action.server";
import { withForgottenToken, type LinkKind } from "~/lib/link-token.server";
import { getConfig } from "~/lib/config.server";
import { requestInfoContext } from "~/lib/request-info";
import { getTokens } from "~/lib/session.server";
import { signInLimits } from "~/lib/sign-in-limits";

/** Counts this post and says whether the address made too many sign-in, recovery or activation posts. */
export const addressBlocked = async (context: Readonly<RouterContextProvider>) =>
  (await signInLimits(context).countAddress(context.get(requestInfoContext).clientAddress)) !== null;

/** 429: the form again with "too many requests", nothing sent to the API. */
export function throttledReply(initialValue?: Record<string, string>) {
  return refusedPost(429, "account:forgot.throttled", initialValue);
}

/** The page of a link that does not work (unknown, used, expired): the spec's not-found text, status 404. */
export const linkGone = () => data({ gone: true as const }, { status: 404 });

/** What an order page offers next (OrderWayOn): the support number, and whether the visitor is signed in. */
export const orderHelp = (context: Readonly<RouterContextProvider>) => ({
  phone: getConfig().SUPPORT_PHONE,
  signedIn: Boolean(getTokens(context).refreshToken),
});

/** An order link that does not work: as `linkGone`, with the ways on (a new link, support, the account). */
export const orderLinkGone = (context: Readonly<RouterContextProvider>) =>
  data({ gone: true as const, help: orderHelp(context) }, { status: 404 });

/**
 * Runs a form action of a link page: a redirect after success forgets the kept token; the API saying
 * the link is unknown (404) shows the page again, which then says the link does not work.
 */
export async function usingLink<T>(kind: LinkKind, scope: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw withForgottenToken(error, kind);
    if (isFailure(error, "not-found")) throw redirect(scope);
    throw error;
  }
}

/** The address of each link page without its token: where the kept token belongs. */
export const SCOPES = {
  recover: "/recover-password",
  activate: "/activate-account",
  summary: "/order-summary",
  confirmation: "/confirmation/order",
  agreement: "/agreement/view",
  contact: (customerId: string) => `/activate-customer-contact/${customerId}`,
  handoff: (orderId: string) => `/handoff/order/${orderId}`,
} as const;

/** What the API says about an order's confirmation link (the confirmation page and the page after it). */
export const ORDER_CONFIRMATION = "GET /order-confirmation/{token}";
export const readOrderConfirmation = (client: ApiClient, token: string) =>
  client.call(ORDER_CONFIRMATION, { params: { token }, silentNotFound: true });
