/** The router page's port forwarding section (GET port-forwarding-rules), with the links to add, change and remove a rule. */
import type { PortForwardingRule } from "#contract/home-network";
import { Card } from "~/components/Card";
import { DataTable } from "~/components/DataTable";
import { PlainLink } from "~/components/PlainLink";
import { actionLinkClass } from "~/components/PageHeader";
import { useT } from "~/lib/use-t";
import { SectionError } from "./RouterParts";

export function RulesSection({
  serviceId: id,
  rules,
  canManage,
}: {
  serviceId: number;
  /** null: the API could not say. */
  rules: PortForwardingRule[] | null;
  canManage: boolean;
}) {
  const { t } = useT("router");
  const ports = (start: number, end: number | null) => (end === null ? String(start) : t("rules.portRange", { start, end }));
  return (
    <Card
      id="port-forwarding"
      title={t("rules.title")}
      actions={
        rules && canManage ? (
          <PlainLink to={`/internet/router/${id}/port-forwarding/new`} className={actionLinkClass}>
            {t("rules.add")}
          </PlainLink>
        ) : null
      }
    >
      {!rules ? (
        <SectionError>{t("errors.portForwarding")}</SectionError>
      ) : rules.length === 0 ? (
        <p>{t("rules.empty")}</p>
      ) : (
        <DataTable
          caption={t("rules.caption")}
          columns={[
            { header: t("rules.description") },
            { header: t("rules.protocol") },
            { header: t("rules.ports") },
            { header: t("rules.destination") },
            { header: t("rules.state") },
            canManage && { header: t("actions"), srOnly: true },
          ]}
          rows={rules}
          row={(rule) => (
            <tr key={rule.id}>
              <th scope="row">{rule.description}</th>
              <td>{t(`rules.protocols.${rule.protocol}`)}</td>
              <td>{ports(rule.start_port, rule.end_port)}</td>
              <td className="font-mono">
                {rule.destination_address}
                {rule.destination_port === null
                  ? ""
                  : `:${ports(rule.destination_port, rule.end_port === null ? null : rule.destination_port + rule.end_port - rule.start_port)}`}
              </td>
              <td>{rule.enabled ? t("rules.on") : t("rules.off")}</td>
              {canManage ? (
                <td className="text-right whitespace-nowrap">
                  <PlainLink
                    to={`/internet/router/${id}/port-forwarding/${rule.id}`}
                    aria-label={t("rules.editRule", { name: rule.description })}
                  >
                    {t("rules.edit")}
                  </PlainLink>
                  <PlainLink
                    to={`/internet/router/${id}/port-forwarding/${rule.id}/remove`}
                    className="ml-3"
                    aria-label={t("rules.removeRule", { name: rule.description })}
                  >
                    {t("rules.remove")}
                  </PlainLink>
                </td>
              ) : null}
            </tr>
          )}
          look="plain"
        />
      )}
    </Card>
  );
}
