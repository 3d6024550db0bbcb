/**
 * A line chart over a range of days, drawn as SVG on the server (no JavaScript needed): one line per
 * series (solid or dashed, so colour is never the only difference), horizontal marker lines (95th
 * percentile, breaker limit) labelled in words, axes in the page's language. The chart has a <title>
 * and <desc>; the page puts the data table right after it (SCREENS.md). On a narrow screen it scrolls
 * sideways inside a labelled region instead of shrinking its text. With JavaScript, pointing at the
 * chart shows the values of the nearest slot.
 */
import { useState, type MouseEvent } from "react";
import { addDays, niceScale, type ChartData } from "~/lib/business";
import { formatDateTime, formatDayMonth, formatNumber } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export interface ChartLineStyle {
  key: string;
  label: string;
  /** A colour with at least 3:1 contrast on white. */
  colour: string;
  dashed?: boolean;
}

export interface ChartMarker {
  label: string;
  value: number;
  colour: string;
}

const WIDTH = 720;
const HEIGHT = 300;
const MARGIN = { top: 16, right: 16, bottom: 36, left: 64 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

export function TimeChart({
  id,
  title,
  description,
  data,
  lines,
  markers = [],
  unit,
}: {
  id: string;
  title: string;
  description: string;
  data: ChartData;
  lines: ChartLineStyle[];
  markers?: ChartMarker[];
  /** Formats a value with its unit ("412 Mbps"). */
  unit: (value: string) => string;
}) {
  const { t, language } = useT("business");
  const [hover, setHover] = useState<number | null>(null);
  const slots = Math.max(1, ...lines.map((line) => data.series[line.key]?.length ?? 0));
  const peak = Math.max(0, ...lines.flatMap((line) => (data.series[line.key] ?? []).map((v) => v ?? 0)), ...markers.map((m) => m.value));
  const scale = niceScale(peak * 1.05);
  const x = (slot: number) => MARGIN.left + (slots <= 1 ? 0 : (slot / (slots - 1)) * PLOT_W);
  const y = (value: number) => MARGIN.top + PLOT_H - (value / scale.max) * PLOT_H;
  const fmt = (value: number) => formatNumber(value, language, value < 10 ? 2 : value < 100 ? 1 : 0);

  const yTicks: number[] = [];
  for (let v = 0; v <= scale.max + 1e-9; v += scale.step) yTicks.push(v);
  const days = Math.round((Date.parse(`${data.to_date}T00:00:00Z`) - Date.parse(`${data.from_date}T00:00:00Z`)) / 86_400_000) + 1;
  const dayStep = Math.max(1, Math.ceil(days / 7));
  const xTicks: { day: string; at: number }[] = [];
  for (let d = 0; d < days; d += dayStep) xTicks.push({ day: addDays(data.from_date, d), at: MARGIN.left + (d / days) * PLOT_W });

  /** The line of a series: moves over gaps (no sample), so missing data is not drawn as zero. */
  const path = (values: (number | null)[]) => {
    let d = "";
    let pen = false;
    values.forEach((value, slot) => {
      if (value === null) {
        pen = false;
        return;
      }
      d += `${pen ? "L" : "M"}${x(slot).toFixed(1)} ${y(value).toFixed(1)}`;
      pen = true;
    });
    return d;
  };

  const onMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = ((event.clientX - box.left) / box.width) * WIDTH;
    const slot = Math.round(((px - MARGIN.left) / PLOT_W) * (slots - 1));
    setHover(slot >= 0 && slot < slots ? slot : null);
  };
  const hoverTime = hover === null ? null : new Date(Date.parse(`${data.from_date}T00:00:00Z`) + hover * data.slotSeconds * 1000);

  return (
    <figure className="m-0">
      <div role="region" aria-label={t("chart.scrolls", { chart: title })} tabIndex={0} className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="block w-full min-w-[36rem] bg-white"
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
          data-testid={`${id}-svg`}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <g fontSize="12" fill="#374151">
            {yTicks.map((v) => (
              <g key={v}>
                <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(v)} y2={y(v)} stroke="#e5e7eb" />
                <text x={MARGIN.left - 6} y={y(v) + 4} textAnchor="end">
                  {unit(fmt(v))}
                </text>
              </g>
            ))}
            {xTicks.map((tick) => (
              <g key={tick.day}>
                <line x1={tick.at} x2={tick.at} y1={MARGIN.top + PLOT_H} y2={MARGIN.top + PLOT_H + 5} stroke="#6b7280" />
                <text x={tick.at} y={HEIGHT - 12} textAnchor="middle">
                  {formatDayMonth(tick.day, language)}
                </text>
              </g>
            ))}
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={MARGIN.top + PLOT_H} y2={MARGIN.top + PLOT_H} stroke="#6b7280" />
          </g>
          {lines.map((line) => (
            <path
              key={line.key}
              d={path(data.series[line.key] ?? [])}
              fill="none"
              stroke={line.colour}
              strokeWidth={1.5}
              strokeDasharray={line.dashed ? "5 3" : undefined}
              strokeLinejoin="round"
              data-series={line.key}
            />
          ))}
          {markers.map((marker, i) => (
            <g key={marker.label} data-marker={marker.label}>
              <line
                x1={MARGIN.left}
                x2={WIDTH - MARGIN.right}
                y1={y(marker.value)}
                y2={y(marker.value)}
                stroke={marker.colour}
                strokeWidth={2}
                strokeDasharray="10 4"
              />
              <text
                x={WIDTH - MARGIN.right - 4}
                // Two markers may be close: the first is labelled above its line, the second below.
                y={i % 2 === 0 ? y(marker.value) - 5 : y(marker.value) + 15}
                textAnchor="end"
                fontSize="12"
                fontWeight="600"
                fill={marker.colour}
                stroke="#fff"
                strokeWidth={3}
                paintOrder="stroke"
              >
                {`${marker.label}: ${unit(fmt(marker.value))}`}
              </text>
            </g>
          ))}
          {hover !== null ? (
            <line x1={x(hover)} x2={x(hover)} y1={MARGIN.top} y2={MARGIN.top + PLOT_H} stroke="#374151" strokeDasharray="2 2" />
          ) : null}
        </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-800">
        {lines.map((line) => (
          <span key={line.key} className="inline-flex items-center gap-2">
            <svg width="28" height="8" aria-hidden="true">
              <line x1="0" x2="28" y1="4" y2="4" stroke={line.colour} strokeWidth="2" strokeDasharray={line.dashed ? "5 3" : undefined} />
            </svg>
            {line.label}
          </span>
        ))}
        {markers.map((marker) => (
          <span key={marker.label} className="inline-flex items-center gap-2">
            <svg width="28" height="8" aria-hidden="true">
              <line x1="0" x2="28" y1="4" y2="4" stroke={marker.colour} strokeWidth="2" strokeDasharray="10 4" />
            </svg>
            {marker.label}
          </span>
        ))}
      </figcaption>
      {/* With JavaScript: the values under the pointer (the table below says the same for everyone). */}
      <p className="mt-1 min-h-[1.5rem] text-sm text-gray-800" aria-live="polite" data-testid={`${id}-hover`}>
        {hover !== null && hoverTime
          ? `${formatDateTime(hoverTime, language)} — ${lines
              .map((line) => {
                const value = data.series[line.key]?.[hover];
                return `${line.label}: ${value === null || value === undefined ? t("chart.noData") : unit(fmt(value))}`;
              })
              .join(", ")}`
          : null}
      </p>
      {data.slotSeconds > 3600 ? <p className="text-sm text-gray-700">{t("chart.slotNote", { hours: data.slotSeconds / 3600 })}</p> : null}
    </figure>
  );
}
