/**
 * /sso?came_from=<path>&sso_token=<token>: single sign-on from the provider's other applications.
 * Without came_from: 404 "This page could not be found" (spec section 5). The one-time token is
 * exchanged for a session (POST /auth/sso-refresh-token); a failed exchange goes to sign in, came_from
 * kept. Then (docs/decisions/021-sso-asks-before-it-swaps.md):
 *
 *  - no one signed in, or the link's user: the session is the link's, and the customer goes to
 *    came_from if it is a path of this site, else to / (a new session by way of the sign-in page's
 *    cookie check, decision 252);
 *  - someone else signed in: nothing changes yet. The link's session waits in the encrypted session
 *    cookie (10 minutes), the browser goes to the same address without the token, and the page names
 *    both users and asks. Only a posted answer switches: "Continue as B" ends A's session and goes to
 *    came_from as B; "Stay signed in as A" ends the link's session at the API and goes to /.
 */
import { logEvent } from "~/lib/logger.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, type RouterContextProvider } from "react-router";
import type { Route } from "./+types/sso";
import { PublicCard } from "~/components/auth-flows/LinkGone";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { api, isFailure } from "~/lib/api.server";
import { claimsOf, sessionClientHeaders, signedInUser, throughCookieCheck } from "~/lib/auth.server";
import { capEcho, readForm, type FormReply } from "~/lib/form-action.server";
import { loginUrl, safeRedirectPath } from "~/lib/public-paths";
import { getPendingSwitch, getTokens, notify, setPendingSwitch, setTokens, type PendingSwitch } from "~/lib/session.server";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { SsoAnswerSchema } from "~/schemas/auth-flows";
import { pageUrl } from "~/lib/page-url";

export const handle = { i18n: ["account"] };

/** How long the question waits for an answer. */
const ANSWER_WITHIN_MS = 10 * 60_000;

type Context = Readonly<RouterContextProvider>;

/** came_from as a path of this site; 404 without it. */
function destination(request: Request): string {
  const cameFrom = pageUrl(request).searchParams.get("came_from");
  if (!cameFrom) throw data({ kind: "unmatched" }, { status: 404 });
  return safeRedirectPath(cameFrom, "/");
}

const subOf = (token: string | undefined) => {
  const sub = token ? claimsOf(token)?.sub : undefined;
  return sub === undefined || sub === null ? undefined : String(sub);
};

/**
 * The switch waiting for this browser's answer: for this destination, asked of the user still signed
 * in, not expired. Anything else is forgotten.
 */
function waiting(context: Context, target: string): PendingSwitch | undefined {
  const pending = getPendingSwitch(context);
  if (!pending) return undefined;
  const stillAsked =
    pending.cameFrom === target && pending.until > Date.now() && pending.currentSub === subOf(getTokens(context).accessToken);
  if (stillAsked) return pending;
  setPendingSwitch(context, undefined);
  return undefined;
}

/** The page's own address without the token (other parameters, such as ?lng=fr, kept). */
function withoutToken(request: Request): string {
  const query = new URLSearchParams(pageUrl(request).search);
  query.delete("sso_token");
  return `/sso?${query.toString()}`;
}

