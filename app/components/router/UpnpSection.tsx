/**
 * The router page's UPnP section: whether UPnP is on (GET upnp), a button that turns it off or on (a plain
 * form posted to …/upnp, which comes back here) for contacts who may change the router, and while it is
 * on the ports devices opened themselves (GET upnp-port-forwarding-rules), read only. The router takes the
 * change at once, so while it is offline or restarting the button gives way to when it can be made.
 */
import type { UpnpRule } from "#contract/home-network";
import type { RouterUpnp } from "#contract/router-upnp";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Card } from "~/components/Card";
import { DataTable } from "~/components/DataTable";
import { SubmitButton } from "~/components/form";
import { useT } from "~/lib/use-t";
import { SectionError, durationInWords } from "./RouterParts";

/** `rules` or `upnp` null: the API could not say. */
export function UpnpSection({
  serviceId,
  upnp,
  rules,
  canManage,
  away,
}: {
  serviceId: number;
  upnp: RouterUpnp | null;
  rules: UpnpRule[] | null;
  canManage: boolean;
  /** While the router is offline or restarting: what says the change waits (in place of the button). */
  away: ReactNode;
}) {
  const { t } = useT("router");
  const action = `/internet/router/${serviceId}/upnp`;
  const off = upnp?.enabled === false;
  return (
    <Card
      id="upnp"
      title={t("upnp.title")}
      actions={
        upnp && canManage && !away ? (
          <Form method="post" action={action}>
            <input type="hidden" name="enabled" value={upnp.enabled ? "false" : "true"} />
            <SubmitButton variant="secondary" action={action}>
              {upnp.enabled ? t("upnp.turnOff") : t("upnp.turnOn")}
            </SubmitButton>
          </Form>
        ) : null
      }
    >
      <p className="mb-3 text-sm text-gray-700">{t("upnp.what")}</p>
      {upnp ? <p className="mb-3 font-semibold">{upnp.enabled ? t("upnp.isOn") : t("upnp.isOff")}</p> : null}
      {upnp && canManage ? away : null}
      {off ? null : !rules ? (
        <SectionError>{t("errors.upnp")}</SectionError>
      ) : rules.length === 0 ? (
        <p>{t("upnp.empty")}</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-gray-700">{t("upnp.intro")}</p>
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
                <th scope="row">{rule.description}</th>
                <td>{rule.protocol}</td>
                <td className="cell-num">{rule.external_port}</td>
                <td className="font-mono">
                  {rule.internal_address}:{rule.internal_port}
                </td>
                <td>{rule.lease_seconds_remaining === null ? t("upnp.untilRemoved") : durationInWords(rule.lease_seconds_remaining, t)}</td>
              </tr>
            )}
            look="plain"
          />
        </>
      )}
    </Card>
  );
}
