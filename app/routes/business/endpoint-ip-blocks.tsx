/**
 * /internet/view/{serviceId}/ip-blocks: the IP blocks routed to the endpoint (GET
 * /internet/{id}/allocations, included in the layout's call when the API can), IPv4 first: block, gateway, subnet mask and usable addresses.
 */
import { DataTable } from "~/components/DataTable";
import type { Route } from "./+types/endpoint-ip-blocks";
import { useEndpoint } from "./endpoint";
import { PageTitle } from "~/components/PageTitle";
import { endpointAllocations, serviceIdOf } from "./business.server";
import { formatDate, formatNumber } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export const handle = { i18n: ["business"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = serviceIdOf(params);
  return { allocations: await endpointAllocations(context, request, id) };
}

/** A count of addresses: grouped digits as the language writes them (IPv6 counts exceed JavaScript's safe integers). */
function formatCount(count: string, language: "en" | "fr"): string {
  if (count.length <= 15) return formatNumber(Number(count), language, 0);
  const separator = language === "fr" ? "\u202f" : ",";
  return count.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export default function EndpointIpBlocks({ loaderData }: Route.ComponentProps) {
  const { t, language } = useT("business");
  const { endpoint } = useEndpoint();
  const { allocations } = loaderData;
  return (
    <div>
      <PageTitle title={t("ipBlocks.documentTitle", { name: endpoint.label || endpoint.name })} />
      <h2 className="text-xl font-semibold text-gray-900">{t("ipBlocks.title")}</h2>
      {allocations.length === 0 ? (
        <p className="mt-3 rounded-lg border border-gray-200 bg-white p-5 text-gray-900 shadow-sm">{t("ipBlocks.empty")}</p>
      ) : (
        <DataTable
          caption={t("ipBlocks.caption")}
          columns={[
            { header: t("ipBlocks.columns.block") },
            { header: t("ipBlocks.columns.gateway") },
            { header: t("ipBlocks.columns.mask") },
            { header: t("ipBlocks.columns.usable") },
            { header: t("ipBlocks.columns.count"), align: "right" },
            { header: t("ipBlocks.columns.description") },
          ]}
          rows={allocations}
          row={(block) => (
            <tr key={block.block_id} className="border-t border-gray-200">
              <th scope="row" className="whitespace-nowrap font-mono">
                {block.cidr}
                <span className="ml-2 font-sans text-xs font-normal text-gray-700">{t(`ipBlocks.family${block.family}`)}</span>
              </th>
              <td className="whitespace-nowrap font-mono">{block.gateway ?? t("ipBlocks.noGateway")}</td>
              <td className="whitespace-nowrap font-mono">{block.subnet_mask}</td>
              <td className="font-mono">
                {block.usable.first === block.usable.last ? (
                  block.usable.first
                ) : (
                  <>
                    {block.usable.first}
                    <span className="font-sans"> {t("ipBlocks.to")} </span>
                    {block.usable.last}
                  </>
                )}
              </td>
              <td className="cell-num">{formatCount(block.usable.count, language)}</td>
              <td>
                {block.description ?? ""}
                <span className="block text-xs text-gray-700">
                  {t("ipBlocks.assignedOn", { date: formatDate(block.assigned_on, language) })}
                </span>
              </td>
            </tr>
          )}
          className="mt-3"
        />
      )}
      <p className="mt-3 text-sm text-gray-700">{t("ipBlocks.note")}</p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";
