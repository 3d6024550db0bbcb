/**
 * Makes another account active (cookie activeCustomerId, 3650 days) and goes to its dashboard, or for
 * a commercial account to the commercial application when COMMERCIAL_APP_URL is set.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/switch-account";
import { ACTIVE_CUSTOMER_COOKIE, ACTIVE_CUSTOMER_MAX_AGE, findAccount } from "~/lib/auth.server";
import { commercialAppUrl } from "~/lib/commercial.server";
import { readForm } from "~/lib/form-action.server";
import { preferenceCookie } from "~/lib/cookies.server";
import { safeRedirectPath } from "~/lib/public-paths";
import { notify } from "~/lib/session.server";
import { SwitchAccountSchema } from "~/schemas/switch-account";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // A body that is not a small form: answered with its status ("An error occurred"), nothing switched.
  if (!(form instanceof FormData)) throw data({ kind: "body" }, { status: form.status });
  const submission = parseWithZod(form, { schema: SwitchAccountSchema });
  const chosen = submission.status === "success" ? await findAccount(context, request, submission.value.customerId) : undefined;
  if (!chosen) {
    notify(context, "error", "switcher.unavailable");
    throw redirect("/");
  }
  const from = safeRedirectPath(submission.status === "success" ? submission.value.returnTo : undefined);
  const target = (!chosen.isResidential && commercialAppUrl(chosen.customer_id, from)) || `/dashboard/${chosen.customer_id}`;
  throw redirect(target, {
    headers: { "Set-Cookie": preferenceCookie(ACTIVE_CUSTOMER_COOKIE, String(chosen.customer_id), ACTIVE_CUSTOMER_MAX_AGE) },
  });
}

/** A GET (a bookmark, or a typed address) has nothing to show: go home. */
export function loader() {
  throw redirect("/");
}

/**
 * A post refused before it is read (a body that is not a small form) answers the error page, in the customer's
 * language. The page itself is never drawn (the loader and the action redirect); it exists so that React
 * Router does not warn, on standard error, of a route without one.
 */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
export default function SwitchAccount() {
  return null;
}
