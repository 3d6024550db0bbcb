/**
 * The router forms (docs/router.md): LAN settings, a DHCP reservation, a port forwarding rule, and the
 * one-button forms (refresh the lease table, confirmations). Messages are the API's error codes
 * ("api:<field>.<rule>"), so a value refused by the browser, the portal's server or the API reads the same.
 *
 * The reservation and rule schemas depend on the router (its subnet, the addresses in use, the other
 * rules' descriptions): they are built from what the page's loader read, the same way in the browser
 * and on the server, and the API checks everything again. Addresses are read by #common/net, the
 * functions the API checks them with, so both take the same spellings.
 */
import { z } from "zod";
import { TOO_LONG } from "./messages";
import { LEASE_TIME_MAX_SECONDS, LEASE_TIME_MIN_SECONDS, PAUSE_DAYS } from "#contract/values";
import { everyRule, posted, texts } from "./rules";
import { LEASE_TIME_CHOICES } from "./values";
import { isHostOf, isPrivateIpv4, maskPrefix, normalizeMac, parseIpv4, subnetOf } from "#common/net";

export { LEASE_TIME_CHOICES, normalizeMac };

/** conform sends an empty field as undefined. */
const text = (max: number) => z.string().max(max, TOO_LONG).optional();
const issue = (ctx: z.RefinementCtx, path: string, code: string) =>
  ctx.addIssue({ code: "custom", message: `api:${path}.${code}`, path: [path] });

/** A whole number of at most 5 digits, or undefined when empty; NaN when it is not one. */
const portOf = (value: string | undefined) =>
  value === undefined || value.trim() === "" ? undefined : /^\d{1,5}$/.test(value.trim()) ? Number(value) : NaN;

/** LAN settings: the router's address and subnet, the DHCP range and lease time, and DNS handed to devices. */
export const LanSettingsSchema = everyRule(
  z.object({
    lan_ip: text(64),
    subnet_mask: text(64),
    dhcp_start: text(64),
    dhcp_end: text(64),
    lease_time_seconds: text(20),
    dns_primary: text(64),
    dns_secondary: text(64),
  }),
  (sent, ctx) => {
    const value = texts(sent);
    const address = (field: "lan_ip" | "subnet_mask" | "dhcp_start" | "dhcp_end") => {
      if (!value[field]?.trim()) {
        issue(ctx, field, "required");
        return null;
      }
      const ip = parseIpv4(value[field]);
      if (ip === null) issue(ctx, field, "invalid");
      return ip;
    };
    const ip = address("lan_ip");
    const mask = address("subnet_mask");
    const start = address("dhcp_start");
    const end = address("dhcp_end");
    if (ip !== null && !isPrivateIpv4(ip)) issue(ctx, "lan_ip", "not_private");
    const prefix = mask === null ? null : maskPrefix(mask);
    if (mask !== null && prefix === null) issue(ctx, "subnet_mask", "invalid");
    else if (prefix !== null && (prefix < 16 || prefix > 30)) issue(ctx, "subnet_mask", "out_of_range");
    if (ip !== null && isPrivateIpv4(ip) && mask !== null && prefix !== null && prefix >= 16 && prefix <= 30) {
      const subnet = subnetOf(ip, mask);
      if (!isHostOf(subnet, ip)) issue(ctx, "lan_ip", "network_or_broadcast");
      if (start !== null && !isHostOf(subnet, start)) issue(ctx, "dhcp_start", "outside_subnet");
      else if (start !== null && end !== null && start <= ip && ip <= end) issue(ctx, "dhcp_start", "includes_lan_ip");
      if (end !== null && !isHostOf(subnet, end)) issue(ctx, "dhcp_end", "outside_subnet");
    }
    if (start !== null && end !== null && end < start) issue(ctx, "dhcp_end", "before_start");
    const lease = value.lease_time_seconds?.trim() ?? "";
    if (!/^\d{1,7}$/.test(lease)) issue(ctx, "lease_time_seconds", "invalid");
    else if (Number(lease) < LEASE_TIME_MIN_SECONDS) issue(ctx, "lease_time_seconds", "too_short");
    else if (Number(lease) > LEASE_TIME_MAX_SECONDS) issue(ctx, "lease_time_seconds", "too_long");
    for (const field of ["dns_primary", "dns_secondary"] as const) {
      if (value[field]?.trim() && parseIpv4(value[field]) === null) issue(ctx, field, "invalid");
    }
  },
);
export type LanSettingsInput = z.infer<typeof LanSettingsSchema>;

/** What a reservation is checked against: the LAN, and the addresses held by other devices (by MAC). */
export interface ReservationContext {
  lanIp: string;
  subnetMask: string;
  /** Addresses in use: [address, MAC of the device holding it, or "" for the router and access points]. */
  inUse: [string, string][];
}

/** Reserve an address for a device: inside the subnet, not the router's, not held by another device. */
const RESERVATION_FIELDS = z.object({ mac_address: text(64), ip_address: text(64), hostname: text(63) });

