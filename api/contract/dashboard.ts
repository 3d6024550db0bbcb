import { z } from "zod";
import { PaymentMethod } from "./billing.ts";
import { Address, includeList, IsoDate, IsoDateTime, Money } from "./common.ts";
import { ContactRole } from "./contacts.ts";
import { endpoint } from "./endpoint.ts";
import { AccountIncident } from "./status.ts";

/** An account the signed-in user is a contact of. */
export const Customer = z.object({
  customer_id: z.number().int(),
  contract_name: z.string(),
  isResidential: z.boolean(),
  isBillingAuthoritative: z.boolean(),
  credit_card_allowed: z.boolean(),
  /** The signed-in user's roles on this account (what they may change: billing needs authoritative or billing). */
  roles: z.array(ContactRole),
});
export type Customer = z.infer<typeof Customer>;

/** GET /dashboard */
export const DashboardAnswer = z.object({
  customers: z.array(Customer),
  username: z.string(),
});
export type DashboardAnswer = z.infer<typeof DashboardAnswer>;

/** GET /dashboard/{id} */
export const CustomerAnswer = z.object({ customer: Customer });
export type CustomerAnswer = z.infer<typeof CustomerAnswer>;

export const ResidentialServiceStatus = z.enum(["connected", "interrupted", "paused"]);
export const CommercialServiceStatus = z.enum(["up", "down", "unknown"]);

export const WifiSettingsSummary = z.object({
  band: z.enum(["2.4GHz", "5GHz", "guest"]),
  ssid: z.string(),
  enabled: z.boolean(),
});

export const InternetService = z.object({
  service_id: z.number().int(),
  package_id: z.number().int(),
  name: z.string(),
  status: ResidentialServiceStatus,
  download_mbps: z.number().int(),
  upload_mbps: z.number().int(),
  wifi_settings: z.array(WifiSettingsSummary),
});
export const TvService = z.object({
  service_id: z.number().int(),
  package_id: z.number().int(),
  name: z.string(),
  status: ResidentialServiceStatus,
  channel_count: z.number().int(),
});
export const HomePhoneService = z.object({
  service_id: z.number().int(),
  package_id: z.number().int(),
  name: z.string(),
  status: ResidentialServiceStatus,
  phone_number: z.string(),
});
export const OutAndAbout = z.object({
  service_id: z.number().int(),
  package_id: z.number().int(),
  name: z.string(),
  status: ResidentialServiceStatus,
});

export const ScheduledPause = z.object({
  pause_id: z.number().int(),
  package_id: z.number().int(),
  from_date: IsoDate,
  until_date: IsoDate,
  status: z.enum(["scheduled", "active"]),
});
export type ScheduledPause = z.infer<typeof ScheduledPause>;

export const BundledService = z.object({
  package_id: z.number().int(),
  name: z.string(),
  status: z.enum(["active", "suspended", "paused", "cancelled"]),
  monthly_price: Money,
  service_address: Address,
  scheduled_pause: ScheduledPause.nullable(),
});

export const TourStep = z.enum(["profile", "billing", "internet", "support"]);

/** A residential account's balance, what is on its way and what is still owed. */
export const BillingDetails = z.object({
  /** Billed minus successful payments (never below zero); pending payments are not deducted. */
  balance_owing: Money,
  /** Payments made but not settled yet, newest first: what is on its way. */
  pending_payments: z.array(z.object({ amount: Money, date: IsoDate, method: PaymentMethod, settles_by: IsoDateTime })),
  pending_total: Money,
  /** What is still owed: balance_owing less pending_total, never below zero (what a payment may be at most). */
  amount_due: Money,
  past_due: Money,
  due_date: IsoDate.nullable(),
  current_invoice: z.object({ invoice_number: z.string(), issued_on: IsoDate, due_on: IsoDate, total: Money }).nullable(),
  last_payment: z.object({ amount: Money, date: IsoDate }).nullable(),
  next_bill_date: IsoDate,
});

/** GET /residential-dashboard/{customerId} */
export const ResidentialDashboardAnswer = z.object({
  account_details: z.object({
    customer_id: z.number().int(),
    account_number: z.string(),
    contract_name: z.string(),
    customer_since: IsoDate,
    billing_address: Address,
  }),
  profile_details: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  services: z.object({
    internet: z.array(InternetService),
    tv: z.array(TvService),
    home_phone: z.array(HomePhoneService),
    out_and_about: z.array(OutAndAbout),
  }),
  bundled_services: z.array(BundledService),
  /** Customer care answers Monday to Friday between opens_at and closes_at; tech support 24/7. */
  support: z.object({
    phone: z.string(),
    email: z.string(),
    opens_at: z.string().regex(/^\d{2}:\d{2}$/),
    closes_at: z.string().regex(/^\d{2}:\d{2}$/),
    tech_support_phone: z.string(),
  }),
  customer_contacts: z.array(
    z.object({
      contact_id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      roles: z.array(z.string()),
    }),
  ),
  suspended_for_nonpayment: z.boolean(),
  submitted_proof_of_payment: z.boolean(),
  has_multiple_service_addresses: z.boolean(),
  contact_marked_for_deactivation: z.boolean(),
  product_tour_steps: z.array(TourStep),
  /** With ?include=billing_details: what GET /residential-dashboard/{customerId}/billing-details answers. */
  billing_details: BillingDetails.optional(),
  /** With ?include=incidents: what GET /status/{customerId} answers. */
  incidents: z.array(AccountIncident).optional(),
});
export type ResidentialDashboardAnswer = z.infer<typeof ResidentialDashboardAnswer>;

