/**
 * A residential internet service: plan, connection, router and WiFi, with links to WiFi and router
 * settings. `notice` goes above the cards (an outage in the area), `statusNote` beside the service's status.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { InternetSettingsAnswer } from "#contract/home-network";
import { Card, Details } from "~/components/Card";
import { AddressLines } from "~/components/AddressLines";
import { PageHeader, actionLinkClass } from "~/components/PageHeader";
import { StatusBadge } from "~/components/StatusBadge";
import { formatDate, formatNumber } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export function InternetView({
  internet,
  notice,
  statusNote,
}: {
  internet: InternetSettingsAnswer["internet_settings"];
  notice?: ReactNode;
  statusNote?: ReactNode;
}) {
  const { t, language } = useT("services");
  const c = internet.connection;
  const wifi = `/wifi/${internet.package_id}`;
  return (
    <div>
      <PageHeader
        title={t("internet.title")}
        subtitle={t("internet.line", { plan: internet.plan.name, address: internet.service_address.line1 })}
        action={
          <Link to={wifi} className={actionLinkClass}>
            {t("internet.wifiSettings")}
          </Link>
        }
      />
      {notice}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="plan-heading" title={t("internet.plan")}>
          <Details
            items={[
              [t("internet.planName"), internet.plan.name],
              [
                t("internet.speeds"),
                t("internet.speedsValue", {
                  down: formatNumber(internet.plan.download_mbps, language),
                  up: formatNumber(internet.plan.upload_mbps, language),
                }),
              ],
              [
                t("internet.status"),
                <span key="s" className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <StatusBadge status={internet.status} />
                  {statusNote}
                </span>,
              ],
              [t("internet.activatedOn"), formatDate(internet.activated_on, language)],
              [t("internet.address"), <AddressLines key="a" address={internet.service_address} />],
            ]}
          />
        </Card>
        <Card id="connection-heading" title={t("internet.connection")}>
          <Details
            items={[
              [t("internet.connectionStatus"), <StatusBadge key="c" status={c.status === "online" ? "up" : "down"} />],
              ...(c.status === "online" && c.online_since
                ? ([[t("internet.onlineSince"), formatDate(c.online_since, language, "medium")]] as [string, string][])
                : []),
              ...(c.status === "offline" && c.offline_since
                ? ([[t("internet.offlineSince"), formatDate(c.offline_since, language, "medium")]] as [string, string][])
                : []),
              [t("internet.ipv4"), c.public_ipv4 ?? t("internet.none")],
              [t("internet.ipv6"), c.ipv6_prefix ?? t("internet.none")],
              [t("internet.dns"), c.dns_servers.join(", ") || t("internet.none")],
            ]}
          />
        </Card>
        <Card id="router-heading" title={t("internet.router")}>
          {internet.router ? (
            <Details
              items={[
                [t("internet.model"), `${internet.router.vendor} ${internet.router.model}`],
                [t("internet.firmware"), internet.router.firmware_version],
                [t("internet.serial"), internet.router.serial_number],
                [t("internet.mac"), internet.router.mac_address],
              ]}
            />
          ) : (
            <p className="text-gray-800">{t("internet.noRouter")}</p>
          )}
          <p className="mt-4">
            <Link to={`/internet/router/${internet.service_id}`} className="font-medium">
              {t("internet.routerSettings")}
            </Link>
          </p>
        </Card>
        <Card id="wifi-heading" title={t("internet.wifi")}>
          {internet.wifi.length ? (
            <ul className="space-y-1">
              {internet.wifi.map((w) => (
                <li key={w.band}>
                  <span className="font-medium">{w.name}</span>{" "}
                  <span className="text-sm text-gray-700">
                    ({t(`bands.${w.band}`)}
                    {w.enabled ? "" : `, ${t("internet.off")}`})
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-800">{t("internet.noWifi")}</p>
          )}
          <p className="mt-4 flex flex-wrap gap-4">
            <Link to={wifi} className="font-medium">
              {t("internet.wifiSettings")}
            </Link>
            <Link to={`${wifi}/network`} className="font-medium">
              {t("internet.networkOverview")}
            </Link>
          </p>
        </Card>
      </div>
      <p className="mt-6">
        <Link to="/account-details">{t("backToAccount")}</Link>
      </p>
    </div>
  );
}
