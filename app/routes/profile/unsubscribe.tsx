/**
 * /unsubscribe/{token}: the link at the foot of every notification e-mail, opened without signing in.
 * The page says what it turns off (GET /unsubscribe/{token}: the kind of e-mail, the account, the
 * address) and asks for a plain form POST to do it (POST /unsubscribe/{token}): mail scanners follow
 * links, so nothing changes on GET. Mail programs' one-click unsubscribe (RFC 8058, the relay's
 * List-Unsubscribe-Post header) posts here too. A forged or expired link shows the link-gone page.
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { LinkGone, PublicCard } from "~/components/auth-flows/LinkGone";
import { SubmitButton } from "~/components/form";
import { actionLinkClass } from "~/components/PageHeader";
import { api } from "~/lib/api.server";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["profile"] };

/** Any path segment is tried; one that cannot be a token is gone without asking the API. */
const usable = (token: string | undefined): token is string => typeof token === "string" && /^[\w.-]{20,2000}$/.test(token);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!usable(params.token)) return { gone: true as const };
  const link = await api(context, request, { public: true }).call("GET /unsubscribe/{token}", {
    params: { token: params.token },
    silentNotFound: true,
  });
  if (!link) return { gone: true as const };
  return { gone: false as const, link };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (!usable(params.token)) return { done: false as const };
  const done = await api(context, request, { public: true }).call("POST /unsubscribe/{token}", {
    params: { token: params.token },
    silentNotFound: true,
  });
  return done ? { done: true as const, kind: done.kind, contractName: done.contract_name } : { done: false as const };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("profile");
  if (loaderData.gone || actionData?.done === false) {
    return (
      <LinkGone title={t("unsubscribe.goneTitle")} help={t("unsubscribe.goneHelp")}>
        <Link to="/profile-settings/notifications" className={actionLinkClass}>
          {t("unsubscribe.choose")}
        </Link>
      </LinkGone>
    );
  }
  const { link } = loaderData;
  const what = t(`notifications.kinds.${link.kind}.label`);
  if (actionData?.done) {
    return (
      <PublicCard title={t("unsubscribe.doneTitle")}>
        <p role="status" className="text-gray-800">
          {t("unsubscribe.done", { what, account: actionData.contractName })}
        </p>
        <p className="mt-4 text-gray-800">{t("unsubscribe.again")}</p>
        <p className="mt-6">
          <Link to="/profile-settings/notifications" className={actionLinkClass}>
            {t("unsubscribe.choose")}
          </Link>
        </p>
      </PublicCard>
    );
  }
  return (
    <PublicCard
      title={t("unsubscribe.title")}
      intro={<p>{t("unsubscribe.intro", { what, account: link.contract_name, email: link.email })}</p>}
    >
      {link.subscribed ? null : <p className="mb-4 text-gray-800">{t("unsubscribe.alreadyOff")}</p>}
      <p className="mb-4 text-gray-800">{t("unsubscribe.security")}</p>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton>{t("unsubscribe.submit")}</SubmitButton>
        <Link to="/profile-settings/notifications">{t("unsubscribe.choose")}</Link>
      </Form>
    </PublicCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
