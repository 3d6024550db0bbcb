/**
 * The router page's LAN settings section (GET network-settings), with the link that changes them: the
 * page's dialog (?dialog=lan) for the newer router type, the …/lan page for older ones.
 */
import type { NetworkSettingsAnswer } from "#contract/home-network";
import { Link } from "react-router";
import { Card, Details } from "~/components/Card";
import { secondaryLinkClass } from "~/components/PageHeader";
import { useT } from "~/lib/use-t";
import { SectionError, durationInWords } from "./RouterParts";

export function LanSection({
  serviceId,
  settings: s,
  canManage,
  settingsDialog,
}: {
  serviceId: number;
  /** null: the API could not say. */
  settings: NetworkSettingsAnswer["network_settings"] | null;
  canManage: boolean;
  /** The settings change in a dialog of the router page. */
  settingsDialog: boolean;
}) {
  const { t } = useT("router");
  const change = settingsDialog ? `/internet/router/${serviceId}?dialog=lan` : `/internet/router/${serviceId}/lan`;
  return (
    <Card
      id="lan-settings"
      title={t("lan.title")}
      actions={
        s && canManage ? (
          <Link to={change} preventScrollReset className={secondaryLinkClass} data-lan-open="">
            {t("lan.change")}
          </Link>
        ) : null
      }
    >
      {s ? (
        <Details
          items={[
            [t("lan.lanIp"), s.lan_ip],
            [t("lan.subnetMask"), s.subnet_mask],
            [t("lan.dhcpRange"), t("lan.range", { start: s.dhcp_start, end: s.dhcp_end })],
            [t("lan.leaseTime"), durationInWords(s.lease_time_seconds, t)],
            [t("lan.dns"), s.dns_primary ? [s.dns_primary, s.dns_secondary].filter(Boolean).join(", ") : t("lan.dnsAutomatic")],
          ]}
        />
      ) : (
        <SectionError>{t("errors.networkSettings")}</SectionError>
      )}
    </Card>
  );
}
