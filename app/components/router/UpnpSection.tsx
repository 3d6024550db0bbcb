/** The router page's UPnP section (GET upnp-port-forwarding-rules): the ports devices opened themselves, read only. */
import type { UpnpRule } from "#contract/home-network";
import { Card } from "~/components/Card";
import { DataTable } from "~/components/DataTable";
import { useT } from "~/lib/use-t";
import { SectionError, durationInWords } from "./RouterParts";

/** `rules` null: the API could not say. */
export function UpnpSection({ rules }: { rules: UpnpRule[] | null }) {
  const { t } = useT("router");
  return (
    <Card id="upnp" title={t("upnp.title")}>
      <p className="mb-3 text-sm text-gray-700">{t("upnp.intro")}</p>
      {!rules ? (
        <SectionError>{t("errors.upnp")}</SectionError>
      ) : rules.length === 0 ? (
        <p>{t("upnp.empty")}</p>
      ) : (
        <DataTable
          caption={t("upnp.caption")}
          columns={[
            { header: t("upnp.description") },
            { header: t("rules.protocol") },
            { header: t("upnp.externalPort"), align: "right" },
            { header: t("upnp.device") },
            { header: t("upnp.expires") },
          ]}
          rows={rules}
          row={(rule) => (
            <tr key={`${rule.protocol}-${rule.external_port}`}>
              <th scope="row" className="py-2 pr-3 font-medium">
                {rule.description}
              </th>
              <td className="py-2 pr-3">{rule.protocol}</td>
              <td className="py-2 pr-3 text-right">{rule.external_port}</td>
              <td className="py-2 pr-3 font-mono">
                {rule.internal_address}:{rule.internal_port}
              </td>
              <td className="py-2">
                {rule.lease_seconds_remaining === null ? t("upnp.untilRemoved") : durationInWords(rule.lease_seconds_remaining, t)}
              </td>
            </tr>
          )}
          look="plain"
        />
      )}
    </Card>
  );
}
