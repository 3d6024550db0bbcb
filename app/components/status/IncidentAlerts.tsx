/**
 * Notices of the outages and maintenance that touch an account or a service (GET /status/{customerId},
 * GET /status/services/{serviceId}): what, since when and until when, what was done, the latest update.
 * `today` is the page's day in Toronto (from its loader): times of that day are said without their date.
 */
import { Link } from "react-router";
import type { AccountIncident } from "#contract/status";
import { PageAlert } from "~/components/PageAlert";
import { formatDate, formatDateTime, formatTime } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { capitalized, dayOf, onDay, serviceNames } from "./incident-words";

export function IncidentAlerts({
  incidents,
  today,
  className = "mb-6",
}: {
  incidents: AccountIncident[];
  today: string;
  className?: string;
}) {
  if (!incidents.length) return null;
  return (
    <div className={`space-y-3 ${className}`} data-testid="incident-alerts">
      {incidents.map((incident) => (
        <IncidentAlert key={incident.incident_id} incident={incident} today={today} />
      ))}
    </div>
  );
}

/** The element id of an incident's notice, for a link from the status it explains. */
export const incidentAnchor = (incident: AccountIncident) => `incident-${incident.incident_id}`;

/** "Internet outage in your area", "Planned internet maintenance on your service"… */
function useIncidentTitle(incident: AccountIncident): string {
  const { t, language } = useT("status");
  const heading = incident.kind === "outage" ? "outage" : incident.state === "current" ? "maintenanceUnderWay" : "maintenancePlanned";
  return capitalized(t(`notice.${heading}.${incident.touches}`, { services: serviceNames(incident.services, t, language) }), language);
}

/** A link to an incident's notice on the same page, named by its title (beside a service's status). */
export function IncidentLink({ incident }: { incident: AccountIncident }) {
  return (
    <a href={`#${incidentAnchor(incident)}`} className="text-sm font-medium" data-testid="incident-link">
      {useIncidentTitle(incident)}
    </a>
  );
}

export function IncidentAlert({ incident, today }: { incident: AccountIncident; today: string }) {
  const { t, language } = useT("status");
  const time = (instant: string) => formatTime(instant, language, { onTheHour: true });
  const date = (instant: string, style: "long" | "full" = "long") => formatDate(instant, language, style);
  const title = useIncidentTitle(incident);

  const start = incident.starts_at;
  const end = incident.expected_end_at;
  let when: string;
  if (incident.state === "upcoming") {
    if (!end) when = t("notice.windowOpen", { date: date(start, "full"), start: time(start) });
    else if (onDay(end, dayOf(start))) when = t("notice.window", { date: date(start, "full"), start: time(start), end: time(end) });
    else
      when = t("notice.windowAcross", { startDate: date(start, "full"), start: time(start), endDate: date(end, "full"), end: time(end) });
  } else {
    const since = onDay(start, today)
      ? t("notice.since", { time: time(start) })
      : t("notice.sinceDate", { date: date(start), time: time(start) });
    const outage = incident.kind === "outage";
    const until = !end
      ? t("notice.backUnknown")
      : onDay(end, today)
        ? t(outage ? "notice.backBy" : "notice.endBy", { time: time(end) })
        : t(outage ? "notice.backByDate" : "notice.endByDate", { date: date(end), time: time(end) });
    when = t("notice.times", { since, end: until });
  }
  const latest = incident.updates[0];

  return (
    <div id={incidentAnchor(incident)}>
      <PageAlert tone={incident.kind === "outage" ? "warning" : "info"} title={title} testId="incident-alert">
        <p>{when}</p>
        <p className="mt-1">{incident.summary}</p>
        {latest ? (
          <p className="mt-1" data-testid="incident-latest">
            {t("notice.latest", {
              time: onDay(latest.at, today) ? formatTime(latest.at, language) : formatDateTime(latest.at, language),
              text: latest.text,
            })}
          </p>
        ) : null}
        {/* The public page lists incidents by area; one that names this account's services is not there. */}
        {incident.touches === "area" ? (
          <p className="mt-2">
            <Link to="/status" className="font-semibold underline">
              {t("notice.seeStatus")}
            </Link>
          </p>
        ) : null}
      </PageAlert>
    </div>
  );
}
