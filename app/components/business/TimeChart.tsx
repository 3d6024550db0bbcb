/**
 * A line chart over a range of days, drawn as SVG on the server (no JavaScript needed): one line per
 * series (solid or dashed, so colour is never the only difference), horizontal marker lines (95th
 * percentile, breaker limit) with their values right of the drawing area and named in the legend, axes
 * in the page's language (the unit once, above the axis). The chart has a <title> and <desc>; the page
 * puts the data table right after it (SCREENS.md). It is drawn twice, compact and wide, and the width
 * of the column it sits in shows one (a container query): on a phone the whole chart fits with its text
 * at a readable size, never scrolling sideways. Margins come from the labels' widths
 * (app/components/business/chart-layout.ts). Each series' line is written once, in slots and values, and
 * both drawings show it through `<use>`, scaled to their drawing area (its stroke in screen pixels, so
 * both sizes draw it alike). With JavaScript, pointing at the chart shows the values of the nearest slot.
 */
import { useMemo, useState, type MouseEvent } from "react";
import { chartValues, linePath, niceScale, type ChartData } from "./business";
import { spreadLabels, timeChartLayout, TIME_CHART_SIZES, type TimeChartSize } from "./chart-layout";
import { formatDateTime, formatDayMonth, formatNumber, type Language } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { daysBetween } from "#common/calendar";

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

const DAY_MS = 86_400_000;

/** A value as the axis writes it: fewer decimals for larger numbers. */
const axisNumber = (value: number, language: Language) => formatNumber(value, language, value < 10 ? 2 : value < 100 ? 1 : 0);

export function TimeChart({
  id,
  title,
  description,
  data,
  lines,
  markers = [],
  unit,
  unitLabel,
}: {
  id: string;
  title: string;
  description: string;
  data: ChartData;
  lines: ChartLineStyle[];
  markers?: ChartMarker[];
  /** Formats a value with its unit ("412 Mbps"). */
  unit: (value: string) => string;
  /** The unit alone, written above the vertical axis ("Mbps"). */
  unitLabel: string;
}) {
  const { t, language } = useT("business");
  const [hover, setHover] = useState<number | null>(null);
  const hoverTime = hover === null ? null : new Date(Date.parse(`${data.from_date}T00:00:00Z`) + hover * data.slotSeconds * 1000);
  // What both sizes draw from, worked out once: the values, the highest of them and the days' labels.
  const series = useMemo(
    () => Object.fromEntries(Object.entries(data.series).map(([key, written]) => [key, chartValues(written)])),
    [data.series],
  );
  let peak = 0;
  for (const line of lines) for (const value of series[line.key] ?? []) if (value !== null && value > peak) peak = value;
  for (const marker of markers) peak = Math.max(peak, marker.value);
  const first = Date.parse(`${data.from_date}T12:00:00Z`);
  const dayLabels = Array.from({ length: daysBetween(data.from_date, data.to_date) + 1 }, (_, d) =>
    formatDayMonth(new Date(first + d * DAY_MS).toISOString().slice(0, 10), language),
  );
  const chart = { id, title, description, series, lines, markers, unitLabel, language, hover, setHover, peak, dayLabels };

  return (
    <figure className="@container m-0">
      {/* Each line once, in slots (x) and values (y): both drawings below show it, scaled to their area. */}
      <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
        <defs>
          {lines.map((line) => (
            <path
              key={line.key}
              id={lineId(id, line.key)}
              d={linePath(data.series[line.key])}
              fill="none"
              stroke={line.colour}
              strokeWidth={1.75}
              strokeDasharray={line.dashed ? "5 3" : undefined}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </defs>
      </svg>
      <div className="max-w-[24rem] @2xl:hidden">
        <ChartSvg size="compact" {...chart} />
      </div>
      <div className="hidden @2xl:block">
        <ChartSvg size="wide" {...chart} />
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
          <span key={marker.label} className="inline-flex items-center gap-2" data-legend-marker={marker.label}>
            <svg width="28" height="8" aria-hidden="true">
              <line x1="0" x2="28" y1="4" y2="4" stroke={marker.colour} strokeWidth="2" strokeDasharray="10 4" />
            </svg>
            {/* The value as the page's tables write it; beside the drawing area it is rounded as the axis is. */}
            {t("chart.labelled", { label: marker.label, value: unit(formatNumber(marker.value, language)) })}
          </span>
        ))}
      </figcaption>
      {/* With JavaScript: the values under the pointer (the table below says the same for everyone). */}
      <p className="mt-1 min-h-[1.5rem] text-sm text-gray-800" aria-live="polite" data-testid={`${id}-hover`}>
        {hover !== null && hoverTime
          ? t("chart.pointed", {
              time: formatDateTime(hoverTime, language),
              values: lines
                .map((line) => {
                  const value = series[line.key]?.[hover];
                  return t("chart.labelled", {
                    label: line.label,
                    value: value === null || value === undefined ? t("chart.noData") : unit(axisNumber(value, language)),
                  });
                })
                .join(t("chart.separator")),
            })
          : null}
      </p>
      {data.slotSeconds > 3600 ? <p className="text-sm text-gray-700">{t("chart.slotNote", { hours: data.slotSeconds / 3600 })}</p> : null}
    </figure>
  );
}

