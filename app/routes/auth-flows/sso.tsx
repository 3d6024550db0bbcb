/**
 * /sso?came_from=<path>&sso_token=<token>: single sign-on from the provider's other applications.
 * Without came_from: 404 "This page could not be found" (spec section 5). The one-time token is
 * exchanged for the portal's session (POST /auth/sso-refresh-token), then the customer goes to
 * came_from if it is a path of this site, else to /. A failed exchange goes to sign in, came_from kept.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/sso";
import { ErrorPage } from "~/components/ErrorPage";
import { api, isFailure } from "~/lib/api.server";
import { loginUrl, safeRedirectPath } from "~/lib/public-paths";
import { setTokens } from "~/lib/session.server";

export const handle = { i18n: ["account"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const cameFrom = query.get("came_from");
  if (!cameFrom) throw data({ kind: "unmatched" }, { status: 404 });
  const target = safeRedirectPath(cameFrom, "/");
  const ssoToken = query.get("sso_token") ?? "";
  if (!ssoToken || ssoToken.length > 200) throw redirect(loginUrl(target));
  try {
    const tokens = await api(context, request, { public: true }).call("POST /auth/sso-refresh-token", { json: { sso_token: ssoToken } });
    setTokens(context, { accessToken: tokens.token, refreshToken: tokens.refresh_token });
  } catch (error) {
    // Unknown, used or expired (401), refused (422), or the API unreachable: sign in the usual way.
    if (!isFailure(error, "forbidden")) console.warn("[sso] the token exchange failed:", (error as Error)?.message ?? error);
    throw redirect(loginUrl(target));
  }
  throw redirect(target);
}

// Reached only through the error boundary (404 without came_from).
export default function Sso() {
  return <ErrorPage variant="unmatched" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
