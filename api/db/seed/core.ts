/**
 * The demo's people, accounts, packages, services, WiFi, bills and payments.
 *
 * Sign-ins (password DEMO_PASSWORD for all):
 *  - resi@example.com: one residential account with internet, TV and home phone, and a balance owing.
 *  - family@example.com: three residential accounts: one suspended for non-payment with proof of payment
 *    submitted, one with a scheduled pause, one plain.
 *  - business@example.com: contact of 12 commercial accounts, some billing-authoritative, some without
 *    credit cards allowed.
 */
import type { Db } from "../client.ts";
import { hashPassword } from "../../service/passwords.ts";
import { addDays, addMonths, dayAt } from "#common/calendar";
import { insert, type Random } from "./tools.ts";
import type { SecretBox } from "../../service/two-step-secrets.ts";

export const DEMO_PASSWORD = "Demo-Pass-2026";

export interface SeedContext {
  db: Db;
  /** The seed day, YYYY-MM-DD: every date is relative to it. */
  today: string;
  /** The moment of seeding, on the seed day. */
  now: Date;
  /**
   * The moment the home networks are seeded around (home-network.ts): 15:00 UTC on the seed day, when
   * the API tests' clock reads; the moment of seeding when that is earlier, so that no device or
   * mapping of a demo seeded in the morning appears from the future.
   */
  networkMoment: Date;
  random: Random;
  /** Seals the demo's two-step secret (two-step.ts) with the API's TWO_STEP_KEY. */
  twoStepSecrets: SecretBox;
}

/** Ids the other seed modules build on. */
export const DEMO = {
  users: { resi: 1, family: 2, business: 3, familyPartner: 4 },
  customers: {
    resi: 100101,
    familyHome: 100201,
    familyCondo: 100202,
    familyCottage: 100203,
  },
  /** Commercial accounts 200301..200312. */
  commercialFirst: 200301,
} as const;

type ServiceSeed = {
  id: number;
  category: string;
  name: string;
  name_fr: string;
  status: string;
  details: Record<string, unknown>;
};

interface ResidentialSeed {
  id: number;
  contract_name: string;
  account_number: string;
  address: [string, string | null, string, string];
  since: string;
  billing_day: number;
  suspended?: boolean;
  proof?: boolean;
  packages: {
    id: number;
    name: string;
    name_fr: string;
    status: string;
    price_cents: number;
    address?: [string, string | null, string, string];
    services: ServiceSeed[];
  }[];
  /** How many of the most recent invoices are left unpaid. */
  unpaidInvoices: number;
}

const internet = (id: number, name: string, down: number, up: number, status = "connected"): ServiceSeed => ({
  id,
  category: "internet",
  name,
  name_fr: name.replace("Fibre", "Fibre").replace("Gbps", "Gbit/s").replace("Mbps", "Mbit/s"),
  status,
  details: { download_mbps: down, upload_mbps: up },
});

