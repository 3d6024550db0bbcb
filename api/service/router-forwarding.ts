/**
 * /router/{serviceId}/port-forwarding-rules and /router/{serviceId}/upnp-port-forwarding-rules: the
 * router's port forwarding rules (at most MAX_PORT_FORWARDING_RULES, each to a host of the LAN, no two
 * overlapping on a protocol, descriptions unique) and the UPnP mappings its devices opened. Reads are
 * open to every contact; changes need the authoritative or support role (router.ts).
 */
import { Router } from "express";
import { MAX_PORT_FORWARDING_RULES, PortForwardingRuleRequest, type PortForwardingRule, type UpnpRule } from "../contract/home-network.ts";
import type { Db } from "../db/client.ts";
import type { ServiceContext, Statement } from "./context.ts";
import { FieldErrors, notFound, unprocessable } from "./errors.ts";
import { currentUser, parseInput, route } from "./http.ts";
import { recordActivity } from "./activity.ts";
import { formInteger, isUniqueViolation, iso, lanOf, loadRouter, routerAccess, type RouterRow } from "./router.ts";
import { formatIpv4, isHostOf, parseIpv4 } from "#common/net";

export interface ForwardingRow {
  id: number;
  description: string;
  protocol: "TCP" | "UDP" | "both";
  start_port: number;
  end_port: number | null;
  destination_address: string;
  destination_port: number | null;
  enabled: boolean;
}

const toRule = (row: ForwardingRow): PortForwardingRule => ({
  id: row.id,
  description: row.description,
  protocol: row.protocol,
  start_port: row.start_port,
  end_port: row.end_port,
  destination_address: row.destination_address,
  destination_port: row.destination_port,
  enabled: row.enabled,
});

/** A router's port forwarding rules, by port (`rulesOf` makes them answers). */
export const rulesRead = (serviceId: number): Statement => ({
  sql: "SELECT * FROM port_forwarding_rules WHERE service_id = $1 ORDER BY start_port, id",
  params: [serviceId],
});

export const rulesOf = (rows: ForwardingRow[]): PortForwardingRule[] => rows.map(toRule);

export async function listRules(db: Db, serviceId: number): Promise<PortForwardingRule[]> {
  const read = rulesRead(serviceId);
  return rulesOf(await db.query<ForwardingRow>(read.sql, read.params));
}

/** A router's UPnP mappings while UPnP is on (`upnpRulesOf` keeps those still running). */
export const upnpRead = (serviceId: number): Statement => ({
  sql: `SELECT m.* FROM upnp_mappings m JOIN routers r ON r.service_id = m.service_id
         WHERE m.service_id = $1 AND r.upnp_enabled ORDER BY m.external_port, m.protocol`,
  params: [serviceId],
});

export interface UpnpRow {
  description: string;
  protocol: "TCP" | "UDP";
  external_port: number;
  internal_address: string;
  internal_port: number;
  lease_seconds: number;
  /** A Date, or an ISO string when read as JSON (context.ts `together`). */
  created_at: Date | string;
}

/** UPnP mappings still running at `now` (permanent ones, or within their lease). */
export function upnpRulesOf(rows: UpnpRow[], now: Date): UpnpRule[] {
  const out: UpnpRule[] = [];
  for (const row of rows) {
    const created = new Date(row.created_at);
    if (created.getTime() > now.getTime()) continue;
    const remaining = row.lease_seconds === 0 ? null : Math.floor((created.getTime() + row.lease_seconds * 1000 - now.getTime()) / 1000);
    if (remaining !== null && remaining <= 0) continue;
    out.push({
      description: row.description,
      protocol: row.protocol,
      external_port: row.external_port,
      internal_address: row.internal_address,
      internal_port: row.internal_port,
      lease_seconds_remaining: remaining,
      created_at: iso(created),
    });
  }
  return out;
}

