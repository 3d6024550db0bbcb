/**
 * Contract constants that pages show (choices, limits), in a module without zod, so that a page's
 * JavaScript can name them without carrying the schemas (the contract modules re-export them).
 */
export const PROVINCES = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"] as const;
export const CANCEL_REASONS = ["moving", "switching_provider", "price", "service_quality", "no_longer_needed", "other"] as const;
export const LEASE_TIME_MIN_SECONDS = 120;
export const LEASE_TIME_MAX_SECONDS = 604_800;
/** The days of a device's pause schedule (/router/{serviceId}/device-pauses), Monday first. */
export const PAUSE_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type PauseDay = (typeof PAUSE_DAYS)[number];
/** The time zone a pause schedule's times are read in (the customers' own). */
export const PAUSE_TIME_ZONE = "America/Toronto";
/** The kinds of mail a contact may turn off (docs/notifications.md), in the order the portal shows them. */
export const NOTIFICATION_KINDS = ["bill_ready", "payments", "autopay", "ticket_replies", "outages"] as const;
/** The kinds of event of an account's activity log (docs/decisions/210-sessions-and-activity.md). */
export const ACTIVITY_KINDS = [
  "payment",
  "autopay_set_up",
  "autopay_stopped",
  "contact_added",
  "contact_roles_changed",
  "contact_removed",
  "wifi_changed",
  "router_changed",
  "pause_scheduled",
  "pause_changed",
  "pause_cancelled",
  "new_device_sign_in",
] as const;