export async function seedCore(ctx: SeedContext): Promise<void> {
  const { db, today } = ctx;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await insert(db, "users", [
    {
      id: DEMO.users.resi,
      username: "resi@example.com",
      password_hash: passwordHash,
      first_name: "Maya",
      last_name: "Singh",
      phone: "416-555-0123",
      preferred_language: "en",
    },
    {
      id: DEMO.users.family,
      username: "family@example.com",
      password_hash: passwordHash,
      first_name: "Jordan",
      last_name: "Gagnon",
      phone: "647-555-0188",
      preferred_language: "fr",
    },
    {
      id: DEMO.users.business,
      username: "business@example.com",
      password_hash: passwordHash,
      first_name: "Priya",
      last_name: "Raman",
      phone: "416-555-0177",
      preferred_language: "en",
    },
    {
      id: DEMO.users.familyPartner,
      username: "sam.gagnon@example.com",
      password_hash: passwordHash,
      first_name: "Sam",
      last_name: "Gagnon",
      phone: "647-555-0189",
      preferred_language: "fr",
    },
  ]);
  await db.query("SELECT setval(pg_get_serial_sequence('users', 'id'), 100)");

  await insert(db, "staff", [
    { id: 1, name: "Daniel Okafor", email: "daniel.okafor@lakeshore-fibre.example", phone: "416-555-0410" },
    { id: 2, name: "Émilie Roy", email: "emilie.roy@lakeshore-fibre.example", phone: "416-555-0411" },
    { id: 3, name: "Marcus Chen", email: "marcus.chen@lakeshore-fibre.example", phone: "416-555-0412" },
    { id: 4, name: "Sofia Haddad", email: "sofia.haddad@lakeshore-fibre.example", phone: "416-555-0413" },
  ]);
  await db.query("SELECT setval(pg_get_serial_sequence('staff', 'id'), 100)");

  const residential: ResidentialSeed[] = [
    {
      id: DEMO.customers.resi,
      contract_name: "Maya Singh",
      account_number: "LF-100101",
      address: ["245 Carlaw Avenue", "Unit 4", "Toronto", "M4M 2S1"],
      since: addMonths(today, -26, 12),
      // Billed ten days before the seed day (the 5th on the API tests' day): her one unpaid invoice is
      // due in eleven days or so, never overdue, whatever the day the demo is seeded.
      billing_day: Math.min(28, Number(addDays(today, -10).slice(8, 10))),
      unpaidInvoices: 1,
      packages: [
        {
          id: 5001,
          name: "Home Complete",
          name_fr: "Maison complète",
          status: "active",
          price_cents: 14_500,
          services: [
            internet(7001, "Fibre 1 Gbps", 1000, 1000),
            {
              id: 7002,
              category: "tv",
              name: "TV Essentials",
              name_fr: "Télé essentielle",
              status: "connected",
              details: { channel_count: 85 },
            },
            {
              id: 7003,
              category: "home_phone",
              name: "Home Phone Canada-wide",
              name_fr: "Téléphone résidentiel pancanadien",
              status: "connected",
              details: { phone_number: "416-555-0123" },
            },
            {
              id: 7004,
              category: "out_and_about",
              name: "Out & About WiFi",
              name_fr: "WiFi hors domicile",
              status: "connected",
              details: {},
            },
          ],
        },
      ],
    },
    {
      id: DEMO.customers.familyHome,
      contract_name: "Jordan Gagnon – Home",
      account_number: "LF-100201",
      address: ["18 Wychwood Avenue", null, "Toronto", "M6G 2X6"],
      since: addMonths(today, -40, 3),
      billing_day: 12,
      suspended: true,
      proof: true,
      unpaidInvoices: 3,
      packages: [
        {
          id: 5101,
          name: "Internet + TV",
          name_fr: "Internet + Télé",
          status: "suspended",
          price_cents: 11_000,
          services: [
            internet(7101, "Fibre 500 Mbps", 500, 500, "interrupted"),
            {
              id: 7102,
              category: "tv",
              name: "TV Family",
              name_fr: "Télé familiale",
              status: "interrupted",
              details: { channel_count: 140 },
            },
          ],
        },
      ],
    },
    {
      id: DEMO.customers.familyCondo,
      contract_name: "Jordan Gagnon – Condo",
      account_number: "LF-100202",
      address: ["55 Bremner Boulevard", "Suite 2304", "Toronto", "M5J 0A6"],
      since: addMonths(today, -18, 20),
      billing_day: 20,
      unpaidInvoices: 0,
      packages: [
        {
          id: 5201,
          name: "Internet Only",
          name_fr: "Internet seulement",
          status: "active",
          price_cents: 7_500,
          services: [internet(7201, "Fibre 300 Mbps", 300, 300)],
        },
      ],
    },
    {
      id: DEMO.customers.familyCottage,
      contract_name: "Jordan Gagnon – Parents",
      account_number: "LF-100203",
      address: ["1204 Danforth Avenue", null, "Toronto", "M4J 1M6"],
      since: addMonths(today, -9, 2),
      billing_day: 2,
      unpaidInvoices: 0,
      packages: [
        {
          id: 5301,
          name: "Internet + Phone",
          name_fr: "Internet + Téléphone",
          status: "active",
          price_cents: 9_000,
          services: [
            internet(7301, "Fibre 150 Mbps", 150, 150),
            {
              id: 7302,
              category: "home_phone",
              name: "Home Phone Local",
              name_fr: "Téléphone résidentiel local",
              status: "connected",
              details: { phone_number: "416-555-0164" },
            },
          ],
        },
        {
          id: 5302,
          name: "Internet Basic",
          name_fr: "Internet de base",
          status: "active",
          price_cents: 5_500,
          address: ["1206 Danforth Avenue", "Basement", "Toronto", "M4J 1M6"],
          services: [internet(7303, "Fibre 150 Mbps", 150, 150)],
        },
      ],
    },
  ];

  const commercialNames = [
    "Harbourfront Logistics Inc.",
    "Kensington Dental Group",
    "Liberty Village Studios",
    "Don Valley Manufacturing Ltd.",
    "Queen West Architects",
    "Scarborough Community Health Centre",
    "Yorkville Wealth Partners",
    "Etobicoke Cold Storage",
    "Leslieville Bakery Co-op",
    "Junction Data Works",
    "Annex Language School",
    "Distillery District Events",
  ];
  const commercialStreets: [string, string | null, string, string][] = [
    ["100 Queens Quay East", "Floor 3", "Toronto", "M5E 1V3"],
    ["312 College Street", null, "Toronto", "M5T 1S3"],
    ["60 Atlantic Avenue", "Suite 200", "Toronto", "M6K 1X9"],
    ["1 Leaside Park Drive", null, "Toronto", "M4H 1R1"],
    ["401 Richmond Street West", "Studio 310", "Toronto", "M5V 3A8"],
    ["2660 Eglinton Avenue East", null, "Toronto", "M1K 2S3"],
    ["150 Bloor Street West", "Suite 1100", "Toronto", "M5S 2X9"],
    ["20 Carlingview Drive", null, "Toronto", "M9W 5E5"],
    ["1000 Queen Street East", null, "Toronto", "M4M 1K1"],
    ["3050 Dundas Street West", "Unit 5", "Toronto", "M6P 1Z9"],
    ["500 Bloor Street West", "2nd Floor", "Toronto", "M5S 1Y8"],
    ["55 Mill Street", "Building 58", "Toronto", "M5A 3C4"],
  ];

  const customers: Record<string, unknown>[] = [];
  for (const r of residential) {
    customers.push({
      id: r.id,
      contract_name: r.contract_name,
      account_number: r.account_number,
      is_residential: true,
      is_billing_authoritative: true,
      credit_card_allowed: true,
      is_house_account: false,
      address_line1: r.address[0],
      address_line2: r.address[1],
      city: r.address[2],
      province: "ON",
      postal_code: r.address[3],
      suspended_for_nonpayment: r.suspended ?? false,
      submitted_proof_of_payment: r.proof ?? false,
      customer_since: r.since,
      billing_day: r.billing_day,
      sales_rep_id: null,
      success_advocate_id: null,
    });
  }
  commercialNames.forEach((name, i) => {
    const [line1, line2, city, postal] = commercialStreets[i];
    customers.push({
      id: DEMO.commercialFirst + i,
      contract_name: name,
      account_number: `LFB-${DEMO.commercialFirst + i}`,
      is_residential: false,
      // Every third account is billed through a parent company, and so not billing-authoritative.
      is_billing_authoritative: i % 3 !== 2,
      // Accounts on invoice terms (every fourth) do not pay by credit card.
      credit_card_allowed: i % 4 !== 1,
      is_house_account: i === 9,
      address_line1: line1,
      address_line2: line2,
      city,
      province: "ON",
      postal_code: postal,
      suspended_for_nonpayment: false,
      submitted_proof_of_payment: false,
      customer_since: addMonths(today, -(20 + i * 5), 1 + i),
      billing_day: 1,
      sales_rep_id: (i % 2) + 1,
      success_advocate_id: i === 9 ? null : (i % 2) + 3,
    });
  });
  await insert(db, "customers", customers);

  // Packages and services.
  const packages: Record<string, unknown>[] = [];
  const services: Record<string, unknown>[] = [];
  for (const r of residential) {
    for (const p of r.packages) {
      const address = p.address ?? r.address;
      packages.push({
        id: p.id,
        customer_id: r.id,
        name: p.name,
        name_fr: p.name_fr,
        status: p.status,
        monthly_price_cents: p.price_cents,
        address_line1: address[0],
        address_line2: address[1],
        city: address[2],
        province: "ON",
        postal_code: address[3],
      });
      for (const s of p.services) {
        services.push({
          id: s.id,
          customer_id: r.id,
          package_id: p.id,
          category: s.category,
          name: s.name,
          name_fr: s.name_fr,
          status: s.status,
          platform_id: null,
          address_line1: address[0],
          address_line2: address[1],
          city: address[2],
          province: "ON",
          postal_code: address[3],
          details: s.details,
          activated_on: r.since,
        });
      }
    }
  }
  await insert(db, "packages", packages);

  // Commercial services: several categories and addresses per account.
  const commercialCatalogue: [string, string, string, string][] = [
    ["dedicated_internet", "Dedicated Internet 1 Gbps", "Internet dédié 1 Gbit/s", "DIA"],
    ["dedicated_internet", "Dedicated Internet 10 Gbps", "Internet dédié 10 Gbit/s", "DIA"],
    ["wavelength", "Wavelength 10G", "Longueur d’onde 10G", "WAV"],
    ["voice", "SIP Trunk 23 channels", "Jonction SIP 23 canaux", "SIP"],
    ["dark_fibre", "Dark Fibre pair", "Paire de fibre noire", "DF"],
    ["colocation", "Cabinet 42U", "Armoire 42U", "COL"],
  ];
  const dataCentre: [string, string | null, string, string] = ["151 Front Street West", "Suite 605", "Toronto", "M5J 2N1"];
  let serviceId = 8001;
  commercialNames.forEach((_, i) => {
    const customerId = DEMO.commercialFirst + i;
    const [line1, line2, city, postal] = commercialStreets[i];
    const count = 2 + (i % 4);
    for (let k = 0; k < count; k++) {
      const [category, name, nameFr, prefix] = commercialCatalogue[(i + k * 2) % commercialCatalogue.length];
      const atDataCentre = category === "colocation";
      const secondSite = k === 3;
      const address = atDataCentre
        ? dataCentre
        : secondSite
          ? ([`${20 + i * 7} Adelaide Street East`, null, "Toronto", "M5C 1H4"] as const)
          : ([line1, line2, city, postal] as const);
      const statuses = ["up", "up", "up", "down", "unknown"];
      services.push({
        id: serviceId,
        customer_id: customerId,
        package_id: null,
        category,
        name,
        name_fr: nameFr,
        status: category === "dark_fibre" || category === "colocation" ? "unknown" : statuses[(i + k) % statuses.length],
        platform_id: `${prefix}-${String(customerId).slice(-3)}-${String(serviceId).slice(-3)}`,
        address_line1: address[0],
        address_line2: address[1],
        city: address[2],
        province: "ON",
        postal_code: address[3],
        details: {},
        activated_on: addMonths(today, -(12 + k), 1),
      });
      serviceId++;
    }
  });
  await insert(db, "services", services);

  // WiFi of each residential internet service.
  const wifi: Record<string, unknown>[] = [];
  const ssidBase: Record<number, string> = {
    7001: "Singh-Home",
    7101: "Gagnon",
    7201: "Condo2304",
    7301: "Gagnon-Parents",
    7303: "Basement-Suite",
  };
  for (const [id, base] of Object.entries(ssidBase)) {
    wifi.push({
      service_id: Number(id),
      band: "2.4GHz",
      ssid: base,
      password: `${base.replace(/[^A-Za-z]/g, "")}-2G-${id}`,
      enabled: true,
    });
    wifi.push({
      service_id: Number(id),
      band: "5GHz",
      ssid: `${base}-5G`,
      password: `${base.replace(/[^A-Za-z]/g, "")}-5G-${id}`,
      enabled: true,
    });
  }
  wifi.push({ service_id: 7001, band: "guest", ssid: "Singh-Guest", password: "WelcomeGuest-7001", enabled: false });
  await insert(db, "wifi_networks", wifi);

  // Contacts: the demo users on their accounts, and other people in both activation states.
  const contacts: Record<string, unknown>[] = [
    {
      customer_id: DEMO.customers.resi,
      user_id: DEMO.users.resi,
      first_name: "Maya",
      last_name: "Singh",
      email: "resi@example.com",
      phone: "416-555-0123",
      status: "activated",
      roles: ["authoritative", "billing", "support"],
    },
    {
      customer_id: DEMO.customers.resi,
      user_id: null,
      first_name: "Arjun",
      last_name: "Singh",
      email: "arjun.singh@example.com",
      phone: "416-555-0124",
      status: "pending_activation",
      roles: ["support"],
    },
  ];
  for (const id of [DEMO.customers.familyHome, DEMO.customers.familyCondo, DEMO.customers.familyCottage]) {
    contacts.push({
      customer_id: id,
      user_id: DEMO.users.family,
      first_name: "Jordan",
      last_name: "Gagnon",
      email: "family@example.com",
      phone: "647-555-0188",
      status: "activated",
      roles: ["authoritative", "billing", "support"],
    });
  }
  contacts.push({
    customer_id: DEMO.customers.familyHome,
    user_id: DEMO.users.familyPartner,
    first_name: "Sam",
    last_name: "Gagnon",
    email: "sam.gagnon@example.com",
    phone: "647-555-0189",
    status: "activated",
    roles: ["billing", "support"],
    marked_for_deactivation: true,
  });
  const colleagues = [
    ["Noah", "Williams"],
    ["Aisha", "Mohamed"],
    ["Lucas", "Bouchard"],
    ["Grace", "Kim"],
  ];
  commercialNames.forEach((company, i) => {
    const customerId = DEMO.commercialFirst + i;
    const domain =
      company
        .toLowerCase()
        .replace(/[^a-z]+/g, "")
        .slice(0, 16) + ".example";
    // Priya is authoritative on most accounts; on some she only handles billing or support.
    const priyaRoles =
      i % 5 === 4 ? ["billing", "notify"] : i % 5 === 3 ? ["support", "notify"] : ["authoritative", "billing", "notify", "support"];
    contacts.push({
      customer_id: customerId,
      user_id: DEMO.users.business,
      first_name: "Priya",
      last_name: "Raman",
      email: "business@example.com",
      phone: "416-555-0177",
      status: "activated",
      roles: priyaRoles,
    });
    const [first, last] = colleagues[i % colleagues.length];
    contacts.push({
      customer_id: customerId,
      user_id: null,
      first_name: first,
      last_name: last,
      email: `${first}.${last}@${domain}`.toLowerCase(),
      phone: `416-555-${String(300 + i).padStart(4, "0")}`,
      status: "activated",
      roles: priyaRoles.includes("authoritative") ? ["billing", "notify"] : ["authoritative", "billing", "notify", "support"],
    });
    if (i % 2 === 0) {
      contacts.push({
        customer_id: customerId,
        user_id: null,
        first_name: "IT",
        last_name: "Desk",
        email: `it@${domain}`,
        phone: null,
        status: "pending_activation",
        roles: ["support", "notify"],
      });
    }
  });
  await insert(
    db,
    "contacts",
    contacts.map((c) => ({ marked_for_deactivation: false, ...c })),
  );

  // A scheduled pause on the condo: starts on the first of next month, for three months.
  const pauseStart = addMonths(today, 1, 1);
  await insert(db, "service_pauses", [
    {
      customer_id: DEMO.customers.familyCondo,
      package_id: 5201,
      starts_on: pauseStart,
      ends_on: addMonths(pauseStart, 3, 1),
      status: "scheduled",
    },
  ]);

  await seedBills(ctx, residential, customers);
}