/** The id of a series' line, drawn once for both sizes. */
const lineId = (chartId: string, key: string) => `${chartId}-line-${key}`;

/** One drawing of the chart, at one of its sizes. */
function ChartSvg({
  size,
  id,
  title,
  description,
  series,
  lines,
  markers,
  unitLabel,
  language,
  hover,
  setHover,
  peak,
  dayLabels,
}: {
  size: TimeChartSize;
  id: string;
  title: string;
  description: string;
  /** The values of the chart's series (chartValues). */
  series: Record<string, (number | null)[]>;
  lines: ChartLineStyle[];
  markers: ChartMarker[];
  unitLabel: string;
  language: Language;
  hover: number | null;
  setHover: (slot: number | null) => void;
  /** The highest value drawn (lines and markers). */
  peak: number;
  /** Each day's label, from the first. */
  dayLabels: string[];
}) {
  const slots = Math.max(1, ...lines.map((line) => series[line.key]?.length ?? 0));
  const scale = niceScale(peak * 1.05, TIME_CHART_SIZES[size].ticks);
  const yTicks: number[] = [];
  for (let v = 0; v <= scale.max + 1e-9; v += scale.step) yTicks.push(v);
  const layout = timeChartLayout(size, {
    yLabels: yTicks.map((v) => axisNumber(v, language)),
    unit: unitLabel,
    markerLabels: markers.map((m) => axisNumber(m.value, language)),
    dayLabels,
  });
  const { plot, fontSize, width, height } = layout;
  const plotWidth = plot.right - plot.left;
  const x = (slot: number) => plot.left + (slots <= 1 ? 0 : (slot / (slots - 1)) * plotWidth);
  const y = (value: number) => plot.bottom - (value / scale.max) * (plot.bottom - plot.top);
  // Each marker's value beside its line, moved apart when two lines are close.
  const markerYs = spreadLabels(
    markers.map((m) => y(m.value)),
    fontSize + 2,
    plot.top,
    plot.bottom - fontSize / 2,
  );
  const svgId = size === "wide" ? id : `${id}-${size}`;
  // The shared lines (slots, values) into this drawing's area: slot 0 at its left, value 0 at its bottom.
  const xStep = slots <= 1 ? 1 : plotWidth / (slots - 1);
  const place = `translate(${plot.left} ${plot.bottom}) scale(${xStep} ${-(plot.bottom - plot.top) / scale.max})`;

  const onMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = ((event.clientX - box.left) / box.width) * width;
    const slot = Math.round(((px - plot.left) / plotWidth) * (slots - 1));
    setHover(slot >= 0 && slot < slots ? slot : null);
  };

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${svgId}-title ${svgId}-desc`}
      className="block h-auto w-full bg-white"
      onMouseMove={onMove}
      onMouseLeave={() => setHover(null)}
      data-testid={`${svgId}-svg`}
    >
      <title id={`${svgId}-title`}>{title}</title>
      <desc id={`${svgId}-desc`}>{description}</desc>
      <g fontSize={fontSize} fill="#374151">
        <text x={layout.unit.x} y={layout.unit.y} data-axis-unit="">
          {unitLabel}
        </text>
        {yTicks.map((v) => (
          <g key={v}>
            <line x1={plot.left} x2={plot.right} y1={y(v)} y2={y(v)} stroke="#e5e7eb" />
            <text x={layout.yLabelX} y={y(v) + fontSize / 3} textAnchor="end">
              {axisNumber(v, language)}
            </text>
          </g>
        ))}
        {layout.dayTicks.map((tick) => (
          <g key={tick.day}>
            <line x1={tick.x} x2={tick.x} y1={plot.bottom} y2={plot.bottom + 5} stroke="#6b7280" />
            <text x={tick.x} y={layout.dayLabelY} textAnchor="middle">
              {dayLabels[tick.day]}
            </text>
          </g>
        ))}
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="#6b7280" />
      </g>
      {lines.map((line) => (
        <use key={line.key} href={`#${lineId(id, line.key)}`} transform={place} data-series={line.key} />
      ))}
      {markers.map((marker, i) => (
        <g key={marker.label} data-marker={marker.label}>
          <line
            x1={plot.left}
            x2={plot.right}
            y1={y(marker.value)}
            y2={y(marker.value)}
            stroke={marker.colour}
            strokeWidth={2}
            strokeDasharray="10 4"
          />
          {/* The value right of the drawing area, off every line; the legend names it. */}
          <text x={layout.markerX} y={markerYs[i] + fontSize * 0.35} fontSize={fontSize} fontWeight="600" fill={marker.colour}>
            {axisNumber(marker.value, language)}
          </text>
        </g>
      ))}
      {hover !== null ? <line x1={x(hover)} x2={x(hover)} y1={plot.top} y2={plot.bottom} stroke="#374151" strokeDasharray="2 2" /> : null}
    </svg>
  );
}
