/** /residential-dashboard: everything the home screen of a residential account shows. */
import { Router } from "express";
import type { ResidentialDashboardAnswer, ResidentialBillingDetailsAnswer } from "../contract/dashboard.ts";
import { accountBalance } from "./billing.ts";
import { addressOf, dollars, todayOf, type AddressColumns, type ServiceContext } from "./context.ts";
import { notFound } from "./errors.ts";
import { requireCustomer, route } from "./http.ts";
import { settlePauses } from "./services.ts";

/** Customer care numbers and hours (Monday to Friday); technical support answers 24/7. */
export const SUPPORT_INFO = {
  phone: "416-555-0150",
  email: "support@lakeshore-fibre.example",
  opens_at: "08:00",
  closes_at: "20:00",
  tech_support_phone: "416-555-0199",
} as const;

const TOUR_STEPS = ["profile", "billing", "internet", "support"] as const;

type ServiceRow = {
  id: number;
  package_id: number;
  category: string;
  name: string;
  name_fr: string;
  status: "connected" | "interrupted" | "paused";
  details: Record<string, unknown>;
};

/** The next date, after today, that falls on the account's billing day. */
export function nextBillDate(today: string, billingDay: number): string {
  const [y, m, d] = today.split("-").map(Number);
  const thisMonth = new Date(Date.UTC(y, m - 1, billingDay));
  const next = d < billingDay ? thisMonth : new Date(Date.UTC(y, m, billingDay));
  return next.toISOString().slice(0, 10);
}

export function residentialDashboardRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/residential-dashboard/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      if (!access.isResidential) throw notFound("Residential account");
      const id = access.customerId;
      const fr = req.lang === "fr";
      // Pauses start and end on their dates: bring them up to the service clock before reading.
      await settlePauses(ctx.db, id, ctx.now());
      const [customer, user, contact, services, wifi, packages, pauses, contacts] = await Promise.all([
        ctx.db.one<
          AddressColumns & {
            id: number;
            account_number: string;
            contract_name: string;
            customer_since: string;
            suspended_for_nonpayment: boolean;
            submitted_proof_of_payment: boolean;
          }
        >("SELECT * FROM customers WHERE id = $1", [id]),
        ctx.db.one<{ first_name: string; last_name: string; username: string; phone: string | null; tour_ended_at: Date | null }>(
          "SELECT first_name, last_name, username, phone, tour_ended_at FROM users WHERE id = $1",
          [req.user!.userId],
        ),
        ctx.db.one<{ marked_for_deactivation: boolean }>("SELECT marked_for_deactivation FROM contacts WHERE id = $1", [access.contactId]),
        ctx.db.query<ServiceRow>(
          "SELECT id, package_id, category, name, name_fr, status, details FROM services WHERE customer_id = $1 ORDER BY id",
          [id],
        ),
        ctx.db.query<{ service_id: number; band: "2.4GHz" | "5GHz" | "guest"; ssid: string; enabled: boolean }>(
          `SELECT w.service_id, w.band, w.ssid, w.enabled FROM wifi_networks w
             JOIN services s ON s.id = w.service_id WHERE s.customer_id = $1 ORDER BY w.service_id, w.band`,
          [id],
        ),
        ctx.db.query<
          AddressColumns & {
            id: number;
            name: string;
            name_fr: string;
            status: "active" | "suspended" | "paused" | "cancelled";
            monthly_price_cents: number;
          }
        >("SELECT * FROM packages WHERE customer_id = $1 ORDER BY id", [id]),
        ctx.db.query<{ id: number; package_id: number; starts_on: string; ends_on: string; status: "scheduled" | "active" }>(
          `SELECT id, package_id, starts_on, ends_on, status FROM service_pauses
            WHERE customer_id = $1 AND status IN ('scheduled', 'active') ORDER BY starts_on`,
          [id],
        ),
        ctx.db.query<{ id: number; first_name: string; last_name: string; email: string; roles: string[] }>(
          "SELECT id, first_name, last_name, email, roles FROM contacts WHERE customer_id = $1 ORDER BY id",
          [id],
        ),
      ]);
      const name = (row: { name: string; name_fr: string }) => (fr ? row.name_fr : row.name);
      const ofCategory = (category: string) => services.filter((s) => s.category === category);
      const base = (s: ServiceRow) => ({ service_id: s.id, package_id: s.package_id, name: name(s), status: s.status });
      const addresses = new Set(packages.map((p) => `${p.address_line1}|${p.address_line2}|${p.postal_code}`));

      const answer: ResidentialDashboardAnswer = {
        account_details: {
          customer_id: id,
          account_number: customer!.account_number,
          contract_name: customer!.contract_name,
          customer_since: customer!.customer_since,
          billing_address: addressOf(customer!),
        },
        profile_details: {
          first_name: user!.first_name,
          last_name: user!.last_name,
          email: user!.username,
          phone: user!.phone,
        },
        services: {
          internet: ofCategory("internet").map((s) => ({
            ...base(s),
            download_mbps: Number(s.details.download_mbps ?? 0),
            upload_mbps: Number(s.details.upload_mbps ?? 0),
            wifi_settings: wifi.filter((w) => w.service_id === s.id).map(({ band, ssid, enabled }) => ({ band, ssid, enabled })),
          })),
          tv: ofCategory("tv").map((s) => ({ ...base(s), channel_count: Number(s.details.channel_count ?? 0) })),
          home_phone: ofCategory("home_phone").map((s) => ({ ...base(s), phone_number: String(s.details.phone_number ?? "") })),
          out_and_about: ofCategory("out_and_about").map(base),
        },
        bundled_services: packages.map((p) => {
          const pause = pauses.find((x) => x.package_id === p.id);
          return {
            package_id: p.id,
            name: name(p),
            status: p.status,
            monthly_price: dollars(p.monthly_price_cents),
            service_address: addressOf(p),
            scheduled_pause: pause
              ? { pause_id: pause.id, package_id: p.id, from_date: pause.starts_on, until_date: pause.ends_on, status: pause.status }
              : null,
          };
        }),
        support: { ...SUPPORT_INFO },
        customer_contacts: contacts.map((c) => ({
          contact_id: c.id,
          first_name: c.first_name,
          last_name: c.last_name,
          email: c.email,
          roles: c.roles,
        })),
        suspended_for_nonpayment: customer!.suspended_for_nonpayment,
        submitted_proof_of_payment: customer!.submitted_proof_of_payment,
        has_multiple_service_addresses: addresses.size > 1,
        contact_marked_for_deactivation: contact?.marked_for_deactivation ?? false,
        product_tour_steps: user!.tour_ended_at ? [] : [...TOUR_STEPS],
      };
      res.json(answer);
    }),
  );

  router.get(
    "/residential-dashboard/:customerId/billing-details",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      if (!access.isResidential) throw notFound("Residential account");
      res.json(await residentialBillingDetails(ctx, access.customerId));
    }),
  );

  return router;
}

