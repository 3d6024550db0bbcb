/**
 * Sign in. A wrong combination shows the spec's failure message with links to support and to the
 * password reset, and keeps what was typed in username. Attempts are limited by the sign-in model
 * server.ts hands over (common/sign-in-limits.ts: failures per address and per username and address, a
 * growing wait for a username guessed from many addresses); after sign-in the customer returns to
 * came_from when it is a path of this site. With two-step verification on, a right password leads to
 * the code step (/login/two-step), which alone signs in.
 */
import { logEvent } from "~/lib/logger.server";
import { countSignIn } from "~/lib/metrics.server";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Trans } from "~/components/Trans";
import { useT } from "~/lib/use-t";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { Field } from "~/components/form";
import { PageTitle } from "~/components/PageTitle";
import { PageAlert } from "~/components/PageAlert";
import { isFailure } from "~/lib/api.server";
import { signIn, signedInRedirect } from "~/lib/auth.server";
import { getConfig } from "~/lib/config.server";
import { safeRedirectPath } from "~/lib/public-paths";
import { requestInfoContext } from "~/lib/request-info";
import { useLazyValidation } from "~/lib/use-lazy-validation";
import { useDeferredForm } from "~/lib/conform";
import { getTokens, takeSignInAgainAs } from "~/lib/session.server";
import { FORGET_TYPED, readDraft, typedAcrossLanguages } from "~/lib/form-draft.server";
import { readCookie } from "~/lib/cookies.server";
import { TYPED_COOKIE } from "~/lib/typed-across-languages";
import { capEcho, readForm } from "~/lib/form-action.server";
import { apiWaitEnds, minutesUntil, signInLimits, sleep } from "~/lib/sign-in-limits";
import { LoginSchema } from "~/schemas/login";
import { pageUrl } from "~/lib/page-url";

/** required / maxLength for the browser, from the shared schema (computed once). */
const loginConstraint = getZodConstraint(LoginSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const cameFrom = url.searchParams.get("came_from");
  // Already signed in: go where the customer was heading (a sign-in passes here once: signedInRedirect).
  if (getTokens(context).refreshToken) throw redirect(safeRedirectPath(cameFrom));
  // A post found the session over: say so (what was typed waits for the return, form-draft.server.ts).
  const draft = await readDraft(request);
  // The username typed before the language toggle (app/lib/typed-across-languages.ts), taken once.
  const typed = readCookie(request, TYPED_COOKIE) === undefined ? undefined : typedAcrossLanguages(request);
  const page = {
    sessionEnded: Boolean(draft),
    // Back from a code step that ran out, or through the language toggle: the username, filled in.
    username: takeSignInAgainAs(context) ?? (typeof typed?.username === "string" ? typed.username : ""),
    // Sent here by a sign-in, and no cookie came back at all: the browser refused the session's.
    cookiesBlocked: url.searchParams.get("check") === "cookies" && !request.headers.has("Cookie"),
    cameFrom: cameFrom ? safeRedirectPath(cameFrom, "") : "",
    supportPhone: getConfig().SUPPORT_PHONE,
    constraint: loginConstraint,
  };
  return typed === undefined ? page : data(page, { headers: { "Set-Cookie": FORGET_TYPED } });
}

type Notice = "failed" | "throttled" | "unavailable" | "body";

