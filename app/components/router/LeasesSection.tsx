/**
 * The router page's DHCP leases section (GET dhcp-leases, with the UPnP ports each device opened), its
 * "refresh from the router" form (posted to the router page), each device's pause in words, and the links
 * that reserve an address or pause a device (plain anchors on the server: PlainLink, decision 231).
 */
import type { ReactNode } from "react";
import { getFormProps } from "@conform-to/react";
import type { DhcpLease, DhcpLeasesAnswer } from "#contract/home-network";
import { Form } from "react-router";
import { Card } from "~/components/Card";
import { DataTable } from "~/components/DataTable";
import { PlainLink } from "~/components/PlainLink";
import { ErrorSummary, SubmitButton } from "~/components/form";
import type { FormReply } from "~/lib/form-action.server";
import { formatDateTime } from "~/lib/i18n";
import { usePortalForm } from "~/lib/use-portal-form";
import { useT } from "~/lib/use-t";
import { SectionError, durationInWords } from "./RouterParts";

export function LeasesSection({
  serviceId,
  leases,
  canManage,
  away,
  lastResult,
}: {
  serviceId: number;
  /**
   * null: the API could not say. Each lease carries its device's name, its hostname when that says
   * something else, and its pause in words (written by the loader, `namedLeases` and `withPauses`).
   */
  leases: (Omit<DhcpLeasesAnswer, "dhcp_data"> & { dhcp_data: (DhcpLease & { name: string; host?: string; pause?: string })[] }) | null;
  canManage: boolean;
  /** While the router is offline or restarting: what says a device's pause waits (in place of its links). */
  away: ReactNode;
  /** The refresh form's refused post. */
  lastResult?: FormReply | null;
}) {
  const { t, language } = useT("router");
  const [form] = usePortalForm({
    id: "refresh-leases",
    schema: () => import("~/schemas/router").then((m) => m.RefreshLeasesSchema),
    lastResult,
  });
  const base = `/internet/router/${serviceId}` as const;
  const opened = (ip: string) =>
    (leases?.upnp_table ?? []).filter((rule) => rule.internal_address === ip).map((rule) => `${rule.external_port}/${rule.protocol}`);
  return (
    <Card
      id="dhcp-leases"
      title={t("leases.title")}
      actions={
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="refresh" />
          <SubmitButton variant="secondary">{t("leases.refresh")}</SubmitButton>
        </Form>
      }
    >
      <ErrorSummary form={form} />
      {leases ? (
        <>
          <p className="mb-3 text-sm text-gray-700">
            {leases.router_online
              ? t("leases.readAt", { date: formatDateTime(leases.refreshed_at, language, "long") })
              : t("leases.lastTable", { date: formatDateTime(leases.refreshed_at, language, "long") })}
          </p>
          {canManage ? away : null}
          {leases.dhcp_data.length ? (
            <DataTable
              caption={t("leases.caption")}
              columns={[
                { header: t("leases.device") },
                { header: t("leases.mac") },
                { header: t("leases.ip") },
                { header: t("leases.leaseTime") },
                { header: t("leases.type") },
                { header: t("leases.upnp") },
                canManage && { header: t("actions"), srOnly: true },
              ]}
              rows={leases.dhcp_data}
              row={(lease) => {
                const { name, host } = lease;
                const ports = opened(lease.ip_address);
                const mac = encodeURIComponent(lease.mac_address);
                return (
                  <tr key={`${lease.mac_address}-${lease.ip_address}`}>
                    <th scope="row">
                      {name}
                      {host ? <span className="block font-mono text-sm">{host}</span> : null}
                      {lease.pause ? <span className="block text-sm">{lease.pause}</span> : null}
                    </th>
                    <td className="font-mono">{lease.mac_address}</td>
                    <td className="font-mono">{lease.ip_address}</td>
                    <td>
                      {lease.lease_seconds === null
                        ? t("leases.noLease")
                        : lease.type === "expired"
                          ? t("leases.ended")
                          : durationInWords(lease.lease_seconds, t)}
                    </td>
                    <td>{t(`leases.types.${lease.type}`)}</td>
                    <td>{ports.length ? ports.join(", ") : t("none")}</td>
                    {canManage ? (
                      <td className="text-right whitespace-nowrap">
                        {/* Each label begins with the link's visible words (WCAG 2.5.3), then names the device. */}
                        <PlainLink
                          to={`${base}/reservations/new?mac=${mac}`}
                          aria-label={t(lease.type === "reserved" ? "leases.changeReservationFor" : "leases.reserveFor", { name })}
                        >
                          {lease.type === "reserved" ? t("leases.changeReservation") : t("leases.reserve")}
                        </PlainLink>
                        {lease.type === "reserved" ? (
                          <PlainLink
                            to={`${base}/reservations/${mac}/remove`}
                            className="ml-3"
                            aria-label={t("leases.unreserveFor", { name })}
                          >
                            {t("leases.unreserve")}
                          </PlainLink>
                        ) : null}
                        {away ? null : (
                          <PlainLink to={`${base}/devices/${mac}/pause`} className="ml-3" aria-label={t("leases.pauseFor", { name })}>
                            {t("leases.pause")}
                          </PlainLink>
                        )}
                      </td>
                    ) : null}
                  </tr>
                );
              }}
              look="plain"
            />
          ) : (
            <p>{t("leases.empty")}</p>
          )}
        </>
      ) : (
        <SectionError>{t("errors.dhcpLeases")}</SectionError>
      )}
    </Card>
  );
}
