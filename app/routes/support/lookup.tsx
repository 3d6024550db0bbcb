/**
 * /support/tickets/lookup: a visitor finds a support ticket without signing in (POST
 * /support/ticket-lookup): its number and the e-mail address it was opened with. The answer is the same
 * whether or not they match ("If this ticket exists and was opened with this e-mail, we've sent a link
 * to it"), so the page tells nobody which tickets exist or who opened them; the e-mailed link opens
 * /support/tickets/view. Limited like sign-in: per address (the sign-in limits' address count) and per
 * ticket number (app/lib/sign-in-limits.ts).
 */
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/lookup";
import { normalTicketNumber } from "#contract/support";
import { PublicCard } from "~/components/auth-flows/LinkGone";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { api } from "~/lib/api.server";
import { formAction, refusedPost } from "~/lib/form-action.server";
import { requestInfoContext } from "~/lib/request-info";
import { signInLimits } from "~/lib/sign-in-limits";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { TicketLookupSchema } from "~/schemas/support";
import { pageUrl } from "~/lib/page-url";

export const handle = { i18n: ["support", "api"] };
const constraint = getZodConstraint(TicketLookupSchema);

/** Lookups of one ticket count apart from the address's other posts. */
const lookupKey = (ticketNumber: string) => `ticket-lookup:${normalTicketNumber(ticketNumber)}`;

export function loader({ request }: Route.LoaderArgs) {
  return { sent: pageUrl(request).searchParams.get("sent") === "1", constraint };
}

/** 429: the form again with "too many requests", nothing sent to the API. */
const throttled = (initialValue?: Record<string, string>) => refusedPost(429, "support:lookup.throttled", initialValue);

class Throttled extends Error {}

export async function action({ request, context }: Route.ActionArgs) {
  const limits = signInLimits(context);
  // Every post counts for the address, as recovery and activation posts do.
  if ((await limits.countAddress(context.get(requestInfoContext).clientAddress)) !== null) return throttled();
  try {
    return await formAction(
      { request, context },
      {
        schema: TicketLookupSchema,
        submit: async (value) => {
          const key = lookupKey(value.ticket_number);
          if (await limits.keyBlockedUntil(key)) throw new Throttled();
          await limits.countKey(key);
          return api(context, request, { public: true }).call("POST /support/ticket-lookup", { form: value });
        },
        success: () => ({ redirectTo: "/support/tickets/lookup?sent=1" }),
      },
    );
  } catch (error) {
    if (error instanceof Throttled) return throttled();
    throw error;
  }
}

export default function TicketLookup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("support");
  const [form, fields] = usePortalForm({
    schema: () => import("~/schemas/support").then((m) => m.TicketLookupSchema),
    lastResult: actionData,
    constraint: loaderData.constraint,
  });
  if (loaderData.sent) {
    return (
      <PublicCard title={t("lookup.sentTitle")}>
        <div role="status" className="space-y-3 text-gray-900" data-testid="lookup-sent">
          <p>{t("lookup.sentText")}</p>
          <p>{t("lookup.sentHelp")}</p>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link to="/support/tickets/lookup">{t("lookup.again")}</Link>
          <Link to="/login">{t("lookup.signIn")}</Link>
        </div>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t("lookup.title")} intro={<p>{t("lookup.intro")}</p>}>
      <ErrorSummary form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field
          meta={fields.ticket_number}
          label={t("lookup.ticketNumber")}
          hint={t("lookup.ticketNumberHint")}
          inputProps={{ autoCapitalize: "characters", spellCheck: false }}
        />
        <Field meta={fields.email} type="email" label={t("lookup.email")} hint={t("lookup.emailHint")} autoComplete="email" />
        <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
          <SubmitButton>{t("lookup.submit")}</SubmitButton>
          <Link to="/login">{t("lookup.signIn")}</Link>
        </div>
      </Form>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