export function reservationSchema(router: ReservationContext) {
  const lan = parseIpv4(router.lanIp);
  const mask = parseIpv4(router.subnetMask);
  const subnet = lan === null || mask === null ? null : subnetOf(lan, mask);
  return everyRule(RESERVATION_FIELDS, (sent, ctx) => {
    const value = texts(sent);
    const mac = value.mac_address?.trim() ? normalizeMac(value.mac_address) : undefined;
    if (mac === undefined) issue(ctx, "mac_address", "required");
    else if (mac === null) issue(ctx, "mac_address", "invalid");
    if (value.hostname?.trim() && !/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(value.hostname.trim())) {
      issue(ctx, "hostname", "invalid");
    }
    if (!value.ip_address?.trim()) return issue(ctx, "ip_address", "required");
    const ip = parseIpv4(value.ip_address);
    if (ip === null) return issue(ctx, "ip_address", "invalid");
    if (subnet === null || !isHostOf(subnet, ip)) return issue(ctx, "ip_address", "outside_subnet");
    const holder = router.inUse.find(([address]) => parseIpv4(address) === ip);
    if (ip === lan || (holder && holder[1] !== mac)) issue(ctx, "ip_address", "in_use");
  });
}

/** What a rule is checked against: the LAN, and the other rules (descriptions are unique, case aside). */
export interface RuleContext {
  lanIp: string;
  subnetMask: string;
  otherDescriptions: string[];
}

export const PROTOCOLS = ["TCP", "UDP", "both"] as const;

/** A rule's fields, as posted; ruleSchema checks them against the router. */
const RULE_FIELDS = z.object({
  description: text(200),
  protocol: text(10),
  start_port: text(20),
  end_port: text(20),
  destination_address: text(64),
  destination_port: text(20),
  enabled: z.literal("on").optional(),
  /** The rule as the edit page showed it (ruleVersion): a rule changed since is not overwritten unseen. */
  shown_rule: text(1000),
});

/** A rule's fields as one text: what an edit page showed, to compare with the rule when the form comes back. */
export const ruleVersion = (rule: {
  description: string;
  protocol: string;
  start_port: number | null;
  end_port: number | null;
  destination_address: string;
  destination_port: number | null;
  enabled: boolean;
}) =>
  JSON.stringify([
    rule.description,
    rule.protocol,
    rule.start_port,
    rule.end_port,
    rule.destination_address,
    rule.destination_port,
    rule.enabled,
  ]);

/** A port forwarding rule: unique description, protocol, start port, optional end port (empty: one port), destination. */
export function ruleSchema(router: RuleContext) {
  const lan = parseIpv4(router.lanIp);
  const mask = parseIpv4(router.subnetMask);
  const subnet = lan === null || mask === null ? null : subnetOf(lan, mask);
  const taken = new Set(router.otherDescriptions.map((d) => d.trim().toLowerCase()));
  return everyRule(RULE_FIELDS, (sent, ctx) => {
    const value = texts(sent);
    const description = value.description?.trim().replace(/\s+/g, " ") ?? "";
    if (!description) issue(ctx, "description", "required");
    else if (description.length > 64) issue(ctx, "description", "too_long");
    else if (taken.has(description.toLowerCase())) issue(ctx, "description", "taken");
    if (!value.protocol) issue(ctx, "protocol", "required");
    else if (!(PROTOCOLS as readonly string[]).includes(value.protocol)) issue(ctx, "protocol", "invalid");

    const port = (field: "start_port" | "end_port" | "destination_port") => {
      const n = portOf(value[field]);
      if (n === undefined) {
        if (field === "start_port") issue(ctx, field, "required");
        return null;
      }
      if (Number.isNaN(n)) issue(ctx, field, "invalid");
      else if (n < 1 || n > 65535) issue(ctx, field, "out_of_range");
      else return n;
      return null;
    };
    const start = port("start_port");
    const end = port("end_port");
    const destinationPort = port("destination_port");
    if (start !== null && end !== null && end < start) issue(ctx, "end_port", "before_start");
    if (start !== null && destinationPort !== null && destinationPort + ((end ?? start) - start) > 65535) {
      issue(ctx, "destination_port", "out_of_range");
    }
    if (!value.destination_address?.trim()) return issue(ctx, "destination_address", "required");
    const destination = parseIpv4(value.destination_address);
    if (destination === null) issue(ctx, "destination_address", "invalid");
    else if (subnet === null || !isHostOf(subnet, destination)) issue(ctx, "destination_address", "outside_subnet");
    else if (destination === lan) issue(ctx, "destination_address", "router_address");
  });
}

/** UPnP turned on or off: the router page's button (and the …/upnp page's) sends the state it asks for. */
export const UpnpSwitchSchema = z.object({ enabled: z.enum(["true", "false"], { error: "formErrors.unreadable" }) });

/** "Refresh from the router": one button. */
export const RefreshLeasesSchema = z.object({ intent: z.literal("refresh", { error: "formErrors.unreadable" }) });

/** A device's pause changed by one button: pause now, resume, or remove its schedule. */
export const PauseChangeSchema = z.object({
  intent: z.enum(["pause", "resume", "unschedule"], { error: "formErrors.unreadable" }),
});

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A device's bedtime schedule: the days it starts on, from and to (to before from ends the next day). */
export const PauseScheduleSchema = everyRule(
  z.object({
    days: z
      .array(z.enum(PAUSE_DAYS, { error: "api:days.invalid" }), { error: "api:days.required" })
      .min(1, { error: "api:days.required" })
      .max(7, TOO_LONG),
    from: z.string({ error: "api:from.invalid" }).regex(TIME_OF_DAY, { error: "api:from.invalid" }),
    to: z.string({ error: "api:to.invalid" }).regex(TIME_OF_DAY, { error: "api:to.invalid" }),
  }),
  (value, ctx) => {
    const from = posted(value.from);
    if (from && from === posted(value.to)) ctx.addIssue({ code: "custom", path: ["to"], message: "api:to.same_as_from" });
  },
);
