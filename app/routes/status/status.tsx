/**
 * /status (public): the outages and maintenance of the network, by area (GET /status/incidents): those
 * under way, the maintenance planned, and those resolved in the last days. Areas only: never an
 * address, a customer or a service. A plain page: no form, no script needed. An API without the
 * endpoint (404) makes it the not-found page.
 */
import type { Route } from "./+types/status";
import { RECENTLY_RESOLVED_DAYS, type PublicIncident } from "#contract/status";
import { Details } from "~/components/Card";
import { PageHeader } from "~/components/PageHeader";
import { capitalized, serviceNames } from "~/components/status/incident-words";
import { api } from "~/lib/api.server";
import { formatDateTime } from "~/lib/i18n";
import type { PageHandle } from "~/lib/page-handle";
import { useT } from "~/lib/use-t";

// What it shows changes with time alone (a window opening, a week passing); public pages are never kept anyway.
export const handle = { cache: "live", i18n: ["status"] } satisfies PageHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { incidents, as_of } = await api(context, request, { public: true }).call("GET /status/incidents");
  return {
    current: incidents.filter((incident) => incident.state === "current"),
    upcoming: incidents.filter((incident) => incident.state === "upcoming"),
    resolved: incidents.filter((incident) => incident.state === "resolved"),
    asOf: as_of,
    // Said by the loader: the contract's module (and zod) stays out of the page's scripts.
    resolvedDays: RECENTLY_RESOLVED_DAYS,
  };
}

export default function ServiceStatus({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("status");
  const { current, upcoming, resolved, asOf, resolvedDays } = loaderData;
  return (
    <div className="max-w-3xl">
      <PageHeader title={t("publicPage.title")} subtitle={t("publicPage.intro")} />
      <div className="-mt-3 mb-6 space-y-1 text-sm text-gray-700">
        <p data-testid="status-updated">{t("publicPage.updated", { time: formatDateTime(asOf, language) })}</p>
        <p>{t("publicPage.customers")}</p>
      </div>
      <div className="space-y-8">
        <Section id="current-heading" title={t("publicPage.current")} empty={t("publicPage.currentEmpty")} incidents={current} />
        <Section id="upcoming-heading" title={t("publicPage.upcoming")} empty={t("publicPage.upcomingEmpty")} incidents={upcoming} />
        <Section
          id="resolved-heading"
          title={t("publicPage.resolved")}
          hint={t("publicPage.resolvedHint", { days: resolvedDays })}
          empty={t("publicPage.resolvedEmpty", { days: resolvedDays })}
          incidents={resolved}
        />
      </div>
    </div>
  );
}

function Section({
  id,
  title,
  hint,
  empty,
  incidents,
}: {
  id: string;
  title: string;
  hint?: string;
  empty: string;
  incidents: PublicIncident[];
}) {
  return (
    <section aria-labelledby={id} data-testid={id.replace("-heading", "-incidents")}>
      <h2 id={id} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-gray-700">{hint}</p> : null}
      {incidents.length ? (
        <ul className="mt-3 space-y-4">
          {incidents.map((incident) => (
            <li key={incident.incident_id}>
              <Incident incident={incident} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-gray-800">{empty}</p>
      )}
    </section>
  );
}

function Incident({ incident }: { incident: PublicIncident }) {
  const { t, language } = useT("status");
  const moment = (instant: string) => formatDateTime(instant, language, "long");
  const id = `incident-${incident.incident_id}`;
  const services = serviceNames(incident.services, t, language);
  const title = capitalized(
    t(incident.kind === "outage" ? "publicPage.outageTitle" : "publicPage.maintenanceTitle", { services }),
    language,
  );
  const started = incident.state === "upcoming" ? t("publicPage.starts") : t("publicPage.started");
  const endLabel = incident.kind === "outage" ? t("publicPage.expectedBack") : t("publicPage.expectedEnd");
  return (
    <article aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm" data-testid="status-incident">
      <h3 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h3>
      <p className="mt-1 text-gray-800">{incident.summary}</p>
      <div className="mt-3">
        <Details
          items={[
            [t("publicPage.areas"), incident.areas.join(", ")],
            [started, moment(incident.starts_at)],
            ...(incident.resolution
              ? ([[t("publicPage.resolvedAt"), moment(incident.resolution.at)]] as [string, string][])
              : ([[endLabel, incident.expected_end_at ? moment(incident.expected_end_at) : t("publicPage.unknown")]] as [
                  string,
                  string,
                ][])),
          ]}
        />
      </div>
      {incident.resolution ? (
        <>
          <h4 className="mt-4 font-semibold text-gray-900">{t("publicPage.resolution")}</h4>
          <p className="mt-1 text-gray-800">{incident.resolution.text}</p>
        </>
      ) : null}
      {incident.updates.length ? (
        <>
          <h4 className="mt-4 font-semibold text-gray-900">{t("publicPage.updates")}</h4>
          <ol className="mt-1 space-y-2">
            {incident.updates.map((update, index) => (
              <li key={index} className="text-gray-800">
                <span className="block text-sm text-gray-700">{formatDateTime(update.at, language)}</span>
                {update.text}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
