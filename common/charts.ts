/**
 * Samples over a range of days reduced to what the bandwidth and power pages show, made the same way by
 * the API (`?points=N`: the chart instead of the samples) and by the portal (from the samples of an API
 * that answers only those): a chart's slots, each holding the highest sample in it, and each UTC day's
 * figures; and the arithmetic of their figures (the 95th percentile, two decimals).
 */
import { addDays, dayStart, instantMillis } from "./calendar.ts";

/** The range of a chart: UTC days, both included, and the length of one sample. */
export interface ChartRange {
  from_date: string;
  to_date: string;
  interval_seconds: number;
}

/** The range split into at most `maxPoints` equal slots, each a whole multiple of the sample interval (a minute at least). */
export interface ChartSlots<K extends string = string> {
  slot_seconds: number;
  /** Per series, one value a slot, oldest first: the highest sample in it, null where none fell. */
  series: Record<K, (number | null)[]>;
}

export function chartSlots<T extends { time: string }, K extends string>(
  samples: readonly T[],
  pick: Record<K, (sample: T) => number>,
  range: ChartRange,
  maxPoints: number,
): ChartSlots<K> {
  const start = dayStart(range.from_date);
  const totalSeconds = (dayStart(addDays(range.to_date, 1)) - start) / 1000;
  const interval = Math.max(60, range.interval_seconds);
  const slotSeconds = interval * Math.max(1, Math.ceil(totalSeconds / interval / maxPoints));
  const count = Math.ceil(totalSeconds / slotSeconds);
  // Each sample's slot, read once for every series.
  const slots = samples.map((sample) => Math.floor((instantMillis(sample.time) - start) / 1000 / slotSeconds));
  const series = {} as ChartSlots<K>["series"];
  for (const [key, read] of Object.entries(pick) as [K, (sample: T) => number][]) {
    const values: (number | null)[] = new Array(count).fill(null);
    for (let i = 0; i < samples.length; i++) {
      const slot = slots[i];
      if (slot < 0 || slot >= count) continue;
      const value = read(samples[i]);
      const current = values[slot];
      if (current === null || value > current) values[slot] = value;
    }
    series[key] = values;
  }
  return { slot_seconds: slotSeconds, series };
}

/** Samples grouped by their UTC calendar day, in order. */
export function byDay<T extends { time: string }>(samples: readonly T[]): [string, T[]][] {
  const days = new Map<string, T[]>();
  for (const sample of samples) {
    const day = sample.time.slice(0, 10);
    let list = days.get(day);
    if (!list) days.set(day, (list = []));
    list.push(sample);
  }
  return [...days.entries()];
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The 95th percentile as transit is billed: sort the rates, set the top 5% aside (rounded down), answer
 * the highest one left. null without samples.
 */
export function percentile95(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((sorted.length * 95) / 100) - 1];
}

/** Each day's highest value of `read`, for the days that have samples, in order. */
export function dailyPeaks<T extends { time: string }>(
  samples: readonly T[],
  read: (sample: T) => number,
): { day: string; peak: number }[] {
  return byDay(samples).map(([day, list]) => ({ day, peak: list.reduce((peak, sample) => Math.max(peak, read(sample)), -Infinity) }));
}

export interface BandwidthDay {
  day: string;
  download_peak_mbps: number;
  upload_peak_mbps: number;
  /** Decimal gigabytes: each sample's rate over the interval. */
  download_gb: number;
  upload_gb: number;
}

/** Each day's peak rates and volumes each way, from samples of `intervalSeconds`. */
export function bandwidthDays(
  samples: readonly { time: string; download_mbps: number; upload_mbps: number }[],
  intervalSeconds: number,
): BandwidthDay[] {
  // Mbps over an interval as decimal gigabytes.
  const gb = (mbps: number) => (mbps * intervalSeconds) / 8 / 1000;
  return byDay(samples).map(([day, list]) => {
    let downloadPeak = -Infinity;
    let uploadPeak = -Infinity;
    let download = 0;
    let upload = 0;
    for (const sample of list) {
      downloadPeak = Math.max(downloadPeak, sample.download_mbps);
      uploadPeak = Math.max(uploadPeak, sample.upload_mbps);
      download += gb(sample.download_mbps);
      upload += gb(sample.upload_mbps);
    }
    return {
      day,
      download_peak_mbps: downloadPeak,
      upload_peak_mbps: uploadPeak,
      download_gb: round2(download),
      upload_gb: round2(upload),
    };
  });
}
