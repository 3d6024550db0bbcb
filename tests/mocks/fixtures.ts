/**
 * Contract-valid answers for msw. tests/unit/fixtures.test.ts parses each with its contract schema,
 * so a fixture cannot drift from what the API promises.
 */
import { SignJWT } from "jose";
import type { AccessTokenAnswer } from "#contract/auth";
import type {
  Customer,
  CommercialDashboardAnswer,
  DashboardAnswer,
  ResidentialBillingDetailsAnswer,
  ResidentialDashboardAnswer,
  RevisionAnswer,
} from "#contract/dashboard";

const key = new TextEncoder().encode("msw-fixture-key");

/** A JWT like the API's: sub and exp (seconds from now; negative for an expired one). */
export async function accessToken(expiresInSeconds = 900, sub = "1"): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: "fixture-session" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(key);
}

export const REFRESH_TOKEN = "fixture-refresh-token-0123456789abcdef";

export async function tokenAnswer(): Promise<AccessTokenAnswer> {
  return { token: await accessToken(), refresh_token: REFRESH_TOKEN };
}

export const residentialCustomer = {
  customer_id: 100101,
  contract_name: "Maya Singh",
  isResidential: true,
  isBillingAuthoritative: true,
  credit_card_allowed: true,
  roles: ["authoritative", "billing", "support"] as Customer["roles"],
};

export const commercialCustomer = {
  customer_id: 200301,
  contract_name: "Harbourfront Logistics Inc.",
  isResidential: false,
  isBillingAuthoritative: true,
  credit_card_allowed: false,
  roles: ["authoritative", "billing", "notify", "support"] as Customer["roles"],
};

/** GET /revision: tests change it to say the data changed. */
export const revision: RevisionAnswer = { revision: "1.1.1.2026-11-15.0", user: 1, customer: 1 };

export const dashboard: DashboardAnswer = {
  customers: [residentialCustomer, commercialCustomer],
  username: "resi@example.com",
};

export const residentialDashboard: ResidentialDashboardAnswer = {
  account_details: {
    customer_id: 100101,
    account_number: "LF-100101",
    contract_name: "Maya Singh",
    customer_since: "2024-09-12",
    billing_address: { line1: "245 Carlaw Avenue", line2: "Unit 4", city: "Toronto", province: "ON", postal_code: "M4M 2S1" },
  },
  profile_details: { first_name: "Maya", last_name: "Singh", email: "resi@example.com", phone: "416-555-0123" },
  services: {
    internet: [
      {
        service_id: 7001,
        package_id: 5001,
        name: "Fibre 1 Gbps",
        status: "connected",
        download_mbps: 1000,
        upload_mbps: 1000,
        wifi_settings: [{ band: "5GHz", ssid: "Singh-Home-5G", enabled: true }],
      },
    ],
    tv: [{ service_id: 7002, package_id: 5001, name: "TV Essentials", status: "connected", channel_count: 85 }],
    home_phone: [{ service_id: 7003, package_id: 5001, name: "Home Phone", status: "connected", phone_number: "416-555-0123" }],
    out_and_about: [],
  },
  bundled_services: [
    {
      package_id: 5001,
      name: "Home Complete",
      status: "active",
      monthly_price: 145,
      service_address: { line1: "245 Carlaw Avenue", line2: "Unit 4", city: "Toronto", province: "ON", postal_code: "M4M 2S1" },
      scheduled_pause: null,
    },
  ],
  support: {
    phone: "416-555-0150",
    email: "support@example.com",
    opens_at: "08:00",
    closes_at: "20:00",
    tech_support_phone: "416-555-0199",
  },
  customer_contacts: [{ contact_id: 1, first_name: "Maya", last_name: "Singh", email: "resi@example.com", roles: ["authoritative"] }],
  suspended_for_nonpayment: false,
  submitted_proof_of_payment: false,
  has_multiple_service_addresses: false,
  contact_marked_for_deactivation: false,
  product_tour_steps: [],
};

export const residentialBilling: ResidentialBillingDetailsAnswer = {
  billing_details: {
    balance_owing: 163.85,
    pending_payments: [],
    pending_total: 0,
    amount_due: 163.85,
    past_due: 0,
    due_date: "2026-11-26",
    current_invoice: { invoice_number: "INV-100101-202611", issued_on: "2026-11-05", due_on: "2026-11-26", total: 163.85 },
    last_payment: { amount: 178.53, date: "2026-10-22" },
    next_bill_date: "2026-12-05",
  },
};

export const commercialDashboard: CommercialDashboardAnswer = {
  customerId: 200301,
  customerName: "Harbourfront Logistics Inc.",
  customerAddress: "100 Queens Quay East\nFloor 3\nToronto ON M5E 1V3",
  isHouseAccount: false,
  salesRep: { name: "Daniel Okafor", email: "daniel.okafor@example.com", phone: "416-555-0410" },
  customerSuccessAdvocate: null,
  serviceData: [
    {
      category: "dedicated_internet",
      categoryName: "Dedicated Internet",
      hasStatus: true,
      services: [
        {
          service_id: 8001,
          name: "Dedicated Internet 1 Gbps",
          platform_id: "DIA-301-001",
          address: "100 Queens Quay East\nToronto ON M5E 1V3",
          status: "up",
        },
      ],
    },
  ],
};