/** Balance, what is past due, the current invoice and the last payment of an account. */
export async function residentialBillingDetails(ctx: ServiceContext, customerId: number): Promise<ResidentialBillingDetailsAnswer> {
  const today = todayOf(ctx);
  const [totals, current, lastPayment, customer] = await Promise.all([
    accountBalance(ctx.db, customerId, today),
    ctx.db.one<{ invoice_number: string; issued_on: string; due_on: string; total_cents: number }>(
      "SELECT invoice_number, issued_on, due_on, total_cents FROM invoices WHERE customer_id = $1 ORDER BY issued_on DESC LIMIT 1",
      [customerId],
    ),
    ctx.db.one<{ amount_cents: number; paid_at: Date }>(
      `SELECT amount_cents, paid_at FROM payments WHERE customer_id = $1 AND status = 'successful'
        ORDER BY paid_at DESC LIMIT 1`,
      [customerId],
    ),
    ctx.db.one<{ billing_day: number }>("SELECT billing_day FROM customers WHERE id = $1", [customerId]),
  ]);
  const balance = totals.balanceCents;
  const pastDue = totals.pastDueCents;
  return {
    billing_details: {
      balance_owing: dollars(balance),
      past_due: dollars(pastDue),
      due_date: balance > 0 && current ? current.due_on : null,
      current_invoice: current
        ? {
            invoice_number: current.invoice_number,
            issued_on: current.issued_on,
            due_on: current.due_on,
            total: dollars(current.total_cents),
          }
        : null,
      last_payment: lastPayment
        ? { amount: dollars(lastPayment.amount_cents), date: lastPayment.paid_at.toISOString().slice(0, 10) }
        : null,
      next_bill_date: nextBillDate(today, customer!.billing_day),
    },
  };
}
