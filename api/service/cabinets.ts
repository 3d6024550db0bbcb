/** /cabinet-spaces/{serviceId}/power-usage: the power drawn on each circuit of a colocation cabinet. */
import { Router } from "express";
import type { PowerUsageAnswer } from "../contract/business-network.ts";
import { addressLines, todayOf, type AddressColumns, type ServiceContext } from "./context.ts";
import { resolveDateRange, round2 } from "./endpoints.ts";
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
      const [circuits, samples] = await Promise.all([
        ctx.db.query<{ id: number; name: string; voltage: number; breaker_amps: number }>(
          "SELECT id, name, voltage, breaker_amps FROM cabinet_circuits WHERE service_id = $1 ORDER BY name, id",
          [access.serviceId],
        ),
        ctx.db.query<{ circuit_id: number; sampled_at: Date; interval_seconds: number; amps: number }>(
          `SELECT p.circuit_id, p.sampled_at, p.interval_seconds, p.amps
             FROM power_samples p JOIN cabinet_circuits c ON c.id = p.circuit_id
            WHERE c.service_id = $1 AND p.sampled_at >= $2 AND p.sampled_at < $3
              AND p.sampled_at + p.interval_seconds * interval '1 second' <= $4
            ORDER BY p.circuit_id, p.sampled_at`,
          [access.serviceId, range.start, range.end, ctx.now()],
        ),
      ]);
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
          from_date: range.from,
          to_date: range.to,
          interval_seconds: samples.length ? Math.min(...samples.map((s) => s.interval_seconds)) : DEFAULT_INTERVAL_SECONDS,
          circuits: circuits.map((circuit) => {
            const own = samples.filter((s) => s.circuit_id === circuit.id);
            const limit = circuit.breaker_amps * CONTINUOUS_LOAD_SHARE;
            const seconds = own.reduce((sum, s) => sum + s.interval_seconds, 0);
            const ampSeconds = own.reduce((sum, s) => sum + Number(s.amps) * s.interval_seconds, 0);
            const peak = own.length ? Math.max(...own.map((s) => Number(s.amps))) : null;
            return {
              circuit_id: circuit.id,
              name: circuit.name,
              voltage: circuit.voltage,
              breaker_amps: circuit.breaker_amps,
              max_continuous_amps: round2(limit),
              peak_amps: peak,
              average_amps: seconds ? round2(ampSeconds / seconds) : null,
              peak_utilization_percent: peak === null ? null : round2((peak / limit) * 100),
              energy_kwh: round2((circuit.voltage * ampSeconds) / 3600 / 1000),
              samples: own.map((s) => ({ time: new Date(s.sampled_at).toISOString(), amps: Number(s.amps) })),
            };
          }),
        },
      };
      res.json(answer);
    }),
  );

  return router;
}
