/**
 * An activity log event in the customer's words (the page and its CSV say the same): its kind, and
 * what was done ("Paid $120.00 by credit card.", "Changed the roles of Noah Williams from billing to
 * billing, support."). `t` reads the profile namespace.
 */
import type { ActivityEvent } from "#contract/activity";
import type { T } from "./translate.ts";
import { formatDate, formatMoney, type Language } from "./i18n.ts";
import { describeUserAgent } from "./user-agent.server.ts";

/** "Firefox on Windows": a session's or sign-in's browser and device in words. */
export function deviceWords(t: T, userAgent: string | null | undefined): string {
  const { browser, device } = describeUserAgent(userAgent);
  return t("profile:sessions.device", {
    browser: browser ?? t("profile:sessions.unknownBrowser"),
    device: device ?? t("profile:sessions.unknownDevice"),
  });
}

/** The words of a value of a group ("roles", "settings"), or of its fallback for a value without words. */
const known = (t: T, group: string, value: string | undefined, fallback: string) =>
  (value && t(`profile:activity.${group}.${value}`, { defaultValue: "" })) || t(`profile:activity.${group}.${fallback}`);

const rolesWords = (t: T, roles: string[] | undefined) =>
  roles && roles.length ? roles.map((role) => known(t, "roles", role, "none")).join(", ") : t("profile:activity.roles.none");

export function activityKind(t: T, event: Pick<ActivityEvent, "kind">): string {
  return t(`profile:activity.kinds.${event.kind}`);
}

export function activityWhat(t: T, event: Pick<ActivityEvent, "kind" | "details">, language: Language): string {
  const d = event.details;
  const method = d.method ? known(t, "methods", d.method, "bank") : "";
  switch (event.kind) {
    case "payment":
      return d.amount !== undefined && d.method
        ? t("profile:activity.what.payment", { amount: formatMoney(d.amount, language), method })
        : t("profile:activity.what.payment_plain");
    case "autopay_set_up":
    case "autopay_stopped":
      return t(`profile:activity.what.${event.kind}`, { method });
    case "contact_added":
      return t("profile:activity.what.contact_added", { name: d.contact_name ?? "", roles: rolesWords(t, d.roles) });
    case "contact_roles_changed":
      return t("profile:activity.what.contact_roles_changed", {
        name: d.contact_name ?? "",
        previous: rolesWords(t, d.previous_roles),
        roles: rolesWords(t, d.roles),
      });
    case "contact_removed":
      return t("profile:activity.what.contact_removed", { name: d.contact_name ?? "" });
    case "wifi_changed":
      return t(d.setting === "guest" ? "profile:activity.what.wifi_changed_guest" : "profile:activity.what.wifi_changed");
    case "router_changed":
      return t("profile:activity.what.router_changed", { setting: known(t, "settings", d.setting, "other") });
    case "pause_scheduled":
    case "pause_changed":
    case "pause_cancelled":
      return t(`profile:activity.what.${event.kind}`, {
        from: d.starts_on ? formatDate(d.starts_on, language) : "",
        to: d.ends_on ? formatDate(d.ends_on, language) : "",
      });
    case "new_device_sign_in":
      return t("profile:activity.what.new_device_sign_in", {
        device: deviceWords(t, d.user_agent),
        network: d.network ? t("profile:sessions.network", { network: d.network }) : t("profile:sessions.unknownNetwork"),
      });
  }
}

/** Who did it: "You (Priya Raman)", a contact's name, or the provider. */
export function activityWho(t: T, event: Pick<ActivityEvent, "actor" | "own">): string {
  if (!event.actor) return t("profile:activity.provider");
  return event.own ? t("profile:activity.you", { name: event.actor.name }) : event.actor.name;
}

/**
 * A CSV cell a spreadsheet takes as text: a value starting with =, +, -, @, a tab or a carriage return
 * would be read as a formula, so it starts with an apostrophe; quoted when it holds a comma, a quote or
 * a line break (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV text with CRLF line ends, after a byte order mark so that Excel reads it as UTF-8. */
export const toCsvWithBom = (rows: string[][]) => "\uFEFF" + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
