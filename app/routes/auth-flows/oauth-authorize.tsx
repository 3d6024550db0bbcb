/**
 * /oauth/authorize: the consent screen of the OAuth authorization code flow, for the provider's
 * registered clients (the support-ticket portal, the router app). Without redirect_uri: 404 "This page
 * could not be found". Signed in only (came_from brings the customer back here). The API checks the
 * client and its redirect URI by exact string (GET /oauth2/authorize); a request it refuses shows an
 * error page and is never redirected anywhere. Allow and Deny post the decision (POST /oauth2/authorize),
 * and the customer goes back to the client with the code (or access_denied) and the state: through a
 * page that forwards at once (meta refresh, or script), because the Content-Security-Policy's
 * form-action keeps a form post from being redirected to another site.
 */
import { logEvent } from "~/lib/logger.server";
import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/oauth-authorize";
import { PublicCard } from "~/components/auth-flows/LinkGone";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { api, ApiFieldErrors } from "~/lib/api.server";
import { requireUserMiddleware } from "~/lib/auth.server";
import { apiErrorMessage, formAction } from "~/lib/form-action.server";
import { actionLinkClass } from "~/components/PageHeader";
import { useBrand } from "~/lib/root-data";
import { usePortalForm } from "~/lib/use-portal-form";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "~/lib/use-t";
import { OAuthDecisionSchema } from "~/schemas/auth-flows";
import { pageUrl } from "~/lib/page-url";

export const handle = { i18n: ["account", "api"] };

const FIELDS = ["response_type", "client_id", "redirect_uri", "state", "scope", "code_challenge", "code_challenge_method"] as const;

/** The authorization request, from the page's address (only the OAuth fields, each at most 2 KiB). */
function oauthRequest(request: Request) {
  const query = pageUrl(request).searchParams;
  const fields: Record<string, string> = {};
  for (const name of FIELDS) {
    const value = query.get(name);
    if (value !== null) fields[name] = value.slice(0, 2048);
  }
  return fields as { redirect_uri?: string; client_id?: string; state?: string; scope?: string };
}

/** Without redirect_uri the page does not exist, signed in or not (spec section 5). */
const requireRedirectUri: Route.MiddlewareFunction = ({ request }, next) => {
  if (!pageUrl(request).searchParams.get("redirect_uri")) throw data({ kind: "unmatched" }, { status: 404 });
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [requireRedirectUri, requireUserMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const consent = await api(context, request).call("GET /oauth2/authorize", { query: oauthRequest(request) });
    return { refused: null, consent };
  } catch (error) {
    if (!(error instanceof ApiFieldErrors)) throw error;
    const messages = Object.values(error.errors)
      .flat()
      .map((code) => apiErrorMessage(context, code, false));
    return data({ refused: messages, consent: null }, { status: 400 });
  }
}

/** The API's redirect goes to the redirect URI it checked: anything else is not followed. */
function isToRedirectUri(location: string | null, redirectUri: string | undefined): boolean {
  try {
    const to = new URL(location ?? "");
    const registered = new URL(redirectUri ?? "");
    return to.origin === registered.origin && to.pathname === registered.pathname && /^https?:$/.test(to.protocol);
  } catch {
    return false;
  }
}

/** The API's answer: back to the client at this address. */
class LeaveTo extends Error {
  constructor(readonly url: string) {
    super("leave");
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const oauth = oauthRequest(request);
  try {
    return await formAction(
      { request, context },
      {
        schema: OAuthDecisionSchema,
        submit: async ({ decision }) => {
          try {
            return await api(context, request).call("POST /oauth2/authorize", { form: { ...oauth, decision } });
          } catch (error) {
            // The API answers { redirect } and the client follows it: only to the checked redirect URI.
            if (error instanceof Response && error.status >= 300 && error.status < 400) {
              const location = error.headers.get("Location");
              if (isToRedirectUri(location, oauth.redirect_uri)) throw new LeaveTo(location!);
              logEvent("oauth.redirect-refused", {}, { msg: "the API redirected elsewhere than the redirect URI; not followed" });
              throw new ApiFieldErrors({ redirect_uri: ["redirect_uri.unregistered"] });
            }
            throw error;
          }
        },
        // The API always answers a redirect; an answer without one is refused by the contract before this.
        success: () => ({ redirectTo: "/" }),
      },
    );
  } catch (error) {
    if (error instanceof LeaveTo) return { leaveTo: error.url };
    throw error;
  }
}

/**
 * Back to the client: without JavaScript a meta refresh forwards at once (a link for the rare browser
 * that does not follow); with it, the page replaces itself.
 */
function Leaving({ to, client }: { to: string; client: string }) {
  const { t } = useT("account");
  const hydrated = useHydrated();
  useEffect(() => window.location.replace(to), [to]);
  return (
    <PublicCard title={t("oauth.leavingTitle", { client })}>
      {hydrated ? null : <meta httpEquiv="refresh" content={`0;url=${to}`} />}
      <p className="text-gray-800">{t("oauth.leavingText", { client })}</p>
      <p className="mt-6">
        <a href={to} className={actionLinkClass}>
          {t("oauth.leavingLink", { client })}
        </a>
      </p>
    </PublicCard>
  );
}

export default function OAuthAuthorize({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("account");
  const brand = useBrand();
  const [form] = usePortalForm({
    schema: () => import("~/schemas/auth-flows").then((m) => m.OAuthDecisionSchema),
    lastResult: actionData && "result" in actionData ? actionData : undefined,
  });
  if (actionData && "leaveTo" in actionData && loaderData.consent) {
    return <Leaving to={actionData.leaveTo} client={loaderData.consent.client.name} />;
  }
  if (!loaderData.consent) {
    return (
      <PublicCard title={t("oauth.errorTitle")}>
        <div role="alert" className="space-y-2 rounded-md border-l-4 border-error bg-error-light px-4 py-3 text-error">
          {(loaderData.refused ?? []).map((message) => (
            <p key={message}>{t(message)}</p>
          ))}
        </div>
        <p className="mt-4 text-gray-800">{t("oauth.errorText")}</p>
      </PublicCard>
    );
  }
  const { client, scopes, username } = loaderData.consent;
  return (
    <PublicCard title={t("oauth.title")} intro={<p>{t("oauth.intro", { client: client.name, username, brand })}</p>}>
      <ErrorSummary form={form} />
      <h2 className="font-semibold text-gray-900">{t("oauth.scopesTitle", { client: client.name })}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-gray-900">
        {scopes.map(({ scope, description }) => (
          <li key={scope}>{t(`oauth.scope.${scope}`, { defaultValue: description })}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-gray-700">{t("oauth.trust", { client: client.name })}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-3 sm:flex-row">
        <SubmitButton name="decision" value="allow">
          {t("oauth.allow")}
        </SubmitButton>
        <SubmitButton name="decision" value="deny" variant="secondary">
          {t("oauth.deny")}
        </SubmitButton>
      </Form>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
