import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CommercialDashboardAnswer,
  CustomerAnswer,
  DashboardAnswer,
  ResidentialBillingDetailsAnswer,
  ResidentialDashboardAnswer,
} from "#contract/dashboard";
import { AccountIncidentsAnswer } from "#contract/status";
import { PRINCIPAL_ACCOUNTS_MAX } from "../../api/service/tokens.ts";
import { createTestApi, type TestApi } from "./support/api.ts";

let api: TestApi;
let resi: string;
let family: string;
let business: string;

beforeAll(async () => {
  api = await createTestApi();
  [resi, family, business] = await api.signInAll("resi@example.com", "family@example.com", "business@example.com");
});
afterAll(() => api.close());

describe("GET /dashboard", () => {
  it("lists the accounts each demo user is a contact of, with the username", async () => {
    const one = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: resi })).body);
    expect(one).toEqual({
      username: "resi@example.com",
      customers: [
        {
          customer_id: 100101,
          contract_name: "Maya Singh",
          isResidential: true,
          isBillingAuthoritative: true,
          credit_card_allowed: true,
          roles: ["authoritative", "billing", "support"],
        },
      ],
    });
    const three = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: family })).body);
    expect(three.customers.map((c) => c.customer_id).sort()).toEqual([100201, 100202, 100203]);
    const twelve = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: business })).body);
    expect(twelve.customers).toHaveLength(12);
    expect(twelve.customers.every((c) => !c.isResidential)).toBe(true);
    expect(twelve.customers.some((c) => !c.isBillingAuthoritative)).toBe(true);
    expect(twelve.customers.some((c) => !c.credit_card_allowed)).toBe(true);
    // Priya only handles support on some accounts: the portal shows their billing read-only.
    expect(twelve.customers.find((c) => c.customer_id === 200304)?.roles).toEqual(["support", "notify"]);
  });
});

describe("GET /dashboard/{id}", () => {
  it("answers one of the user's accounts", async () => {
    const { status, body } = await api.call("GET", "/dashboard/100202", { token: family });
    expect(status).toBe(200);
    const { customer } = CustomerAnswer.parse(body);
    expect(customer.contract_name).toBe("Jordan Gagnon – Condo");
    expect(customer.roles).toEqual(["authoritative", "billing", "support"]);
  });

  it("answers 403 for another user's account and for an id that does not exist, alike", async () => {
    expect((await api.call("GET", "/dashboard/100202", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/dashboard/999999", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/dashboard/abc", { token: resi })).status).toBe(403);
  });
});