/** 14 months of invoices for every account, and the payments that settled them. */
async function seedBills(ctx: SeedContext, residential: ResidentialSeed[], customers: Record<string, unknown>[]) {
  const { db, today, random } = ctx;
  const invoices: Record<string, unknown>[] = [];
  const lines: { invoice: string; description: string; description_fr: string; amount_cents: number }[] = [];
  const payments: Record<string, unknown>[] = [];
  let transaction = 1;
  const tx = () => `TX-${String(transaction++).padStart(7, "0")}`;
  const TAX = 0.13;

  for (const customer of customers) {
    const id = customer.id as number;
    const res = residential.find((r) => r.id === id);
    const billingDay = customer.billing_day as number;
    const monthly = res ? res.packages.reduce((sum, p) => sum + p.price_cents, 0) : 45_000 + ((id * 7919) % 20) * 2_500;
    const unpaid = res?.unpaidInvoices ?? (id % 5 === 0 ? 1 : 0);
    // The most recent billing day on or before today, then 13 before it.
    let latest = addMonths(today, 0, billingDay);
    if (latest > today) latest = addMonths(today, -1, billingDay);
    for (let m = 13; m >= 0; m--) {
      const issued = addMonths(latest, -m, billingDay);
      if (issued < (customer.customer_since as string)) continue;
      const number = `INV-${id}-${issued.replace(/-/g, "").slice(0, 6)}`;
      const extra = m % 4 === 1 ? 1_299 : 0;
      const subtotal = monthly + extra;
      const total = Math.round(subtotal * (1 + TAX));
      invoices.push({
        customer_id: id,
        invoice_number: number,
        issued_on: issued,
        due_on: addDays(issued, 21),
        period_start: issued,
        period_end: addDays(addMonths(issued, 1, billingDay), -1),
        total_cents: total,
      });
      lines.push({ invoice: number, description: "Monthly services", description_fr: "Services mensuels", amount_cents: monthly });
      if (extra)
        lines.push({
          invoice: number,
          description: "Pay-per-view movie rental",
          description_fr: "Location de film à la carte",
          amount_cents: extra,
        });
      lines.push({ invoice: number, description: "HST (13%)", description_fr: "TVH (13 %)", amount_cents: total - subtotal });

      if (m < unpaid) continue;
      // Settle the invoice: most by card or autopay, some by bank; an occasional decline retried.
      // Paid 3 to 18 days after the bill, but never after yesterday: no payment is dated after the seed day.
      const yesterday = addDays(today, -1);
      const drawn = addDays(issued, random.int(3, 18));
      const payDay = drawn > yesterday ? yesterday : drawn;
      const method = res
        ? random.pick(["credit_card", "credit_card", "pad", "bank"] as const)
        : random.pick(["bank", "pad", "cheque", "credit_card"] as const);
      if (method === "credit_card" && random.next() < 0.15) {
        payments.push({
          customer_id: id,
          paid_at: dayAt(payDay, 14, 5),
          amount_cents: total,
          method,
          type: "one_time",
          status: "declined",
          transaction_id: tx(),
          card_brand: "visa",
          card_last4: "0002",
        });
      }
      payments.push({
        customer_id: id,
        paid_at: dayAt(method === "credit_card" && payDay < yesterday ? addDays(payDay, 1) : payDay, 15, 30),
        amount_cents: total,
        method,
        type: method === "pad" ? "autopay" : "one_time",
        status: "successful",
        transaction_id: tx(),
        card_brand: method === "credit_card" ? "visa" : null,
        card_last4: method === "credit_card" ? "4242" : null,
      });
    }
  }
  // A bank payment made yesterday for the suspended account is still pending (up to 48 hours).
  payments.push({
    customer_id: DEMO.customers.familyHome,
    paid_at: dayAt(addDays(today, -1), 17, 45),
    amount_cents: 12_430,
    method: "bank",
    type: "one_time",
    status: "pending",
    transaction_id: tx(),
    card_brand: null,
    card_last4: null,
  });

  const inserted = await insert(db, "invoices", invoices, "id, invoice_number");
  const idOf = new Map(inserted.map((r) => [r.invoice_number as string, r.id as number]));
  await insert(
    db,
    "invoice_lines",
    lines.map(({ invoice, ...line }) => ({ invoice_id: idOf.get(invoice), ...line })),
  );
  await insert(
    db,
    "payments",
    payments.map((p) => ({ made_by_user_id: null, ...p })),
  );
}
