/**
 * Accounts, services and profile: account details and preferences; the packages (bundles) of a
 * residential account and what may be done with them (suspend, reinstate, pause, move, cancel,
 * reactivate); the signed-in user's profile, password and intro tour.
 */
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordRuleCodes } from "./passwords.ts";
import { Address, includeList, IsoDate, IsoDateTime, Money, SuccessAnswer } from "./common.ts";
import { ResidentialServiceStatus } from "./dashboard.ts";
import { endpoint } from "./endpoint.ts";
import { TwoStepStatusAnswer } from "./two-step.ts";

// ---------------------------------------------------------------------------------------------
// Input helpers: JSON or form data (strings), each refusal an error code `<field>.<rule>`.

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * A required field: missing or blank answers `<field>.required` (and nothing else); otherwise the value,
 * normalized if asked, goes on to `schema`, whose built-in failures answer `<field>.invalid`.
 */
const required = <S extends z.ZodType>(field: string, schema: S, normalize: (value: unknown) => unknown = (v) => v) =>
  z.preprocess((value, check) => {
    const present = blankToUndefined(value);
    if (present === undefined) {
      check.addIssue({ code: "custom", message: `${field}.required`, continue: false });
      return present;
    }
    return normalize(present);
  }, schema);

/** A required text: trimmed, `<field>.too_long` past max. */
const requiredText = (field: string, max: number) =>
  required(
    field,
    z
      .string()
      .trim()
      .refine((value) => value.length <= max, `${field}.too_long`),
  );

/** An optional text: blank means none (null). */
const optionalText = (field: string, max: number) =>
  z
    .preprocess(
      (value) => blankToUndefined(value) ?? null,
      z
        .string()
        .trim()
        .refine((value) => value.length <= max, `${field}.too_long`)
        .nullable(),
    )
    .optional();

/** A boolean as JSON or as a form value (true/false, on/off, 1/0). */
const formBoolean = (field: string) =>
  required(field, z.boolean(), (value) => {
    if (typeof value !== "string") return value;
    const v = value.trim().toLowerCase();
    if (["true", "on", "1", "yes"].includes(v)) return true;
    if (["false", "off", "0", "no"].includes(v)) return false;
    return value;
  });

/** An integer as JSON or as a form value. */
const toInteger = (value: unknown) => (typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value);
const formId = (field: string) => required(field, z.number().int().positive(), toInteger);

/** Package ids as a JSON array, repeated form fields, or one comma-separated string ("5001,5002"). */
export const PackageIds = required(
  "package_ids",
  z
    .array(z.number().int().positive())
    .max(20)
    .transform((ids) => [...new Set(ids)]),
  (value) => {
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((item) => (typeof item === "string" ? item.split(",") : [item]))
      .map((item) => (typeof item === "string" ? item.trim() : item))
      .filter((item) => item !== "");
    const ids = parts.map(toInteger);
    // Anything but positive integers refuses the whole field (package_ids.invalid).
    return ids.length && ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0) ? ids : "invalid";
  },
);

/** Canadian provinces and territories (Canada Post codes). */
import { CANCEL_REASONS, PROVINCES } from "./values.ts";
export { CANCEL_REASONS, PROVINCES };
export const Province = z.enum(PROVINCES);

/** The provinces whose postal codes start with each letter (Canada Post forward sortation areas). */
export const POSTAL_PREFIXES: Record<string, readonly (typeof PROVINCES)[number][]> = {
  A: ["NL"],
  B: ["NS"],
  C: ["PE"],
  E: ["NB"],
  G: ["QC"],
  H: ["QC"],
  J: ["QC"],
  K: ["ON"],
  L: ["ON"],
  M: ["ON"],
  N: ["ON"],
  P: ["ON"],
  R: ["MB"],
  S: ["SK"],
  T: ["AB"],
  V: ["BC"],
  X: ["NT", "NU"],
  Y: ["YT"],
};

/** A1A 1A1: no D, F, I, O, Q or U anywhere, and no W or Z first. */
const POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

/** A Canadian postal code, answered as "A1A 1A1". */
const PostalCode = required(
  "postal_code",
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => POSTAL_CODE.test(value), "postal_code.invalid_format")
    .transform((value) => value.replace(POSTAL_CODE, "$1 $2")),
);