const asked = (pending: PendingSwitch, target: string) => ({
  current: pending.current,
  incoming: pending.incoming,
  action: `/sso?${new URLSearchParams({ came_from: target }).toString()}`,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const target = destination(request);
  const ssoToken = pageUrl(request).searchParams.get("sso_token");
  if (ssoToken === null) {
    // The question, after the token left the address (or a reload of it).
    const pending = waiting(context, target);
    if (pending) return asked(pending, target);
    throw redirect(loginUrl(target));
  }
  if (!ssoToken || ssoToken.length > 200) throw redirect(loginUrl(target));
  // Who is signed in now (a session renewed if need be), before the link's token is spent. When the
  // API cannot say, the error page shows and the token stays unspent: never a switch unasked.
  const current = await signedInUser(context, request);
  let tokens;
  try {
    tokens = await api(context, request, { public: true }).call("POST /auth/sso-refresh-token", {
      json: { sso_token: ssoToken },
      headers: sessionClientHeaders(context, request),
    });
  } catch (error) {
    // Unknown, used or expired (401), refused (422), or the API unreachable: sign in the usual way.
    if (!isFailure(error, "forbidden")) logEvent("sso.exchange-failed", { reason: (error as Error)?.message ?? String(error) });
    throw redirect(loginUrl(target));
  }
  const session = { accessToken: tokens.token, refreshToken: tokens.refresh_token };
  if (!current || current.sub === subOf(tokens.token)) {
    setPendingSwitch(context, undefined);
    setTokens(context, session);
    // A new session passes once through the sign-in page, which tells a browser that refused its cookie why
    // it is there (decision 252); a browser already signed in keeps cookies.
    throw redirect(current ? target : throughCookieCheck(target));
  }
  // Someone else is signed in: the link's session waits for their answer.
  const { username } = await api(context, request, { token: tokens.token }).call("GET /dashboard");
  setPendingSwitch(context, {
    ...session,
    incoming: username,
    current: current.username,
    currentSub: current.sub,
    cameFrom: target,
    until: Date.now() + ANSWER_WITHIN_MS,
  });
  throw redirect(withoutToken(request));
}

/** Ends a session at the API (best effort: the portal forgets it either way). */
async function endSession(context: Context, request: Request, token: string | undefined) {
  if (!token) return;
  await api(context, request, { token })
    .call("GET /auth/logout")
    .catch((error: unknown) => logEvent("sso.sign-out-failed", { reason: (error as Error)?.message ?? String(error) }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const target = destination(request);
  const pending = waiting(context, target);
  if (!pending) {
    // Answered already, expired, or another user signed in meanwhile: nothing changes.
    notify(context, "info", "account:sso.expired");
    throw redirect("/");
  }
  const form = await readForm(request);
  if (!(form instanceof FormData)) {
    const reply = parseWithZod(new FormData(), { schema: SsoAnswerSchema }).reply({ formErrors: [form.message] });
    return data<FormReply>({ result: reply }, { status: form.status });
  }
  const submission = parseWithZod(form, { schema: SsoAnswerSchema });
  if (submission.status !== "success") {
    return data<FormReply>({ result: capEcho(submission.reply(), SsoAnswerSchema) }, { status: 400 });
  }
  setPendingSwitch(context, undefined);
  if (submission.value.answer === "stay") {
    await endSession(context, request, pending.accessToken);
    throw redirect("/");
  }
  await endSession(context, request, getTokens(context).accessToken);
  setTokens(context, { accessToken: pending.accessToken, refreshToken: pending.refreshToken });
  throw redirect(target);
}

export default function Sso({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("account");
  const [form] = usePortalForm({
    schema: () => import("~/schemas/auth-flows").then((m) => m.SsoAnswerSchema),
    lastResult: actionData,
  });
  const { current, incoming, action } = loaderData;
  return (
    <PublicCard title={t("sso.title")} intro={<p>{t("sso.intro")}</p>}>
      <ErrorSummary form={form} />
      <dl className="space-y-3 text-gray-900">
        <div>
          <dt className="text-sm text-gray-700">{t("sso.signedInNow")}</dt>
          <dd className="font-semibold break-all" data-testid="sso-current">
            {current}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-gray-700">{t("sso.linkFor")}</dt>
          <dd className="font-semibold break-all" data-testid="sso-incoming">
            {incoming}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-gray-800">{t("sso.warning", { incoming })}</p>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <SubmitButton name="answer" value="stay">
          {t("sso.stay", { current })}
        </SubmitButton>
        <SubmitButton name="answer" value="switch" variant="secondary">
          {t("sso.switch", { incoming })}
        </SubmitButton>
      </Form>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