describe("GET /residential-dashboard/{customerId}", () => {
  it("shows resi's services with their status and WiFi names, support info and the product tour", async () => {
    const { status, body } = await api.call("GET", "/residential-dashboard/100101", { token: resi });
    expect(status).toBe(200);
    const answer = ResidentialDashboardAnswer.parse(body);
    expect(answer.services.internet).toEqual([
      expect.objectContaining({ service_id: 7001, package_id: 5001, status: "connected", download_mbps: 1000 }),
    ]);
    expect(answer.services.internet[0].wifi_settings.map((w) => w.ssid)).toContain("Singh-Home-5G");
    expect(answer.services.tv).toHaveLength(1);
    expect(answer.services.home_phone[0].phone_number).toBe("416-555-0123");
    expect(answer.support.opens_at).toBe("08:00");
    expect(answer.suspended_for_nonpayment).toBe(false);
    expect(answer.product_tour_steps).toEqual(["profile", "billing", "internet", "support"]);
  });

  it("names products in French when asked", async () => {
    const { body } = await api.call("GET", "/residential-dashboard/100101", {
      token: resi,
      headers: { "Accept-Language": "fr-CA,fr;q=0.9" },
    });
    expect(ResidentialDashboardAnswer.parse(body).services.tv[0].name).toBe("Télé essentielle");
  });

  it("flags the family home as suspended with proof of payment submitted", async () => {
    const answer = ResidentialDashboardAnswer.parse((await api.call("GET", "/residential-dashboard/100201", { token: family })).body);
    expect(answer.suspended_for_nonpayment).toBe(true);
    expect(answer.submitted_proof_of_payment).toBe(true);
    expect(answer.services.internet[0].status).toBe("interrupted");
  });

  it("shows the condo's scheduled pause", async () => {
    const answer = ResidentialDashboardAnswer.parse((await api.call("GET", "/residential-dashboard/100202", { token: family })).body);
    expect(answer.bundled_services[0].scheduled_pause).toEqual(
      expect.objectContaining({ status: "scheduled", from_date: "2026-12-01", until_date: "2027-03-01" }),
    );
  });

  it("knows when an account has several service addresses", async () => {
    const parents = ResidentialDashboardAnswer.parse((await api.call("GET", "/residential-dashboard/100203", { token: family })).body);
    expect(parents.has_multiple_service_addresses).toBe(true);
  });

  it("answers 403 for another user's account and 404 for a commercial one", async () => {
    expect((await api.call("GET", "/residential-dashboard/100201", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/residential-dashboard/200301", { token: business })).status).toBe(404);
  });

  it("answers the billing details and the incidents with the dashboard when asked, as their own calls do", async () => {
    for (const language of ["en", "fr"]) {
      const get = async (path: string) => {
        const { status, body } = await api.call("GET", path, { token: resi, headers: { "Accept-Language": language } });
        expect(status, JSON.stringify(body)).toBe(200);
        return body;
      };
      const alone = ResidentialDashboardAnswer.parse(await get("/residential-dashboard/100101"));
      expect(alone).not.toHaveProperty("billing_details");
      expect(alone).not.toHaveProperty("incidents");

      const both = ResidentialDashboardAnswer.parse(await get("/residential-dashboard/100101?include=billing_details,incidents"));
      const { billing_details: billing, incidents, ...dashboard } = both;
      expect(dashboard).toEqual(alone);
      expect(billing).toEqual(
        ResidentialBillingDetailsAnswer.parse(await get("/residential-dashboard/100101/billing-details")).billing_details,
      );
      // Maya's area has the demo's fibre cut: the notice reaches the home screen in the page's language.
      expect(incidents).toEqual(AccountIncidentsAnswer.parse(await get("/status/100101")).incidents);
      expect(incidents).toHaveLength(1);

      const onlyIncidents = ResidentialDashboardAnswer.parse(await get("/residential-dashboard/100101?include=incidents"));
      expect(onlyIncidents).not.toHaveProperty("billing_details");
      expect(onlyIncidents.incidents).toEqual(incidents);
    }
  });

  it("refuses an include it does not know, and another user's account whatever it includes", async () => {
    for (const include of ["billing", "incidents,", "incidents;DROP", ""]) {
      const { status, body } = await api.call("GET", `/residential-dashboard/100101?include=${encodeURIComponent(include)}`, {
        token: resi,
      });
      expect(status, include).toBe(422);
      expect(body.errors).toEqual({ include: ["include.invalid"] });
    }
    const other = await api.call("GET", "/residential-dashboard/100201?include=billing_details,incidents", { token: resi });
    expect(other.status).toBe(403);
    expect(other.body).not.toHaveProperty("billing_details");
  });
});

describe("GET /residential-dashboard/{customerId}/billing-details", () => {
  it("answers the balance owing, the current invoice and the next bill date", async () => {
    const { billing_details: billing } = ResidentialBillingDetailsAnswer.parse(
      (await api.call("GET", "/residential-dashboard/100101/billing-details", { token: resi })).body,
    );
    expect(billing.balance_owing).toBeGreaterThan(0);
    expect(billing.balance_owing).toBe(billing.current_invoice!.total);
    expect(billing.due_date).toBe(billing.current_invoice!.due_on);
    expect(billing.next_bill_date).toBe("2026-12-05");
  });

  it("answers 403 for another user's account", async () => {
    expect((await api.call("GET", "/residential-dashboard/100101/billing-details", { token: family })).status).toBe(403);
  });
});

describe("GET /commercial-dashboard/{id}", () => {
  it("answers account info and services grouped by category, addresses on lines of their own", async () => {
    const answer = CommercialDashboardAnswer.parse((await api.call("GET", "/commercial-dashboard/200301", { token: business })).body);
    expect(answer.customerName).toBe("Harbourfront Logistics Inc.");
    expect(answer.customerAddress.split("\n")).toEqual(["100 Queens Quay East", "Floor 3", "Toronto ON M5E 1V3"]);
    expect(answer.salesRep?.name).toBe("Daniel Okafor");
    expect(answer.serviceData.length).toBeGreaterThan(0);
    for (const group of answer.serviceData) {
      for (const service of group.services) expect(service.status === null).toBe(!group.hasStatus);
    }
  });

  it("answers 403 for an account the user is not a contact of and 404 for a residential one", async () => {
    expect((await api.call("GET", "/commercial-dashboard/200301", { token: resi })).status).toBe(403);
    expect((await api.call("GET", "/commercial-dashboard/100101", { token: resi })).status).toBe(404);
  });
});

describe("GET /openapi.json", () => {
  it("is public and lists every path of the contract", async () => {
    const { status, body } = await api.call("GET", "/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    const { endpoints } = await import("#contract/index");
    for (const e of endpoints) expect(body.paths[e.path]?.[e.method], `${e.method} ${e.path}`).toBeDefined();
  });
});

describe("a contact of more accounts than the session check reads (PRINCIPAL_ACCOUNTS_MAX)", () => {
  it("lists them all in order, answers each, and still refuses another's account and a role they lack", async () => {
    const ids = Array.from({ length: PRINCIPAL_ACCOUNTS_MAX + 5 }, (_, i) => 900001 + i);
    for (const [i, id] of ids.entries()) {
      await api.db.query(
        `INSERT INTO customers (id, contract_name, account_number, is_residential, address_line1, city, postal_code, customer_since)
         VALUES ($1, $2, $3, false, '1 Front St W', 'Toronto', 'M5J 1E6', '2024-01-01')`,
        [id, `Zeta branch ${String(ids.length - i).padStart(2, "0")}`, `ZB-${id}`],
      );
      await api.db.query(
        `INSERT INTO contacts (customer_id, user_id, first_name, last_name, email, status, roles)
         SELECT $1, id, 'Many', 'Accounts', username, 'activated', $2 FROM users WHERE username = 'business@example.com'`,
        [id, i === 0 ? ["notify"] : ["authoritative", "billing", "support"]],
      );
    }
    const [many] = await api.signInAll("business@example.com");
    const list = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: many })).body);
    expect(list.username).toBe("business@example.com");
    expect(list.customers).toHaveLength(12 + ids.length);
    const zeta = list.customers.filter((c) => c.contract_name.startsWith("Zeta"));
    // By contract name: the last inserted first.
    expect(zeta.map((c) => c.customer_id)).toEqual([...ids].reverse());
    expect(zeta.at(-1)?.roles).toEqual(["notify"]);

    const one = await api.call("GET", `/dashboard/${ids[3]}`, { token: many });
    expect(one.status).toBe(200);
    expect(CustomerAnswer.parse(one.body).customer.contract_name).toBe(`Zeta branch ${ids.length - 3}`);
    expect((await api.call("GET", "/dashboard/100101", { token: many })).status).toBe(403);
    expect((await api.call("GET", `/commercial-dashboard/${ids[3]}`, { token: many })).status).toBe(200);
    // A contact with the notify role alone may not pay.
    const pay = await api.call("POST", `/billing/${ids[0]}/payments`, { token: many, json: { amount: 10 } });
    expect(pay.status).toBe(403);
    expect(pay.body).toMatchObject({ message: expect.stringContaining("roles") });
  });
});
