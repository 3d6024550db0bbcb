/**
 * /login/two-step: the code step of signing in, for a customer with two-step verification on. The
 * password step left the API's two-step token in the session (`pendingTwoStep`: single purpose, a few
 * minutes, no session: every signed-in page still sends this browser to sign in); this page exchanges
 * it and a code of the authenticator app, or a recovery code (`?method=recovery`), for the session
 * (POST /auth/two-step), then goes where the customer was heading. A plain form, with or without
 * JavaScript. Codes are limited like passwords (the sign-in model, key `two-step:<username>`): 429
 * with the minutes to wait; the API also refuses a user's codes past five failures in a window.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/login-two-step";
import { PublicCard } from "~/components/auth-flows/LinkGone";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { Trans } from "~/components/Trans";
import { isFailure } from "~/lib/api.server";
import { completeTwoStep, signedInRedirect } from "~/lib/auth.server";
import { getConfig } from "~/lib/config.server";
import { capEcho, readForm, type FormReply } from "~/lib/form-action.server";
import { withValues } from "~/lib/form-messages";
import { logEvent } from "~/lib/logger.server";
import { countSignIn } from "~/lib/metrics.server";
import { requestInfoContext } from "~/lib/request-info";
import { endedTwoStep, getPendingTwoStep, getTokens, notify } from "~/lib/session.server";
import { loginUrl } from "~/lib/public-paths";
import { apiWaitEnds, minutesUntil, signInLimits, sleep } from "~/lib/sign-in-limits";
import { useBrand } from "~/lib/root-data";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { RecoveryCodeSchema, TwoStepCodeSchema } from "~/schemas/two-step";
import { pageUrl } from "~/lib/page-url";

export const handle = { i18n: ["auth", "api"] };

const constraints = { app: getZodConstraint(TwoStepCodeSchema), recovery: getZodConstraint(RecoveryCodeSchema) };

type Method = keyof typeof constraints;
const methodOf = (request: Request): Method => (pageUrl(request).searchParams.get("method") === "recovery" ? "recovery" : "app");

export function loader({ request, context }: Route.LoaderArgs) {
  const pending = getPendingTwoStep(context);
  if (getTokens(context).refreshToken) throw redirect(pending?.cameFrom ?? "/");
  // Nothing waiting (never signed in with the password, or too long ago): the password first. Straight from
  // the password step (`?check=cookies`) with no cookie at all, the browser refused the step's: the sign-in page says so.
  if (!pending) {
    const refused = pageUrl(request).searchParams.get("check") === "cookies" && !request.headers.has("Cookie");
    // A step past its time: the password again, on the way to the page the customer was heading to.
    throw redirect(refused ? "/login?check=cookies" : loginUrl(endedTwoStep(context)?.cameFrom));
  }
  // The browser kept the step's cookie: the page at its own address.
  if (pageUrl(request).searchParams.has("check")) throw redirect("/login/two-step");
  const method = methodOf(request);
  return { method, username: pending.username, constraint: constraints[method], supportPhone: getConfig().SUPPORT_PHONE };
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = getPendingTwoStep(context);
  if (!pending) {
    const ended = endedTwoStep(context);
    notify(context, "warning", "auth:twoStep.expired");
    throw redirect(loginUrl(ended?.cameFrom));
  }
  const method = methodOf(request);
  const schema = method === "recovery" ? RecoveryCodeSchema : TwoStepCodeSchema;
  const field = method === "recovery" ? "recovery_code" : "code";
  const form = await readForm(request);
  if (!(form instanceof FormData)) {
    return data<FormReply>({ result: { status: "error", error: { "": [form.message] } } }, { status: form.status });
  }
  const submission = parseWithZod(form, { schema });
  // A code is never sent back: the next try is the app's next code.
  const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data<FormReply>(
      { result: capEcho(submission.reply({ ...errors, hideFields: [field] }), schema) as SubmissionResult<string[]> },
      { status },
    );
  if (submission.status !== "success") return reply(400);

  // Counted as a password would be, per address and per username (and address), in the sign-in model.
  const address = context.get(requestInfoContext).clientAddress;
  const limits = signInLimits(context);
  const key = `two-step:${pending.username}`;
  const throttled = (until: Date) => {
    countSignIn("limited");
    return reply(429, { formErrors: [withValues("auth:twoStep.tooManyAttempts", { count: minutesUntil(until) })] });
  };
  const verdict = await limits.attempt(key, address);
  if (verdict.blockedUntil) {
    logEvent("sign-in.limited", { by: "portal", step: "two-step" }, { level: "info" });
    return throttled(verdict.blockedUntil);
  }
  if (verdict.delayMs) await sleep(verdict.delayMs);

  const value = submission.value as { code?: string; recovery_code?: string };
  let result;
  try {
    result = await completeTwoStep(
      context,
      request,
      pending,
      method === "recovery" ? { recovery_code: value.recovery_code! } : { code: value.code! },
    );
  } catch (error) {
    countSignIn("unavailable");
    if (!isFailure(error)) logEvent("sign-in.failed", { err: error, step: "two-step" }, { level: "error" });
    return reply(503, { formErrors: ["auth:twoStep.unavailable"] });
  }
  switch (result.outcome) {
    case "expired":
      notify(context, "warning", "auth:twoStep.expired");
      throw redirect(loginUrl(pending.cameFrom));
    case "throttled":
      logEvent("sign-in.limited", { by: "api", step: "two-step" }, { level: "info" });
      return throttled(apiWaitEnds(result.retryAfterSeconds, limits.windowMs));
    case "invalid": {
      countSignIn("wrong_code");
      await limits.failed(key, address);
      const codes = Object.values(result.errors).flat();
      return reply(401, { fieldErrors: { [field]: (codes.length ? codes : [`${field}.invalid`]).map((code) => `api:${code}`) } });
    }
  }
  countSignIn("success");
  await limits.succeeded(key, address);
  if (result.recoveryCodesLeft !== undefined) {
    notify(context, "warning", "auth:twoStep.notifyRecoveryUsed", { count: result.recoveryCodesLeft });
  }
  throw await signedInRedirect(context, request, pending.cameFrom);
}

export default function LoginTwoStep({ loaderData, actionData }: Route.ComponentProps) {
  // Each way (the app's code, a recovery code) is a form of its own, with its own schema.
  return <CodeStep key={loaderData.method} loaderData={loaderData} actionData={actionData} />;
}

function CodeStep({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useT("auth");
  const brand = useBrand();
  const recovery = loaderData.method === "recovery";
  const [form, fields] = usePortalForm({
    id: `two-step-${loaderData.method}`,
    schema: () => import("~/schemas/two-step").then((m) => (recovery ? m.RecoveryCodeSchema : m.TwoStepCodeSchema)),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  const phone = loaderData.supportPhone;
  return (
    <PublicCard
      title={t("twoStep.heading")}
      intro={
        <>
          <p>{recovery ? t("twoStep.recoveryIntro") : t("twoStep.intro", { brand: `my${brand}` })}</p>
          <p>{t("twoStep.signingInAs", { username: loaderData.username })}</p>
        </>
      }
    >
      <ErrorSummary form={form} />
      <Form
        method="post"
        action={recovery ? "/login/two-step?method=recovery" : "/login/two-step"}
        {...getFormProps(form)}
        className="space-y-5"
      >
        {recovery ? (
          <Field
            meta={fields.recovery_code}
            label={t("twoStep.recoveryCode")}
            hint={t("twoStep.recoveryHint")}
            autoComplete="off"
            inputProps={{ autoCapitalize: "none", spellCheck: false }}
          />
        ) : (
          <Field
            meta={fields.code}
            label={t("twoStep.code")}
            hint={t("twoStep.codeHint")}
            autoComplete="one-time-code"
            inputProps={{ inputMode: "numeric" }}
          />
        )}
        <SubmitButton>{t("twoStep.submit")}</SubmitButton>
      </Form>
      <ul className="mt-6 space-y-2 border-t border-gray-200 pt-4 text-sm">
        <li>
          <Link to={recovery ? "/login/two-step" : "/login/two-step?method=recovery"}>
            {recovery ? t("twoStep.useApp") : t("twoStep.useRecovery")}
          </Link>
        </li>
        <li>
          <Link to="/login">{t("twoStep.startOver")}</Link>
        </li>
      </ul>
      <p className="mt-4 text-sm text-gray-800">
        <Trans
          t={t}
          i18nKey="twoStep.lostBoth"
          values={{ phone }}
          components={{
            // <Trans> puts the translated words inside the link.
            // eslint-disable-next-line jsx-a11y/anchor-has-content
            support: <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="font-semibold underline" />,
          }}
        />
      </p>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
