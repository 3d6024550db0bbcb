/**
 * /profile-settings/sessions: where the signed-in user is signed in (GET /profile-settings/sessions):
 * each session's browser and device in words, the network it last connected from (no finer place),
 * when it was last seen, this device marked. Plain forms sign out of one other session (DELETE
 * /profile-settings/sessions/{id}) or of every other (POST …/sign-out-others); the session signed out
 * is sent to sign in on its next request (the API refuses its token, app/lib/api.server.ts).
 * The words are made on the server: the User-Agent parser never reaches the browser.
 */
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/sessions";
import type { PageHandle } from "~/lib/page-handle";
import { DataTable } from "~/components/DataTable";
import { PageHeader } from "~/components/PageHeader";
import { RefusedPostAlert, SubmitButton } from "~/components/form";
import { ApiFieldErrors, api, isFailure } from "~/lib/api.server";
import { deviceWords } from "~/lib/activity-words.server";
import { readForm, refusedPost } from "~/lib/form-action.server";
import { getT } from "~/lib/i18n.server";
import { formatDateTime } from "~/lib/i18n";
import { notify } from "~/lib/session.server";
import { useT } from "~/lib/use-t";
import { SessionSignOutSchema } from "~/schemas/sessions";

// Sessions change with sign-ins elsewhere and their renewals, which no revision counts: never answered 304.
export const handle = { cache: "live", i18n: ["profile", "api"] } satisfies PageHandle;

const PATH = "/profile-settings/sessions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getT(context, "profile");
  const { sessions } = await api(context, request).call("GET /profile-settings/sessions");
  return {
    sessions: sessions.map((session) => ({
      id: session.id,
      current: session.current,
      device: deviceWords(t, session.user_agent),
      network: session.network ? t("profile:sessions.network", { network: session.network }) : t("profile:sessions.unknownNetwork"),
      last_seen_at: session.last_seen_at,
      created_at: session.created_at,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // A body that is not a small form, or not one of this page's: the page says why, nothing signed out.
  if (!(form instanceof FormData)) return refusedPost(form.status, form.message);
  const parsed = SessionSignOutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refusedPost(400, "common:formErrors.unreadable");
  const client = api(context, request);
  if (parsed.data.intent === "others") {
    const { ended } = await client.call("POST /profile-settings/sessions/sign-out-others");
    notify(context, "success", "profile:sessions.notifyEndedOthers", { count: ended });
    return redirect(PATH);
  }
  try {
    await client.call("DELETE /profile-settings/sessions/{sessionId}", { params: { sessionId: parsed.data.session_id } });
    notify(context, "success", "profile:sessions.notifyEnded");
  } catch (error) {
    // Ended meanwhile (elsewhere, or a second click), or this very session: nothing changed, the list says how things stand.
    if (isFailure(error, "not-found")) notify(context, "info", "profile:sessions.notifyGone");
    else if (error instanceof ApiFieldErrors) notify(context, "info", "profile:sessions.notifyCurrent");
    else throw error;
  }
  return redirect(PATH);
}

export default function Sessions({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("profile");
  const { sessions } = loaderData;
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="max-w-3xl">
      <PageHeader title={t("sessions.title")} subtitle={t("sessions.intro")} />
      <RefusedPostAlert reply={actionData} />
      <DataTable
        caption={t("sessions.caption")}
        columns={[
          { header: t("sessions.columns.device") },
          { header: t("sessions.columns.network") },
          { header: t("sessions.columns.lastSeen") },
        ]}
        rows={sessions}
        testId="sessions"
        row={(session) => (
          <tr key={session.id} className="border-t border-gray-200" data-testid="session-row">
            <th scope="row">
              {session.device}
              {session.current ? (
                <span className="ml-2 inline-block rounded bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-900">
                  {t("sessions.thisDevice")}
                </span>
              ) : (
                // Under the device it ends, in the first column: on a phone it stays in view while the others scroll.
                <Form method="post" className="mt-2">
                  <input type="hidden" name="session_id" value={session.id} />
                  <SubmitButton variant="secondary" name="intent" value="one">
                    {t("sessions.signOut")}
                    <span className="sr-only">
                      {" "}
                      {t("sessions.signOutLabel", { device: session.device, date: formatDateTime(session.last_seen_at, language) })}
                    </span>
                  </SubmitButton>
                </Form>
              )}
            </th>
            <td>{session.network}</td>
            <td>{formatDateTime(session.last_seen_at, language)}</td>
          </tr>
        )}
      />
      {others.length ? (
        <section aria-labelledby="others-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="others-heading" className="text-lg font-semibold text-gray-900">
            {t("sessions.othersTitle")}
          </h2>
          <p className="mt-1 text-gray-800">{t("sessions.othersText")}</p>
          <Form method="post" className="mt-4">
            <SubmitButton variant="danger" name="intent" value="others">
              {t("sessions.othersSubmit")}
            </SubmitButton>
          </Form>
        </section>
      ) : (
        <p className="mt-6 text-gray-800" data-testid="sessions-none">
          {t("sessions.none")}
        </p>
      )}
      <p className="mt-6">
        <Link to="/profile-settings">{t("back")}</Link>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
