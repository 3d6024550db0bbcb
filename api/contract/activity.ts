/**
 * Where the signed-in user is signed in (their sessions: browser, network, last seen) and the activity
 * log of an account (who did what and when). Sessions are the user's own; the log is read by the
 * account's authoritative contacts whole, and by its other contacts for their own actions only.
 *
 * No Node module here: the portal's forms (app/schemas/activity.ts) use the same rules.
 */
import { z } from "zod";
import { IsoDate, IsoDateTime, SuccessAnswer } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { ACTIVITY_KINDS } from "./values.ts";

export { ACTIVITY_KINDS };

/** A session of the signed-in user, as "where you're signed in" lists it. */
export const SessionRecord = z.object({
  id: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
  /** The User-Agent the browser sent when it signed in (null when none was told). */
  user_agent: z.string().nullable(),
  /** The network of the address it signed in or last refreshed from: IPv4 /24, IPv6 /48 ("203.0.113.0/24"). */
  network: z.string().nullable(),
  created_at: IsoDateTime,
  /** Sign-in or latest renewal of its access token (about every 15 minutes while in use). */
  last_seen_at: IsoDateTime,
});
export type SessionRecord = z.infer<typeof SessionRecord>;

/** GET /profile-settings/sessions: live sessions, the current one first, then the latest seen. */
export const SessionsAnswer = z.object({ sessions: z.array(SessionRecord) });
export type SessionsAnswer = z.infer<typeof SessionsAnswer>;

/** POST /profile-settings/sessions/sign-out-others */
export const SignedOutOthersAnswer = z.object({ success: z.literal(true), ended: z.number().int().min(0) });
export type SignedOutOthersAnswer = z.infer<typeof SignedOutOthersAnswer>;

export const ActivityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKind>;

/** How long the log keeps an event (days): two years. */
export const ACTIVITY_KEPT_DAYS = 730;
/** Events per page at most. */
export const ACTIVITY_PAGE_SIZE_MAX = 500;

/**
 * What an event says besides its kind, for the portal to put in words: an amount (payment), a method
 * (payment, autopay: credit_card, bank, pad), a person's name (contacts), roles (contacts), a setting
 * (wifi, router: "wifi", "guest", "dhcp", "forwarding", "upnp", "lan"…), dates (pauses), a browser and
 * network (sign-in). Every field is optional: an event says only what it knows.
 */
export const ActivityDetails = z.object({
  amount: z.number().optional(),
  method: z.string().optional(),
  contact_name: z.string().optional(),
  roles: z.array(z.string()).optional(),
  previous_roles: z.array(z.string()).optional(),
  setting: z.string().optional(),
  starts_on: IsoDate.optional(),
  ends_on: IsoDate.optional(),
  user_agent: z.string().optional(),
  network: z.string().optional(),
});
export type ActivityDetails = z.infer<typeof ActivityDetails>;

export const ActivityEvent = z.object({
  id: z.number().int(),
  kind: ActivityKind,
  at: IsoDateTime,
  /** Who did it: a contact's name, or null for the provider (or a user no longer there). */
  actor: z.object({ user_id: z.number().int(), name: z.string() }).nullable(),
  /** The signed-in user did it. */
  own: z.boolean(),
  details: ActivityDetails,
});
export type ActivityEvent = z.infer<typeof ActivityEvent>;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** GET /customers/{customerId}/activity: filters (each optional; dates inclusive, the service's day) and the page. */
export const ActivityQuery = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(ACTIVITY_KINDS, { error: "kind.invalid" }).optional()),
  from_date: z.preprocess(blankToUndefined, z.iso.date({ error: "from_date.invalid" }).optional()),
  to_date: z.preprocess(blankToUndefined, z.iso.date({ error: "to_date.invalid" }).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: "page.invalid" }).int("page.invalid").min(1, "page.invalid").optional()),
  page_size: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "page_size.invalid" })
      .int("page_size.invalid")
      .min(1, "page_size.invalid")
      .max(ACTIVITY_PAGE_SIZE_MAX, "page_size.invalid")
      .optional(),
  ),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

/** Newest first. `scope` says whether the reader sees the account's whole log or their own actions. */
export const ActivityAnswer = z.object({
  events: z.array(ActivityEvent),
  scope: z.enum(["account", "own"]),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type ActivityAnswer = z.infer<typeof ActivityAnswer>;

export const activityEndpoints = [
  endpoint({
    method: "get",
    path: "/profile-settings/sessions",
    tag: "profile",
    summary:
      "Where the signed-in user is signed in: their live sessions with the browser's User-Agent, the network of its address (IPv4 /24, IPv6 /48) and when each was last seen; the current one first",
    auth: "bearer",
    answer: SessionsAnswer,
  }),
  endpoint({
    method: "delete",
    path: "/profile-settings/sessions/{sessionId}",
    tag: "profile",
    summary:
      "Sign out of one of the user's other sessions: its next request is refused (401) and its refresh token no longer works. The current session is refused (422 _form.current: sign out with GET /auth/logout); another user's or an ended one answers 404",
    auth: "bearer",
    answer: SuccessAnswer,
    errors: [404, 422],
    errorCodes: ["_form.current"],
  }),
  endpoint({
    method: "post",
    path: "/profile-settings/sessions/sign-out-others",
    tag: "profile",
    summary: "Sign out everywhere else: every live session of the user but the current one ends; answers how many",
    auth: "bearer",
    answer: SignedOutOthersAnswer,
  }),
  endpoint({
    method: "get",
    path: "/customers/{customerId}/activity",
    tag: "accounts",
    summary:
      "The account's activity log, newest first, paged: payments, automatic payments set up or stopped, contacts added, removed or their roles changed, WiFi and router settings changed, pauses scheduled or cancelled, sign-ins from a new device. Authoritative contacts read every event, other contacts their own. Kept two years",
    auth: "bearer",
    query: ActivityQuery,
    answer: ActivityAnswer,
    errors: [422],
    errorCodes: ["kind.invalid", "from_date.invalid", "to_date.invalid", "page.invalid", "page_size.invalid", "to_date.before_from_date"],
  }),
];