/** UPnP mappings still running at `now` (permanent ones, or within their lease); none while UPnP is off (router-upnp.ts). */
export async function listUpnp(db: Db, serviceId: number, now: Date): Promise<UpnpRule[]> {
  const read = upnpRead(serviceId);
  return upnpRulesOf(await db.query<UpnpRow>(read.sql, read.params), now);
}

// ---------------------------------------------------------------------------------------------------
// Rules.

type RuleInput = ReturnType<typeof PortForwardingRuleRequest.parse>;

interface CheckedRule {
  description: string;
  protocol: "TCP" | "UDP" | "both";
  start_port: number;
  end_port: number | null;
  destination_address: string;
  destination_port: number | null;
  enabled: boolean;
}

const sharesProtocol = (a: string, b: string) => a === "both" || b === "both" || a === b;

/** Checks a port forwarding rule against the router's LAN and its other rules; answers it normalized. */
function checkRule(input: RuleInput, router: RouterRow, others: ForwardingRow[]): CheckedRule {
  const errors = new FieldErrors();
  const description = input.description.trim().replace(/\s+/g, " ");
  if (!description) errors.add("description", "required");
  else if (description.length > 64) errors.add("description", "too_long");
  else if (others.some((rule) => rule.description.toLowerCase() === description.toLowerCase())) errors.add("description", "taken");

  const port = (field: string, value: unknown, required: boolean) => {
    const n = formInteger(value);
    if (n === undefined) {
      if (required) errors.add(field, "required");
      return null;
    }
    if (Number.isNaN(n)) errors.add(field, "invalid");
    else if (n < 1 || n > 65535) errors.add(field, "out_of_range");
    else return n;
    return null;
  };
  const start = port("start_port", input.start_port, true);
  let end = port("end_port", input.end_port, false);
  const destinationPort = port("destination_port", input.destination_port, false);
  if (start !== null && end !== null && end < start) errors.add("end_port", "before_start");
  // An end port equal to the start is a single port.
  if (end !== null && end === start) end = null;
  if (start !== null && destinationPort !== null && destinationPort + ((end ?? start) - start) > 65535) {
    errors.add("destination_port", "out_of_range");
  }

  const destination = parseIpv4(input.destination_address);
  const lan = lanOf(router);
  if (destination === null) errors.add("destination_address", "invalid");
  else if (!isHostOf(lan.subnet, destination)) errors.add("destination_address", "outside_subnet");
  else if (destination === lan.ip) errors.add("destination_address", "router_address");

  if (start !== null && !errors.has("end_port")) {
    const last = end ?? start;
    const clash = others.find(
      (rule) => sharesProtocol(rule.protocol, input.protocol) && rule.start_port <= last && (rule.end_port ?? rule.start_port) >= start,
    );
    if (clash) errors.add("start_port", "overlaps");
  }
  errors.throwIfAny("The port forwarding rule breaks a rule");
  return {
    description,
    protocol: input.protocol,
    start_port: start!,
    end_port: end,
    destination_address: formatIpv4(destination!),
    destination_port: destinationPort,
    enabled: input.enabled ?? true,
  };
}

