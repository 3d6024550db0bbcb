/**
 * /internet/view/{serviceId}: the endpoint's details (from the layout's GET /internet/{id}/endpoint),
 * its latest alert (GET /internet/{id}/alerts, included in the layout's call when the API can) and its monitoring settings, with a link to change them
 * for contacts with the authoritative or support role (read-only for the others).
 */
import { Link } from "react-router";
import type { Route } from "./+types/endpoint-details";
import { useEndpoint } from "./endpoint";
import { Lines } from "~/components/business/ServiceTable";
import { Card, Details } from "~/components/Card";
import { PageAlert } from "~/components/PageAlert";
import { PageTitle } from "~/components/PageTitle";
import { secondaryLinkClass } from "~/components/PageHeader";
import { StatusBadge } from "~/components/StatusBadge";
import { endpointAlerts, serviceIdOf } from "./business.server";
import { formatDateTime, formatNumber } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["business"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = serviceIdOf(params);
  const alerts = await endpointAlerts(context, request, id);
  return { latestAlert: alerts[0] ?? null, alertCount: alerts.length };
}

export default function EndpointDetails({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("business");
  const { endpoint, canEdit } = useEndpoint();
  const { latestAlert } = loaderData;
  const base = `/internet/view/${endpoint.service_id}`;
  const none = <span className="font-normal text-gray-700">{t("details.none")}</span>;
  const contact = endpoint.notification_contact;

  return (
    <div className="space-y-6">
      <PageTitle title={t("details.documentTitle", { name: endpoint.label || endpoint.name })} />
      {endpoint.status === "down" ? (
        <PageAlert tone="error" title={t("details.downTitle")} testId="endpoint-down">
          {latestAlert && latestAlert.status === "down"
            ? t("details.downSince", { time: formatDateTime(latestAlert.time, language), event: latestAlert.event })
            : t("details.downText")}
        </PageAlert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="connection-heading" title={t("details.connection")}>
          <Details
            items={[
              [t("details.status"), <StatusBadge key="s" status={endpoint.status} />],
              [t("details.circuitId"), endpoint.circuit_id],
              [t("details.platformId"), endpoint.platform_id ?? none],
              [t("details.speed"), t("details.speedValue", { speed: formatNumber(endpoint.speed_mbps, language, 0) })],
              [t("details.accessDevice"), endpoint.access_device],
              [t("details.port"), endpoint.port],
              [t("details.handoff"), endpoint.handoff],
              [t("details.vlan"), endpoint.vlan_id === null ? t("details.untagged") : String(endpoint.vlan_id)],
              [t("details.address"), <Lines key="a" text={endpoint.service_address} />],
            ]}
          />
        </Card>

        <div className="space-y-6">
          <Card
            id="latest-alert-heading"
            title={t("details.latestAlert")}
            actions={
              <Link to={`${base}/alerts`} className="text-sm font-medium">
                {t("details.allAlerts")}
              </Link>
            }
          >
            {latestAlert ? (
              <Details
                items={[
                  [t("alerts.columns.time"), formatDateTime(latestAlert.time, language)],
                  [t("alerts.columns.event"), latestAlert.event],
                  [t("alerts.columns.status"), <StatusBadge key="s" status={latestAlert.status} />],
                  [t("alerts.columns.device"), `${latestAlert.access_device} · ${latestAlert.port}`],
                ]}
              />
            ) : (
              <p className="text-gray-800">{t("alerts.empty")}</p>
            )}
          </Card>

          <Card
            id="monitoring-heading"
            title={t("details.monitoring")}
            actions={
              canEdit ? (
                <Link to={`${base}/settings`} className={`${secondaryLinkClass} text-sm`}>
                  {t("details.edit")}
                </Link>
              ) : null
            }
          >
            <Details
              items={[
                [t("settings.label"), endpoint.label ?? none],
                [
                  t("settings.description"),
                  endpoint.description ? <span className="whitespace-pre-line">{endpoint.description}</span> : none,
                ],
                [
                  t("settings.alertEmails"),
                  endpoint.alert_emails.length ? (
                    <ul key="e">
                      {endpoint.alert_emails.map((email) => (
                        <li key={email}>{email}</li>
                      ))}
                    </ul>
                  ) : (
                    none
                  ),
                ],
                [t("settings.contact"), contact ? `${contact.first_name} ${contact.last_name} (${contact.email})` : none],
                ...(endpoint.updated_at
                  ? ([[t("details.updatedAt"), formatDateTime(endpoint.updated_at, language)]] as [string, string][])
                  : []),
              ]}
            />
            {!canEdit ? (
              <p className="mt-3 text-sm text-gray-700" data-testid="settings-read-only">
                {t("details.readOnly")}
              </p>
            ) : null}
          </Card>
        </div>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