/** The address fields of a form (flat, as form data sends them). */
const addressFields = {
  address_line1: requiredText("address_line1", 100),
  address_line2: optionalText("address_line2", 100),
  city: requiredText("city", 60),
  province: required("province", Province, (value) => (typeof value === "string" ? value.trim().toUpperCase() : value)),
  postal_code: PostalCode,
};

/** Whether a postal code belongs to a province (its first letter). */
export const postalCodeMatchesProvince = (postalCode: string, province: string) =>
  (POSTAL_PREFIXES[postalCode.charAt(0).toUpperCase()] ?? []).some((p) => p === province);

/**
 * Whether a well-formed postal code and a known province were sent that do not go together (a form's
 * raw values: checked beside the other fields' rules, whatever they said).
 */
export function postalCodeOfOtherProvince(postalCode: unknown, province: unknown): boolean {
  const code = typeof postalCode === "string" ? postalCode.trim().toUpperCase() : "";
  const chosen = typeof province === "string" ? province.trim().toUpperCase() : "";
  return POSTAL_CODE.test(code) && Province.safeParse(chosen).success && !postalCodeMatchesProvince(code, chosen);
}

const ADDRESS_CODES = [
  "address_line1.required",
  "address_line1.too_long",
  "address_line2.too_long",
  "city.required",
  "city.too_long",
  "province.required",
  "province.invalid",
  "postal_code.required",
  "postal_code.invalid_format",
  "postal_code.province_mismatch",
];

// ---------------------------------------------------------------------------------------------
// Account details

export const CorrespondenceLanguage = z.enum(["en", "fr"]);

export const AccountPreferences = z.object({
  paperless_billing: z.boolean(),
  correspondence_language: CorrespondenceLanguage,
});

/** GET /account-details/{customerId} */
export const AccountDetailsAnswer = z.object({
  account_details: z.object({
    customer_id: z.number().int(),
    account_number: z.string(),
    contract_name: z.string(),
    is_residential: z.boolean(),
    /** suspended_for_nonpayment until the balance is paid; cancelled when every package is. */
    status: z.enum(["active", "suspended_for_nonpayment", "cancelled"]),
    customer_since: IsoDate,
    billing_address: Address,
    /** Distinct addresses of the account's packages (residential) or services (commercial). */
    service_addresses: z.array(Address),
    preferences: AccountPreferences,
    /** Whether the signed-in user may change these details (authoritative contacts). */
    can_edit: z.boolean(),
  }),
});
export type AccountDetailsAnswer = z.infer<typeof AccountDetailsAnswer>;

/** PUT /account-details/{customerId}: the billing address and preferences, all fields. */
export const UpdateAccountDetailsRequest = z.object({
  ...addressFields,
  paperless_billing: formBoolean("paperless_billing"),
  correspondence_language: required("correspondence_language", CorrespondenceLanguage),
});
export type UpdateAccountDetailsRequest = z.input<typeof UpdateAccountDetailsRequest>;

// ---------------------------------------------------------------------------------------------
// Services (bundles)

export const PackageStatus = z.enum(["active", "suspended", "paused", "cancelled"]);
export const PAUSE_MIN_MONTHS = 1;
export const PAUSE_MAX_MONTHS = 6;
/** How far ahead a pause, a move or a cancellation may be scheduled. */
export const MAX_DAYS_AHEAD = 365;

export const Pause = z.object({
  pause_id: z.number().int(),
  package_id: z.number().int(),
  from_date: IsoDate,
  /** The day service resumes. */
  until_date: IsoDate,
  months: z.number().int(),
  status: z.enum(["scheduled", "active", "ended", "removed"]),
  /** Only a scheduled pause may be edited or removed, by an authoritative contact. */
  can_edit: z.boolean(),
  can_remove: z.boolean(),
});
export type Pause = z.infer<typeof Pause>;

export const CancelReason = z.enum(CANCEL_REASONS);

export const ServiceRequest = z.object({
  request_id: z.number().int(),
  package_id: z.number().int(),
  kind: z.enum(["move", "cancel", "reactivate"]),
  status: z.enum(["pending", "completed", "withdrawn", "declined"]),
  requested_at: IsoDateTime,
  /** Move date or cancellation date; null for a reactivation. */
  effective_date: IsoDate.nullable(),
  new_address: Address.nullable(),
  reason: CancelReason.nullable(),
  comment: z.string().nullable(),
});
export type ServiceRequest = z.infer<typeof ServiceRequest>;