/** What the home screen may ask to be answered with it, so that it makes one call instead of three. */
export const DASHBOARD_INCLUDES = ["billing_details", "incidents"] as const;
export const ResidentialDashboardQuery = z.object({
  /** A comma-separated list of DASHBOARD_INCLUDES. */
  include: includeList(DASHBOARD_INCLUDES),
});

/** GET /residential-dashboard/{customerId}/billing-details */
export const ResidentialBillingDetailsAnswer = z.object({ billing_details: BillingDetails });
export type ResidentialBillingDetailsAnswer = z.infer<typeof ResidentialBillingDetailsAnswer>;

export const Person = z.object({ name: z.string(), email: z.string(), phone: z.string() });

/** GET /commercial-dashboard/{id} */
export const CommercialDashboardAnswer = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  customerAddress: z.string(),
  isHouseAccount: z.boolean(),
  salesRep: Person.nullable(),
  customerSuccessAdvocate: Person.nullable(),
  serviceData: z.array(
    z.object({
      category: z.string(),
      categoryName: z.string(),
      hasStatus: z.boolean(),
      services: z.array(
        z.object({
          service_id: z.number().int(),
          name: z.string(),
          platform_id: z.string().nullable(),
          /** Address parts separated by line breaks ("\n"). */
          address: z.string(),
          status: CommercialServiceStatus.nullable(),
        }),
      ),
    }),
  ),
});
export type CommercialDashboardAnswer = z.infer<typeof CommercialDashboardAnswer>;

/** GET /revision: what a page of this user (and account) shows has changed when `revision` has. */
export const RevisionQuery = z.object({
  /** One of the user's accounts; without it, every account of theirs counts. */
  customer_id: z.coerce.number().int().positive().optional(),
});
export const RevisionAnswer = z.object({
  /**
   * Opaque: differs from an earlier answer whenever something a page of this user (and account) shows
   * may have changed since: a write to the account or to the user, the catalogue, the service's
   * calendar day, a pending payment that has settled with time, an incident that has started.
   */
  revision: z.string().min(1),
  /** The user's own counter (their name, their accounts and roles). */
  user: z.number().int(),
  /** The account's counter, or the sum over every account of the user. */
  customer: z.number().int(),
});
export type RevisionAnswer = z.infer<typeof RevisionAnswer>;

export const dashboardEndpoints = [
  endpoint({
    method: "get",
    path: "/revision",
    tag: "dashboard",
    summary:
      "A revision of what the user's pages (of one account, or all) show: cheap, for conditional answers. Optional: a portal whose API does not answer it renders every view (no 304s)",
    auth: "bearer",
    query: RevisionQuery,
    answer: RevisionAnswer,
  }),
  endpoint({
    method: "get",
    path: "/dashboard",
    tag: "dashboard",
    summary: "The accounts the user is a contact of, and the username",
    auth: "bearer",
    answer: DashboardAnswer,
  }),
  endpoint({
    method: "get",
    path: "/dashboard/{id}",
    tag: "dashboard",
    summary: "One account of the user",
    auth: "bearer",
    answer: CustomerAnswer,
  }),
  endpoint({
    method: "get",
    path: "/residential-dashboard/{customerId}",
    tag: "dashboard",
    summary:
      "Home screen of a residential account (404 for a commercial one); ?include=billing_details,incidents adds what those two calls answer, in one round trip",
    auth: "bearer",
    query: ResidentialDashboardQuery,
    answer: ResidentialDashboardAnswer,
    errors: [404, 422],
    errorCodes: ["include.invalid"],
  }),
  endpoint({
    method: "get",
    path: "/residential-dashboard/{customerId}/billing-details",
    tag: "dashboard",
    summary: "Balance, pending payments, what is still owed, current invoice and last payment of a residential account",
    auth: "bearer",
    answer: ResidentialBillingDetailsAnswer,
    errors: [404],
  }),
  endpoint({
    method: "get",
    path: "/commercial-dashboard/{id}",
    tag: "dashboard",
    summary: "Account info and services by category of a commercial account (404 for a residential one)",
    auth: "bearer",
    answer: CommercialDashboardAnswer,
    errors: [404],
  }),
];
