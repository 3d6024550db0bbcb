/** A residential TV service: line-up, theme packs, set-top boxes and TV Go. */
import { Link } from "react-router";
import type { TvPackageAnswer } from "#contract/home-network";
import { Card, Details } from "~/components/Card";
import { DataTable } from "~/components/DataTable";
import { PageHeader } from "~/components/PageHeader";
import { StatusBadge } from "~/components/StatusBadge";
import { formatDate, formatMoney } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

/**
 * What the page shows of a TV package, which its loader sends instead of the API's answer: the line-up's
 * 93 channels without their call signs and genres, a pack's channel count instead of its numbers.
 */
export function tvForPage(tv: TvPackageAnswer["tv_package"]) {
  return {
    name: tv.name,
    status: tv.status,
    base_package: tv.base_package ? { name: tv.base_package.name } : null,
    channels: tv.channels.map(({ number, name, hd, language, source }) => ({ number, name, hd, language, source })),
    theme_packs: tv.theme_packs.map(({ code, name, monthly_price, subscribed, added_on, channel_numbers }) => ({
      code,
      name,
      monthly_price,
      subscribed,
      added_on,
      channel_count: channel_numbers.length,
    })),
    set_top_boxes: tv.set_top_boxes.map(({ serial_number, model, room, status, activated_on }) => ({
      serial_number,
      model,
      room,
      status,
      activated_on,
    })),
    tv_go: tv.tv_go,
  };
}

export function TvView({ tv }: { tv: ReturnType<typeof tvForPage> }) {
  const { t, language } = useT("services");
  const packs = tv.theme_packs.filter((p) => p.subscribed);
  const offered = tv.theme_packs.filter((p) => !p.subscribed);
  const packName = (code: string) => tv.theme_packs.find((p) => p.code === code)?.name ?? code;
  return (
    <div>
      <PageHeader title={t("tv.title")} subtitle={tv.name} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="lineup-heading" title={t("tv.lineup")}>
          <Details
            items={[
              [t("tv.status"), <StatusBadge key="s" status={tv.status} />],
              [t("tv.base"), tv.base_package ? tv.base_package.name : t("tv.noBase")],
              [t("tv.channelCount"), t("tv.channels", { count: tv.channels.length })],
            ]}
          />
        </Card>
        <Card id="tvgo-heading" title={t("tv.tvGo")}>
          {tv.tv_go.included ? (
            <>
              <Details
                items={[
                  [t("tv.tvGoStreams"), t("tv.streams", { count: tv.tv_go.max_streams })],
                  [t("tv.tvGoAccount"), tv.tv_go.account_email ?? t("tv.tvGoNobody")],
                ]}
              />
              <p className="mt-3 text-sm text-gray-800">{t("tv.tvGoReplace")}</p>
            </>
          ) : (
            <p className="text-gray-800">{t("tv.tvGoNotIncluded")}</p>
          )}
        </Card>
      </div>
      <div className="mt-6 space-y-6">
        <Card id="packs-heading" title={t("tv.themePacks")}>
          {packs.length ? (
            <ul className="space-y-2">
              {packs.map((p) => (
                <li key={p.code}>
                  <span className="font-medium">{p.name}</span> ·{" "}
                  {t("tv.packLine", {
                    amount: formatMoney(p.monthly_price, language),
                    count: p.channel_count,
                    date: p.added_on ? formatDate(p.added_on, language) : "",
                  })}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-800">{t("tv.noPacks")}</p>
          )}
          {offered.length ? (
            <>
              <h3 className="mt-4 font-semibold">{t("tv.offered")}</h3>
              <ul className="mt-1 space-y-1 text-sm text-gray-800">
                {offered.map((p) => (
                  <li key={p.code}>
                    {p.name} · {t("tv.perMonth", { amount: formatMoney(p.monthly_price, language) })}
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm text-gray-800">{t("tv.addPack")}</p>
            </>
          ) : null}
        </Card>
        <Card id="boxes-heading" title={t("tv.boxes")}>
          {tv.set_top_boxes.length ? (
            <DataTable
              caption={t("tv.boxes")}
              look="plain"
              columns={[
                { header: t("tv.room") },
                { header: t("tv.model") },
                { header: t("tv.serial") },
                { header: t("tv.boxStatus") },
                { header: t("tv.activatedOn") },
              ]}
              rows={tv.set_top_boxes}
              row={(box) => (
                <tr key={box.serial_number}>
                  <th scope="row">{box.room}</th>
                  <td>{box.model}</td>
                  <td>{box.serial_number}</td>
                  <td>{t(`tv.boxStatuses.${box.status}`)}</td>
                  <td>{formatDate(box.activated_on, language)}</td>
                </tr>
              )}
            />
          ) : (
            <p className="text-gray-800">{t("tv.noBoxes")}</p>
          )}
        </Card>
        <Card id="channels-heading" title={t("tv.channelList")}>
          <DataTable
            caption={t("tv.channelList")}
            look="plain"
            tall
            columns={[
              { header: t("tv.number"), align: "right" },
              { header: t("tv.channel") },
              { header: t("tv.language") },
              { header: t("tv.from") },
            ]}
            rows={tv.channels}
            row={(ch) => (
              <tr key={ch.number}>
                <th scope="row" className="cell-num font-normal">
                  {ch.number}
                </th>
                <td>
                  {ch.name}
                  {ch.hd ? <span className="ml-1 text-xs text-gray-700">HD</span> : null}
                </td>
                <td>{t(`tv.languages.${ch.language}`)}</td>
                <td>{ch.source === "base" ? t("tv.fromBase") : packName(ch.source)}</td>
              </tr>
            )}
          />
        </Card>
      </div>
      <p className="mt-6">
        <Link to="/account-details">{t("backToAccount")}</Link>
      </p>
    </div>
  );
}