export const Bundle = z.object({
  package_id: z.number().int(),
  name: z.string(),
  status: PackageStatus,
  monthly_price: Money,
  service_address: Address,
  services: z.array(
    z.object({
      service_id: z.number().int(),
      category: z.enum(["internet", "tv", "home_phone", "out_and_about"]),
      name: z.string(),
      status: ResidentialServiceStatus,
    }),
  ),
  /** Why the package is suspended (null unless status is suspended). */
  suspension: z.object({ reason: z.enum(["customer_request", "non_payment"]), since: IsoDate.nullable() }).nullable(),
  /** Scheduled and running pauses, earliest first. */
  scheduled_pauses: z.array(Pause),
  pending_requests: z.array(ServiceRequest),
  /** With ?include=past_pauses: its ended pauses, latest first (as GET /services/{id}/scheduled-pause-detail). */
  past_pauses: z.array(Pause).optional(),
  /** What the signed-in user may do with this package now. */
  actions: z.object({
    can_suspend: z.boolean(),
    can_reinstate: z.boolean(),
    can_pause: z.boolean(),
    can_move: z.boolean(),
    can_cancel: z.boolean(),
    can_reactivate: z.boolean(),
  }),
});
export type Bundle = z.infer<typeof Bundle>;

/** The months and start dates a pause may have. */
export const PauseOptions = z.object({
  months: z.array(z.number().int()),
  min_months: z.number().int(),
  max_months: z.number().int(),
  earliest_start_date: IsoDate,
  latest_start_date: IsoDate,
});
export type PauseOptions = z.infer<typeof PauseOptions>;

/** What GET /services/{customerId} adds to its answer when asked (?include=…). */
export const SERVICES_INCLUDES = ["past_pauses", "pause_options", "account_details"] as const;
export const ServicesQuery = z.object({
  /** A comma-separated list of SERVICES_INCLUDES. */
  include: includeList(SERVICES_INCLUDES),
});

/** GET /services/{customerId} */
export const ServicesAnswer = z.object({
  bundles: z.array(Bundle),
  balance_owing: Money,
  suspended_for_nonpayment: z.boolean(),
  /** Whether the signed-in user is an authoritative contact (the only ones who change services). */
  can_manage: z.boolean(),
  /** With ?include=pause_options: as GET /services/{id}/scheduled-pause-detail answers them. */
  pause_options: PauseOptions.optional(),
  /** With ?include=account_details: as GET /account-details/{customerId} answers them. */
  account_details: AccountDetailsAnswer.shape.account_details.optional(),
});
export type ServicesAnswer = z.infer<typeof ServicesAnswer>;

/** GET /services/{customerId}/scheduled-pause-detail */
export const ScheduledPauseDetailQuery = z.object({
  /** Comma-separated package ids; all the account's packages when absent. */
  package_ids: z.string().optional(),
});

export const ScheduledPauseDetailAnswer = z.object({
  packages: z.array(
    z.object({
      package_id: z.number().int(),
      name: z.string(),
      status: PackageStatus,
      service_address: Address,
      scheduled_pauses: z.array(Pause),
      /** Ended pauses, latest first. */
      past_pauses: z.array(Pause),
      can_pause: z.boolean(),
    }),
  ),
  pause_options: PauseOptions,
  /** A pause cannot be scheduled while this is above zero. */
  balance_owing: Money,
});
export type ScheduledPauseDetailAnswer = z.infer<typeof ScheduledPauseDetailAnswer>;

/** PUT /services/{customerId}/suspend and /reinstate */
export const PackageIdsRequest = z.object({ package_ids: PackageIds });

const pauseFields = {
  start_date: required("start_date", IsoDate),
  months: required("months", z.number().int().describe(`Whole months, ${PAUSE_MIN_MONTHS} to ${PAUSE_MAX_MONTHS}`), toInteger).superRefine(
    (months, check) => {
      if (months < PAUSE_MIN_MONTHS) check.addIssue({ code: "custom", message: "months.below_minimum" });
      if (months > PAUSE_MAX_MONTHS) check.addIssue({ code: "custom", message: "months.above_maximum" });
    },
  ),
};

/** POST /services/{customerId}/scheduled-pause: the same pause for one or more packages. */
export const CreatePauseRequest = z.object({ package_ids: PackageIds, ...pauseFields });
export const CreatePauseAnswer = z.object({ success: z.literal(true), pause_ids: z.array(z.number().int()) });