async function saveRule(write: () => Promise<ForwardingRow | undefined>): Promise<ForwardingRow> {
  try {
    return (await write())!;
  } catch (error) {
    // Two requests racing for one description: the unique index decides.
    if (isUniqueViolation(error)) throw unprocessable({ description: ["description.taken"] });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------

export function routerForwardingRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/router/:serviceId/port-forwarding-rules",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      await loadRouter(ctx.db, serviceId);
      res.json({ port_forwarding_rules: await listRules(ctx.db, serviceId) });
    }),
  );

  router.post(
    "/router/:serviceId/port-forwarding-rules",
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req, true);
      const input = parseInput(PortForwardingRuleRequest, req.body ?? {});
      const rule = await ctx.db.transaction(async (tx) => {
        const r = await loadRouter(tx, serviceId, true);
        const others = await tx.query<ForwardingRow>("SELECT * FROM port_forwarding_rules WHERE service_id = $1", [serviceId]);
        if (others.length >= MAX_PORT_FORWARDING_RULES) {
          throw unprocessable({ _form: ["_form.too_many_rules"] }, `A router holds at most ${MAX_PORT_FORWARDING_RULES} rules`);
        }
        const checked = checkRule(input, r, others);
        const now = ctx.now();
        const saved = await saveRule(() =>
          tx.one<ForwardingRow>(
            `INSERT INTO port_forwarding_rules
               (service_id, description, protocol, start_port, end_port, destination_address, destination_port, enabled, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *`,
            [
              serviceId,
              checked.description,
              checked.protocol,
              checked.start_port,
              checked.end_port,
              checked.destination_address,
              checked.destination_port,
              checked.enabled,
              now,
            ],
          ),
        );
        await recordActivity(tx, ctx.now(), customerId, currentUser(req).userId, "router_changed", { setting: "forwarding" });
        return saved;
      });
      res.status(201).json({ success: true, rule: toRule(rule!), port_forwarding_rules: await listRules(ctx.db, serviceId) });
    }),
  );

  router.put(
    "/router/:serviceId/port-forwarding-rules/:ruleId",
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req, true);
      const ruleId = Number(req.params.ruleId);
      const input = parseInput(PortForwardingRuleRequest, req.body ?? {});
      const rule = await ctx.db.transaction(async (tx) => {
        const r = await loadRouter(tx, serviceId, true);
        const all = await tx.query<ForwardingRow>("SELECT * FROM port_forwarding_rules WHERE service_id = $1", [serviceId]);
        if (!Number.isSafeInteger(ruleId) || !all.some((rule) => rule.id === ruleId)) throw notFound("Port forwarding rule");
        const checked = checkRule(
          input,
          r,
          all.filter((rule) => rule.id !== ruleId),
        );
        const saved = await saveRule(() =>
          tx.one<ForwardingRow>(
            `UPDATE port_forwarding_rules SET description = $3, protocol = $4, start_port = $5, end_port = $6,
                    destination_address = $7, destination_port = $8, enabled = $9, updated_at = $10
              WHERE service_id = $1 AND id = $2 RETURNING *`,
            [
              serviceId,
              ruleId,
              checked.description,
              checked.protocol,
              checked.start_port,
              checked.end_port,
              checked.destination_address,
              checked.destination_port,
              checked.enabled,
              ctx.now(),
            ],
          ),
        );
        await recordActivity(tx, ctx.now(), customerId, currentUser(req).userId, "router_changed", { setting: "forwarding" });
        return saved;
      });
      res.json({ success: true, rule: toRule(rule!), port_forwarding_rules: await listRules(ctx.db, serviceId) });
    }),
  );

  router.delete(
    "/router/:serviceId/port-forwarding-rules/:ruleId",
    route(async (req, res) => {
      const { serviceId, customerId } = await routerAccess(ctx, req, true);
      const ruleId = Number(req.params.ruleId);
      await loadRouter(ctx.db, serviceId);
      const deleted = await ctx.db.transaction(async (tx) => {
        const rows = Number.isSafeInteger(ruleId)
          ? await tx.query("DELETE FROM port_forwarding_rules WHERE service_id = $1 AND id = $2 RETURNING id", [serviceId, ruleId])
          : [];
        if (rows.length)
          await recordActivity(tx, ctx.now(), customerId, currentUser(req).userId, "router_changed", { setting: "forwarding" });
        return rows;
      });
      if (!deleted.length) throw notFound("Port forwarding rule");
      res.json({ success: true, port_forwarding_rules: await listRules(ctx.db, serviceId) });
    }),
  );

  router.get(
    "/router/:serviceId/upnp-port-forwarding-rules",
    route(async (req, res) => {
      const { serviceId } = await routerAccess(ctx, req);
      await loadRouter(ctx.db, serviceId);
      res.json({ rules: await listUpnp(ctx.db, serviceId, ctx.now()) });
    }),
  );

  return router;
}
