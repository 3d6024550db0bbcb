/**
 * The router page's overview section (GET cpe-info): model, state, versions and addresses of the router,
 * and the link that restarts it (for contacts who may change the router, while it is online).
 */
import type { CpeInfoAnswer } from "#contract/router-page";
import { Card, Details } from "~/components/Card";
import { secondaryLinkClass } from "~/components/PageHeader";
import { PlainLink } from "~/components/PlainLink";
import { StatusBadge } from "~/components/StatusBadge";
import { formatDateTime } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { SectionError, durationInWords } from "./RouterParts";

export type CpeInfo = CpeInfoAnswer["data"]["data"];

/** `cpe` null: the API could not say. `lanIp` comes from the LAN settings (null when they failed). */
export function RouterOverview({
  serviceId,
  cpe,
  lanIp,
  canManage,
}: {
  serviceId: number;
  cpe: CpeInfo | null;
  lanIp: string | null;
  canManage: boolean;
}) {
  const { t, language } = useT("router");
  return (
    <Card
      id="router-overview"
      title={t("overview.title")}
      actions={
        canManage && cpe?.status === "online" ? (
          <PlainLink to={`/internet/router/${serviceId}/restart`} className={secondaryLinkClass}>
            {t("overview.restartLink")}
          </PlainLink>
        ) : null
      }
    >
      {cpe ? (
        <Details
          items={[
            [t("overview.model"), `${cpe.vendor} ${cpe.model}`],
            [t("overview.status"), <StatusBadge key="s" status={cpe.status} label={t(`overview.${cpe.status}`)} />],
            [t("overview.uptime"), cpe.uptime_seconds === null ? t("overview.notRunning") : durationInWords(cpe.uptime_seconds, t)],
            [t("overview.firmware"), cpe.firmware_version],
            [t("overview.hardware"), cpe.hardware_version],
            [t("overview.serial"), cpe.serial_number],
            [
              t("overview.mac"),
              <span key="m" className="font-mono">
                {cpe.mac_address}
              </span>,
            ],
            [t("overview.wanIpv4"), cpe.wan_ipv4 ?? t("none")],
            [t("overview.wanIpv6"), cpe.wan_ipv6_prefix ?? t("none")],
            [t("overview.lanIp"), lanIp ?? t("unknown")],
            [t("overview.lastBoot"), formatDateTime(cpe.last_boot_at, language, "long")],
          ]}
        />
      ) : (
        <SectionError>{t("errors.cpeInfo")}</SectionError>
      )}
    </Card>
  );
}
