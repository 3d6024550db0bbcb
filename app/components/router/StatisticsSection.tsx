/** The router page's statistics section (GET statistics): uptime, devices and traffic per interface, or since when the router is offline. */
import type { RouterStatisticsAnswer } from "#contract/home-network";
import { Card, Details } from "~/components/Card";
import { DataTable } from "~/components/DataTable";
import { formatBytes, formatDateTime, formatNumber } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { SectionError, durationInWords } from "./RouterParts";

export type RouterStatistics = Extract<RouterStatisticsAnswer, { statistics: unknown }>["statistics"];
export type RouterStatisticsError = Extract<RouterStatisticsAnswer, { error: unknown }>["error"];

export function StatisticsSection({
  statistics: stats,
  error,
}: {
  /** null: the API could not say, or the router is offline (`error`). */
  statistics: RouterStatistics | null;
  error: RouterStatisticsError | null;
}) {
  const { t, language } = useT("router");
  const number = (n: number) => formatNumber(n, language);
  return (
    <Card id="statistics" title={t("statistics.title")}>
      {!stats ? (
        <SectionError>
          {t("errors.statistics")}
          {error ? (
            <span className="mt-1 block font-normal">
              {t("statistics.offlineSince", { date: formatDateTime(error.last_seen_at, language, "long") })}
            </span>
          ) : null}
        </SectionError>
      ) : (
        <>
          <Details
            items={[
              [t("statistics.uptime"), durationInWords(stats.uptime_seconds, t)],
              [t("statistics.devices"), number(stats.connected_devices)],
              [t("statistics.sampledAt"), formatDateTime(stats.sampled_at, language, "long")],
            ]}
          />
          <DataTable
            caption={t("statistics.caption")}
            columns={[
              { header: t("statistics.interface") },
              { header: t("statistics.received"), align: "right" },
              { header: t("statistics.sent"), align: "right" },
              { header: t("statistics.packets"), align: "right" },
              { header: t("statistics.errors"), align: "right" },
              { header: t("statistics.linkRate"), align: "right" },
            ]}
            rows={stats.interfaces}
            row={(i) => (
              <tr key={i.interface}>
                <th scope="row">{t(`statistics.interfaces.${i.interface}`)}</th>
                <td className="cell-num">{formatBytes(i.received_bytes, language)}</td>
                <td className="cell-num">{formatBytes(i.sent_bytes, language)}</td>
                <td className="text-right">
                  {t("statistics.packetCounts", { received: number(i.received_packets), sent: number(i.sent_packets) })}
                </td>
                <td className="cell-num">{number(i.errors)}</td>
                <td className="text-right">
                  {i.link_rate_mbps === null ? t("none") : t("statistics.mbps", { rate: number(i.link_rate_mbps) })}
                </td>
              </tr>
            )}
            look="plain"
            className="mt-4"
          />
        </>
      )}
    </Card>
  );
}
