/** /cabinet-spaces/{serviceId}/power-usage: the power drawn on each circuit of a colocation cabinet. */
import { Router } from "express";
import type { PowerUsageAnswer } from "../contract/business-network.ts";
import { addressLines, isoInstant, todayOf, type AddressColumns, type ServiceContext } from "./context.ts";
import { chartPointsOf, resolveDateRange } from "./endpoints.ts";
import { chartSlots, dailyPeaks, round2 } from "#common/charts";
import { notFound } from "./errors.ts";
import { requireService, route } from "./http.ts";

/** A circuit may carry at most 80% of its breaker's rating continuously (electrical code). */
export const CONTINUOUS_LOAD_SHARE = 0.8;
const DEFAULT_INTERVAL_SECONDS = 3600;

export function cabinetRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/cabinet-spaces/:serviceId/power-usage",
    route(async (req, res) => {
      const access = await requireService(ctx.db, req, req.params.serviceId, { categories: ["colocation"] });
      const range = resolveDateRange(req.query, todayOf(ctx));
      const points = chartPointsOf(req.query);
      const cabinet = await ctx.db.one<
        AddressColumns & { name: string; name_fr: string; cabinet_ref: string; facility: string; cage: string | null; rack_units: number }
      >(
        `SELECT s.name, s.name_fr, s.address_line1, s.address_line2, s.city, s.province, s.postal_code,
                k.cabinet_ref, k.facility, k.cage, k.rack_units
           FROM cabinets k JOIN services s ON s.id = k.service_id
          WHERE k.service_id = $1`,
        [access.serviceId],
      );
      if (!cabinet) throw notFound("Cabinet");
      // Each circuit with its samples of the range and their sums, made by the database in one statement:
      // one row a circuit, its samples' times and currents as two JSON arrays (no row, date or number to
      // parse a sample; json_build_object a sample cost the database twice as much).
      const circuits = await ctx.db.query<{
        id: number;
        name: string;
        voltage: number;
        breaker_amps: number;
        times: string[] | null;
        amps: number[] | null;
        seconds: number | null;
        amp_seconds: number | null;
        peak: number | null;
        shortest: number | null;
      }>(
        `SELECT c.id, c.name, c.voltage, c.breaker_amps, s.times, s.amps, s.seconds, s.amp_seconds, s.peak, s.shortest
           FROM cabinet_circuits c
           CROSS JOIN LATERAL (
             SELECT json_agg(${isoInstant("p.sampled_at")} ORDER BY p.sampled_at) AS times, json_agg(p.amps ORDER BY p.sampled_at) AS amps,
                    sum(p.interval_seconds) AS seconds, sum(p.amps * p.interval_seconds) AS amp_seconds,
                    max(p.amps) AS peak, min(p.interval_seconds) AS shortest
               FROM power_samples p
              WHERE p.circuit_id = c.id AND p.sampled_at >= $2 AND p.sampled_at < $3
                AND p.sampled_at + p.interval_seconds * interval '1 second' <= $4
           ) s
          WHERE c.service_id = $1
          ORDER BY c.name, c.id`,
        [access.serviceId, range.start, range.end, ctx.now()],
      );
      const intervals = circuits.flatMap((c) => (c.shortest === null ? [] : [c.shortest]));
      const chartRange = {
        from_date: range.from,
        to_date: range.to,
        interval_seconds: intervals.length ? Math.min(...intervals) : DEFAULT_INTERVAL_SECONDS,
      };
      const answer: PowerUsageAnswer = {
        data: {
          service_id: access.serviceId,
          customer_id: access.customerId,
          name: req.lang === "fr" ? cabinet.name_fr : cabinet.name,
          cabinet: {
            cabinet_ref: cabinet.cabinet_ref,
            facility: cabinet.facility,
            cage: cabinet.cage,
            rack_units: cabinet.rack_units,
            address: addressLines(cabinet),
          },
          ...chartRange,
          circuits: circuits.map((circuit) => {
            const limit = circuit.breaker_amps * CONTINUOUS_LOAD_SHARE;
            const ampSeconds = circuit.amp_seconds ?? 0;
            const samples = (circuit.times ?? []).map((time, i) => ({ time, amps: circuit.amps![i] }));
            return {
              circuit_id: circuit.id,
              name: circuit.name,
              voltage: circuit.voltage,
              breaker_amps: circuit.breaker_amps,
              max_continuous_amps: round2(limit),
              peak_amps: circuit.peak,
              average_amps: circuit.seconds ? round2(ampSeconds / circuit.seconds) : null,
              peak_utilization_percent: circuit.peak === null ? null : round2((circuit.peak / limit) * 100),
              energy_kwh: round2((circuit.voltage * ampSeconds) / 3600 / 1000),
              ...(points === undefined
                ? { samples }
                : {
                    chart: chartSlots(samples, { amps: (s) => s.amps }, chartRange, points),
                    days: dailyPeaks(samples, (s) => s.amps).map(({ day, peak }) => ({ day, peak_amps: peak })),
                  }),
            };
          }),
        },
      };
      res.json(answer);
    }),
  );

  return router;
}