export async function action({ request, context }: Route.ActionArgs) {
  // Read within the limits of a text form (64 KiB), urlencoded or multipart only: 413 / 415 / 400.
  const form = await readForm(request);
  if (!(form instanceof FormData)) {
    // A control character: the username comes back without it (the password never does).
    const result = form.typed
      ? capEcho(parseWithZod(form.typed, { schema: LoginSchema }).reply({ hideFields: ["password"] }), LoginSchema)
      : undefined;
    return data({ result, notice: "body" as Notice, message: form.message, minutes: undefined }, { status: form.status });
  }
  const submission = parseWithZod(form, { schema: LoginSchema });
  const reply = () => capEcho(submission.reply({ hideFields: ["password"] }), LoginSchema);
  const refuse = (notice: Notice, status: number, minutes?: number) =>
    data({ result: reply(), notice, message: undefined, minutes }, { status });

  if (submission.status !== "success") {
    return data({ result: reply(), notice: undefined, message: undefined, minutes: undefined }, { status: 400 });
  }
  const { username, password } = submission.value;
  const to = safeRedirectPath(submission.value.came_from);

  // Counted here, where the sign-in runs, whatever the URL that reached it (app/lib/sign-in-limits.ts).
  const address = context.get(requestInfoContext).clientAddress;
  const limits = signInLimits(context);
  const verdict = await limits.attempt(username, address);
  if (verdict.blockedUntil) {
    countSignIn("limited");
    logEvent("sign-in.limited", { by: "portal" }, { level: "info" });
    return refuse("throttled", 429, minutesUntil(verdict.blockedUntil));
  }
  if (verdict.delayMs) await sleep(verdict.delayMs);

  let outcome;
  try {
    outcome = await signIn(context, request, username, password, to);
  } catch (error) {
    countSignIn("unavailable");
    if (!isFailure(error)) logEvent("sign-in.failed", { err: error }, { level: "error" });
    return refuse("unavailable", 503);
  }
  if (outcome.outcome === "throttled") {
    countSignIn("limited");
    logEvent("sign-in.limited", { by: "api" }, { level: "info" });
    return refuse("throttled", 429, minutesUntil(apiWaitEnds(outcome.retryAfterSeconds, limits.windowMs)));
  }
  if (outcome.outcome === "invalid") {
    countSignIn("wrong_password");
    await limits.failed(username, address);
    return refuse("failed", 401);
  }
  await limits.succeeded(username, address);
  if (outcome.outcome === "two-step") {
    // The password was right; no session until a code of the customer's app (routes/login-two-step.tsx),
    // which says so if the browser did not keep the step's cookie.
    countSignIn("two_step");
    throw redirect("/login/two-step?check=cookies");
  }
  countSignIn("success");
  throw await signedInRedirect(context, request, to);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("auth");
  const navigation = useNavigation();
  const [form, fields] = useDeferredForm({
    lastResult: actionData?.result,
    defaultValue: loaderData.username ? { username: loaderData.username } : undefined,
    constraint: loaderData.constraint,
    onValidate: useLazyValidation(() => import("~/schemas/login").then((m) => m.LoginSchema)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const notice = actionData?.notice;
  const submitting = navigation.state === "submitting" && !navigation.formData?.has("__intent__");

  // Without JavaScript the server renders the form again with the password empty; with it, the
  // browser keeps the input, so empty it the same way after a refusal.
  useEffect(() => {
    if (actionData?.notice) form.update({ name: fields.password.name, value: "", validated: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData]);

  return (
    <div className="mx-auto max-w-md">
      <PageTitle title={t("login.documentTitle")} />
      <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-gray-900">{t("login.heading")}</h1>
        <p className="mt-1 text-gray-700">{t("login.intro")}</p>

        {loaderData.cookiesBlocked && !notice ? (
          <div className="mt-4">
            <PageAlert tone="error" title={t("login.cookiesBlockedTitle")} testId="cookies-blocked">
              <p>{t("login.cookiesBlockedText")}</p>
            </PageAlert>
          </div>
        ) : null}

        {loaderData.sessionEnded && !notice ? (
          <div
            role="status"
            className="mt-4 rounded-md border-l-4 border-warning bg-warning-light px-4 py-3 text-gray-900"
            data-testid="session-ended"
          >
            <p className="font-semibold">{t("login.sessionEndedTitle")}</p>
            <p className="mt-1">{t("login.sessionEndedText")}</p>
          </div>
        ) : null}

        {notice ? (
          <div
            role="alert"
            id={form.errorId}
            className="mt-4 rounded-md border-l-4 border-error bg-error-light px-4 py-3 text-error"
            data-testid="login-notice"
          >
            {notice === "failed" ? (
              <>
                <p className="font-semibold">{t("login.failedTitle")}</p>
                <p className="mt-1">
                  <Trans
                    t={t}
                    i18nKey="login.failedHelp"
                    values={{ phone: loaderData.supportPhone }}
                    components={{
                      support: (
                        // <Trans> puts the translated words inside the link.
                        // eslint-disable-next-line jsx-a11y/anchor-has-content
                        <a href={`tel:${loaderData.supportPhone.replace(/[^\d+]/g, "")}`} className="font-semibold text-error underline" />
                      ),
                      reset: <Link to="/forgot-password" className="font-semibold text-error underline" />,
                    }}
                  />
                </p>
              </>
            ) : notice === "throttled" ? (
              <p>{t("login.tooManyAttempts", { count: actionData?.minutes ?? 1 })}</p>
            ) : notice === "body" && actionData?.message ? (
              <p>{t(actionData.message)}</p>
            ) : (
              <p>{t("login.unavailable")}</p>
            )}
          </div>
        ) : null}

        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input type="hidden" name="came_from" value={loaderData.cameFrom} />
          <Field
            meta={fields.username}
            label={t("login.username")}
            type="text"
            autoComplete="username"
            inputProps={{ autoCapitalize: "none", spellCheck: false }}
          />
          <Field meta={fields.password} label={t("login.password")} type="password" autoComplete="current-password" />
          <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
            <button
              type="submit"
              disabled={submitting}
              className="rounded-md bg-primary px-5 py-2 font-semibold text-white hover:bg-primary-dark disabled:opacity-70"
            >
              {submitting ? t("login.submitting") : t("login.submit")}
            </button>
            <Link to="/forgot-password" className="text-sm">
              {t("login.forgotPassword")}
            </Link>
          </div>
        </Form>
        <p className="mt-6 border-t border-gray-200 pt-4 text-sm">
          <Link to="/support/tickets/lookup">{t("login.lookupTicket")}</Link>
        </p>
      </div>
    </div>
  );
}