/** PUT /services/{customerId}/scheduled-pause/{pauseId} */
export const UpdatePauseRequest = z.object(pauseFields);

/** POST /services/{customerId}/move-requests */
export const MoveRequest = z.object({
  package_id: formId("package_id"),
  move_date: required("move_date", IsoDate),
  ...addressFields,
  comment: optionalText("comment", 1000),
});

/** POST /services/{customerId}/cancel-requests */
export const CancelRequest = z.object({
  package_id: formId("package_id"),
  cancel_date: required("cancel_date", IsoDate),
  reason: required("reason", CancelReason),
  /** Required when the reason is "other". */
  comment: optionalText("comment", 1000),
});

/** POST /services/{customerId}/reactivate-requests */
export const ReactivateRequest = z.object({
  package_id: formId("package_id"),
  comment: optionalText("comment", 1000),
});

export const RequestCreatedAnswer = z.object({
  success: z.literal(true),
  request_id: z.number().int(),
  /** pending until support acts; completed when it took effect at once (a withdrawn cancellation). */
  status: z.enum(["pending", "completed"]),
});

// ---------------------------------------------------------------------------------------------
// Profile

export const ContactRole = z.enum(["authoritative", "billing", "notify", "support"]);

/** GET /profile-details/{customerId}: the signed-in user as a contact of that account. */
export const ProfileDetailsAnswer = z.object({
  profile_details: z.object({
    contact_id: z.number().int(),
    customer_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    roles: z.array(ContactRole),
    marked_for_deactivation: z.boolean(),
  }),
});
export type ProfileDetailsAnswer = z.infer<typeof ProfileDetailsAnswer>;

/** GET /profile-settings */
export const CurrentUserAnswer = z.object({
  current_user: z.object({
    user_id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    preferred_language: z.enum(["en", "fr"]),
    password_changed_at: IsoDateTime.nullable(),
  }),
  /** With ?include=two_step: what GET /profile-settings/two-step answers. */
  two_step: TwoStepStatusAnswer.shape.two_step.optional(),
});
export type CurrentUserAnswer = z.infer<typeof CurrentUserAnswer>;

/** What GET /profile-settings adds to its answer when asked (?include=…). */
export const PROFILE_INCLUDES = ["two_step"] as const;
export const CurrentUserQuery = z.object({
  /** A comma-separated list of PROFILE_INCLUDES. */
  include: includeList(PROFILE_INCLUDES),
});

/** A North American number: 10 digits (an optional leading 1), area code and exchange not starting with 0 or 1. */
const NANP = /^1?([2-9]\d{2})([2-9]\d{2})(\d{4})$/;

/** PUT /profile-settings */
export const UpdateProfileRequest = z.object({
  first_name: requiredText("first_name", 50),
  last_name: requiredText("last_name", 50),
  /** Blank removes the number; answered as 416-555-0123. */
  phone: z
    .preprocess(
      (value) => blankToUndefined(value) ?? null,
      z
        .string()
        .transform((value) => value.replace(/[\s().+-]/g, ""))
        .refine((digits) => NANP.test(digits), "phone.invalid_format")
        .transform((digits) => digits.replace(NANP, "$1-$2-$3"))
        .nullable(),
    )
    .optional(),
  preferred_language: required("preferred_language", z.enum(["en", "fr"])),
});

/** The rules a new password breaks, as `new_password.*` codes (none: it is acceptable). */
export const newPasswordCodes = (password: string): string[] => passwordRuleCodes(password, "new_password");

/** PUT /profile-settings/password */
export const ChangePasswordRequest = z.object({
  current_password: required("current_password", z.string().max(PASSWORD_MAX_LENGTH)),
  new_password: required(
    "new_password",
    z.string().superRefine((value, check) => {
      for (const code of newPasswordCodes(value)) check.addIssue({ code: "custom", message: code });
    }),
  ),
  confirm_password: required("confirm_password", z.string()),
});

/** PUT /residential-dashboard/endTour */
export const EndTourRequest = z.object({ skipped: formBoolean("skipped") });

// ---------------------------------------------------------------------------------------------

