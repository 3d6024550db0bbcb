/**
 * The arithmetic of the charts drawn on the server (TimeChart, NetworkMap): how wide a label is, where
 * the drawing area starts so that the axis labels fit beside it, how many day labels fit under it, and
 * where labels go so that they neither overlap nor sit on a line. Pure functions, tested in
 * tests/unit/chart-layout.test.ts.
 *
 * The server cannot measure text, so widths are estimated from the advance widths of DejaVu Sans, the
 * widest of the common sans-serif faces the page's font stack lands on (system-ui, Segoe UI, Roboto,
 * Helvetica, Arial): an estimate is at least the width a browser draws.
 */

/** Advance widths in em of classes of characters (DejaVu Sans, rounded up). */
const NARROW = new Set([..." \u00a0\u202f.,:;·'!|"]);
const SLIM = new Set([..."iljIJ"]);
const HALF = new Set([..."frt/()[]-–"]);
const WIDE = new Set([..."mwMW…—%"]);

function advance(char: string): number {
  if (char >= "0" && char <= "9") return 0.64;
  if (NARROW.has(char)) return 0.34;
  if (SLIM.has(char)) return 0.3;
  if (HALF.has(char)) return 0.42;
  if (WIDE.has(char)) return 1;
  if (char.toLowerCase() !== char) return 0.78; // upper case
  if (char.toUpperCase() !== char) return 0.64; // lower case, accented letters too
  return 0.8;
}

/** The width a label takes at `fontSize` px (bold: `weight` 600 or more), an estimate never below the drawn width. */
export function textWidth(text: string, fontSize: number, weight = 400): number {
  let em = 0;
  for (const char of text) em += advance(char);
  return em * fontSize * (weight >= 600 ? 1.1 : 1);
}

/** The text, cut with "…" where needed so that it fits in `maxWidth` px. */
export function fitText(text: string, maxWidth: number, fontSize: number, weight = 400): string {
  if (textWidth(text, fontSize, weight) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, fontSize, weight) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * Positions for labels wanted at `wanted` (centres along one axis), each `size` long, moved as little as
 * needed so that no two are closer than `size` and all stay within [min, max]. The answer keeps the
 * order of `wanted`.
 */
export function spreadLabels(wanted: number[], size: number, min: number, max: number): number[] {
  const order = wanted.map((at, index) => ({ at: Math.min(max, Math.max(min, at)), index })).sort((a, b) => a.at - b.at);
  // Push down past the one before, then, from the end, up under the one after (and inside max).
  for (let i = 1; i < order.length; i++) order[i].at = Math.max(order[i].at, order[i - 1].at + size);
  for (let i = order.length - 1; i >= 0; i--) {
    const limit = i === order.length - 1 ? max : order[i + 1].at - size;
    order[i].at = Math.min(order[i].at, limit);
  }
  const placed = new Array<number>(wanted.length);
  for (const { at, index } of order) placed[index] = at;
  return placed;
}

// ---------------------------------------------------------------------------------------------------
// Time charts

/** The two sizes of a time chart: the compact one for phones and narrow columns, the wide one beside it. */
export const TIME_CHART_SIZES = {
  compact: { width: 300, height: 230, fontSize: 13, ticks: 4 },
  wide: { width: 720, height: 300, fontSize: 12, ticks: 5 },
} as const;
export type TimeChartSize = keyof typeof TIME_CHART_SIZES;

/** Space between a label and what it labels, and between labels side by side. */
const GAP = 6;
/** Air at the chart's edges. */
const EDGE = 2;

export interface TimeChartLayout {
  width: number;
  height: number;
  fontSize: number;
  /** The drawing area. */
  plot: { left: number; top: number; right: number; bottom: number };
  /** Where the unit of the vertical axis starts, above its labels. */
  unit: { x: number; y: number };
  /** Baseline of the vertical axis labels, for a value's height `y`. */
  yLabelX: number;
  /** Where the day labels are: day index from the first, and x of the day's start. */
  dayTicks: { day: number; x: number }[];
  /** Baseline of the day labels. */
  dayLabelY: number;
  /** Left end of the marker values, right of the drawing area. */
  markerX: number;
}

/**
 * Where everything of a time chart goes, from its labels as the page writes them: the vertical axis
 * labels (`yLabels`, "12 500" in French), its `unit` ("Mbit/s"), the value of each marker line, shown
 * right of the drawing area (`markerLabels`), and the label of each day of the range (`dayLabels`,
 * one per day). The drawing area starts right of the widest axis label and ends left of the widest
 * marker value; days are labelled as often as their widest label allows.
 */
export function timeChartLayout(
  size: TimeChartSize,
  { yLabels, unit, markerLabels, dayLabels }: { yLabels: string[]; unit: string; markerLabels: string[]; dayLabels: string[] },
): TimeChartLayout {
  const { width, height, fontSize } = TIME_CHART_SIZES[size];
  const widest = (labels: string[], weight = 400) => Math.max(0, ...labels.map((l) => textWidth(l, fontSize, weight)));
  const dayWidth = widest(dayLabels);
  const left = Math.ceil(EDGE + Math.max(widest(yLabels) + GAP, dayWidth / 2));
  const right = width - Math.ceil(markerLabels.length ? widest(markerLabels, 600) + GAP + EDGE : Math.max(GAP, dayWidth / 2 + EDGE));
  // Above the drawing area: a line for the unit, and room for the top axis label's upper half.
  const top = Math.ceil(fontSize * 2 + EDGE);
  const bottom = height - Math.ceil(fontSize + 14);
  const plotWidth = right - left;

  // Day labels every `step` days: as many as fit side by side with a gap, none past the chart's right edge.
  const days = Math.max(1, dayLabels.length);
  const fit = Math.max(1, Math.floor(plotWidth / (dayWidth + 2 * GAP)));
  const step = Math.max(1, Math.ceil(days / fit));
  const dayTicks: TimeChartLayout["dayTicks"] = [];
  for (let day = 0; day < days; day += step) {
    const x = left + (day / days) * plotWidth;
    if (x + textWidth(dayLabels[day] ?? "", fontSize) / 2 <= width - EDGE) dayTicks.push({ day, x });
  }
  return {
    width,
    height,
    fontSize,
    plot: { left, top, right, bottom },
    // Over the axis labels, ending where they end when it fits in the margin.
    unit: { x: Math.max(EDGE, left - GAP - textWidth(unit, fontSize)), y: Math.ceil(fontSize + EDGE) },
    yLabelX: left - GAP,
    dayTicks,
    dayLabelY: height - Math.ceil(fontSize / 2),
    markerX: right + GAP,
  };
}