const pauseCodes = [
  "start_date.required",
  "start_date.invalid",
  "start_date.not_in_future",
  "start_date.too_far",
  "start_date.overlapping_pause",
  "start_date.includes_move",
  "months.required",
  "months.invalid",
  "months.below_minimum",
  "months.above_maximum",
  "_form.balance_owing",
];
const packageIdsCodes = ["package_ids.required", "package_ids.invalid"];

export const accountsEndpoints = [
  endpoint({
    method: "get",
    path: "/account-details/{customerId}",
    tag: "accounts",
    summary: "Account number, name, status, billing and service addresses, and preferences of an account",
    auth: "bearer",
    answer: AccountDetailsAnswer,
  }),
  endpoint({
    method: "put",
    path: "/account-details/{customerId}",
    tag: "accounts",
    summary: "Change the billing address, paperless billing and correspondence language (authoritative contacts)",
    auth: "bearer",
    body: UpdateAccountDetailsRequest,
    answer: SuccessAnswer,
    errors: [422],
    errorCodes: [
      ...ADDRESS_CODES,
      "paperless_billing.required",
      "paperless_billing.invalid",
      "correspondence_language.required",
      "correspondence_language.invalid",
    ],
  }),
  endpoint({
    method: "get",
    path: "/services/{customerId}",
    tag: "services",
    summary:
      "The packages of a residential account with their services, pauses, pending requests and allowed actions (404 for a commercial account); ?include=past_pauses,pause_options adds what GET /services/{customerId}/scheduled-pause-detail answers, and account_details what GET /account-details/{customerId} answers, in one round trip",
    auth: "bearer",
    query: ServicesQuery,
    answer: ServicesAnswer,
    errors: [404, 422],
    errorCodes: ["include.invalid"],
  }),
  endpoint({
    method: "put",
    path: "/services/{customerId}/suspend",
    tag: "services",
    summary: "Suspend active packages now, at the customer's request (authoritative contacts)",
    auth: "bearer",
    body: PackageIdsRequest,
    answer: SuccessAnswer,
    errors: [404, 422],
    errorCodes: [...packageIdsCodes, "package_ids.not_active"],
  }),
  endpoint({
    method: "put",
    path: "/services/{customerId}/reinstate",
    tag: "services",
    summary: "End a customer-requested suspension (a suspension for non-payment ends only with payment)",
    auth: "bearer",
    body: PackageIdsRequest,
    answer: SuccessAnswer,
    errors: [404, 422],
    errorCodes: [...packageIdsCodes, "package_ids.not_suspended", "package_ids.suspended_for_nonpayment"],
  }),
  endpoint({
    method: "get",
    path: "/services/{customerId}/scheduled-pause-detail",
    tag: "services",
    summary: "Scheduled, running and past pauses of some packages, and the pause options",
    auth: "bearer",
    query: ScheduledPauseDetailQuery,
    answer: ScheduledPauseDetailAnswer,
    errors: [404, 422],
    errorCodes: ["package_ids.invalid"],
  }),
  endpoint({
    method: "post",
    path: "/services/{customerId}/scheduled-pause",
    tag: "services",
    summary:
      "Schedule a pause of 1 to 6 months from a future date for active packages (no balance owing, no pending cancellation, not over a pending move's date)",
    auth: "bearer",
    body: CreatePauseRequest,
    answer: CreatePauseAnswer,
    status: 201,
    errors: [404, 422],
    errorCodes: [...packageIdsCodes, "package_ids.not_active", "package_ids.cancel_pending", ...pauseCodes],
  }),
  endpoint({
    method: "put",
    path: "/services/{customerId}/scheduled-pause/{pauseId}",
    tag: "services",
    summary: "Change the dates of a scheduled pause",
    auth: "bearer",
    body: UpdatePauseRequest,
    answer: SuccessAnswer,
    errors: [404, 422],
    errorCodes: ["pause_id.not_scheduled", ...pauseCodes],
  }),
  endpoint({
    method: "delete",
    path: "/services/{customerId}/scheduled-pause/{pauseId}",
    tag: "services",
    summary: "Remove a scheduled pause",
    auth: "bearer",
    answer: SuccessAnswer,
    errors: [404, 422],
    errorCodes: ["pause_id.not_scheduled"],
  }),
  endpoint({
    method: "post",
    path: "/services/{customerId}/move-requests",
    tag: "services",
    summary:
      "Ask to move a package to a new address on a future date (not while a cancellation is pending, nor on a day the package is paused)",
    auth: "bearer",
    body: MoveRequest,
    answer: RequestCreatedAnswer,
    status: 201,
    errors: [404, 422],
    errorCodes: [
      "package_id.required",
      "package_id.invalid",
      "package_id.cancelled",
      "package_id.cancel_pending",
      "package_id.request_pending",
      "move_date.required",
      "move_date.invalid",
      "move_date.not_in_future",
      "move_date.too_far",
      "move_date.during_pause",
      ...ADDRESS_CODES,
      "address_line1.same_as_current",
      "comment.too_long",
    ],
  }),
  endpoint({
    method: "post",
    path: "/services/{customerId}/cancel-requests",
    tag: "services",
    summary: "Ask to cancel a package on a date, for a reason (not while a move is pending: withdraw it first)",
    auth: "bearer",
    body: CancelRequest,
    answer: RequestCreatedAnswer,
    status: 201,
    errors: [404, 422],
    errorCodes: [
      "package_id.required",
      "package_id.invalid",
      "package_id.cancelled",
      "package_id.request_pending",
      "package_id.move_pending",
      "cancel_date.required",
      "cancel_date.invalid",
      "cancel_date.in_past",
      "cancel_date.too_far",
      "reason.required",
      "reason.invalid",
      "comment.required",
      "comment.too_long",
    ],
  }),
  endpoint({
    method: "post",
    path: "/services/{customerId}/reactivate-requests",
    tag: "services",
    summary: "Ask to reactivate a paused or cancelled package; a pending cancellation is withdrawn at once",
    auth: "bearer",
    body: ReactivateRequest,
    answer: RequestCreatedAnswer,
    status: 201,
    errors: [404, 422],
    errorCodes: [
      "package_id.required",
      "package_id.invalid",
      "package_id.not_reactivatable",
      "package_id.request_pending",
      "comment.too_long",
    ],
  }),
  endpoint({
    method: "delete",
    path: "/services/{customerId}/requests/{requestId}",
    tag: "services",
    summary: "Withdraw a pending move, cancel or reactivate request",
    auth: "bearer",
    answer: SuccessAnswer,
    errors: [404, 422],
    errorCodes: ["request_id.not_pending"],
  }),
  endpoint({
    method: "get",
    path: "/profile-details/{customerId}",
    tag: "profile",
    summary: "The signed-in user as a contact of an account: name, email, phone, roles",
    auth: "bearer",
    answer: ProfileDetailsAnswer,
  }),
  endpoint({
    method: "get",
    path: "/profile-settings",
    tag: "profile",
    summary: "The signed-in user; ?include=two_step adds what GET /profile-settings/two-step answers, in one round trip",
    auth: "bearer",
    query: CurrentUserQuery,
    answer: CurrentUserAnswer,
    errors: [422],
    errorCodes: ["include.invalid"],
  }),
  endpoint({
    method: "put",
    path: "/profile-settings",
    tag: "profile",
    summary: "Change the signed-in user's name, phone and preferred language",
    auth: "bearer",
    body: UpdateProfileRequest,
    answer: SuccessAnswer,
    errors: [422],
    errorCodes: [
      "first_name.required",
      "first_name.too_long",
      "last_name.required",
      "last_name.too_long",
      "phone.invalid_format",
      "preferred_language.required",
      "preferred_language.invalid",
    ],
  }),
  endpoint({
    method: "put",
    path: "/profile-settings/password",
    tag: "profile",
    summary: "Change the password; ends the user's other sessions",
    auth: "bearer",
    body: ChangePasswordRequest,
    answer: SuccessAnswer,
    errors: [422],
    errorCodes: [
      "current_password.required",
      "current_password.invalid",
      "current_password.incorrect",
      "new_password.required",
      "new_password.too_short",
      "new_password.too_long",
      "new_password.missing_lowercase",
      "new_password.missing_uppercase",
      "new_password.same_as_current",
      "confirm_password.required",
      "confirm_password.mismatch",
    ],
  }),
  endpoint({
    method: "put",
    path: "/residential-dashboard/endTour",
    tag: "profile",
    summary: "End the intro tour (skipped or completed): the dashboard's product_tour_steps become empty",
    auth: "bearer",
    body: EndTourRequest,
    answer: SuccessAnswer,
    errors: [422],
    errorCodes: ["skipped.required", "skipped.invalid"],
  }),
];
