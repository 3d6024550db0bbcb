/** /residential-dashboard: everything the home screen of a residential account shows. */
import { Router } from "express";
import { ResidentialDashboardQuery, type ResidentialDashboardAnswer, type ResidentialBillingDetailsAnswer } from "../contract/dashboard.ts";
import { BALANCE_COLUMNS, balanceOf, type BalanceColumns } from "./billing.ts";
import { addressOf, dollars, isoInstant, todayOf, together, type AddressColumns, type ServiceContext, type Statement } from "./context.ts";
import { notFound } from "./errors.ts";
import { parseInput, requireCustomer, route } from "./http.ts";
import { SERVICE_STATUS } from "./packages.ts";
import { settlementHours } from "./payment-processor.ts";
import { packageStatusOn, pauseStatusOn } from "./services-packages.ts";
import { accountIncidentsOf, accountIncidentsRead } from "./status.ts";
import { isOn } from "./wifi.ts";
import { addMonths } from "#common/calendar";

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
  return addMonths(today, Number(today.slice(8, 10)) < billingDay ? 0 : 1, billingDay);
}

type PackageRow = AddressColumns & {
  id: number;
  name: string;
  name_fr: string;
  status: "active" | "suspended" | "paused" | "cancelled";
  monthly_price_cents: number;
};

type DashboardRow = AddressColumns & {
  account_number: string;
  contract_name: string;
  customer_since: string;
  suspended_for_nonpayment: boolean;
  submitted_proof_of_payment: boolean;
  first_name: string;
  last_name: string;
  username: string;
  phone: string | null;
  tour_ended: boolean;
  marked_for_deactivation: boolean | null;
  services: ServiceRow[];
  wifi: { service_id: number; band: "2.4GHz" | "5GHz" | "guest"; ssid: string; enabled: boolean; off_at: string | null }[];
  packages: PackageRow[];
  pauses: { id: number; package_id: number; starts_on: string; ends_on: string; status: "scheduled" | "active" }[];
  contacts: { id: number; first_name: string; last_name: string; email: string; roles: string[] }[];
};

/** The account, the signed-in user and contact, and the account's services, Wi-Fi, packages, pauses and contacts. */
const DASHBOARD_SQL = `
  SELECT cu.account_number, cu.contract_name, cu.customer_since, cu.suspended_for_nonpayment, cu.submitted_proof_of_payment,
         cu.address_line1, cu.address_line2, cu.city, cu.province, cu.postal_code,
         u.first_name, u.last_name, u.username, u.phone, u.tour_ended_at IS NOT NULL AS tour_ended,
         (SELECT marked_for_deactivation FROM contacts WHERE id = $3) AS marked_for_deactivation,
         COALESCE((SELECT json_agg(json_build_object('id', s.id, 'package_id', s.package_id, 'category', s.category, 'name', s.name,
                                                     'name_fr', s.name_fr, 'status', s.status, 'details', s.details) ORDER BY s.id)
                     FROM services s WHERE s.customer_id = $1), '[]') AS services,
         COALESCE((SELECT json_agg(json_build_object('service_id', w.service_id, 'band', w.band, 'ssid', w.ssid, 'enabled', w.enabled,
                                                     'off_at', w.off_at)
                                   ORDER BY w.service_id, w.band)
                     FROM wifi_networks w JOIN services s ON s.id = w.service_id WHERE s.customer_id = $1), '[]') AS wifi,
         COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'name_fr', p.name_fr, 'status', p.status,
                                                     'monthly_price_cents', p.monthly_price_cents, 'address_line1', p.address_line1,
                                                     'address_line2', p.address_line2, 'city', p.city, 'province', p.province,
                                                     'postal_code', p.postal_code) ORDER BY p.id)
                     FROM packages p WHERE p.customer_id = $1), '[]') AS packages,
         COALESCE((SELECT json_agg(json_build_object('id', x.id, 'package_id', x.package_id, 'starts_on', x.starts_on,
                                                     'ends_on', x.ends_on, 'status', x.status) ORDER BY x.starts_on, x.id)
                     FROM service_pauses x WHERE x.customer_id = $1 AND x.status IN ('scheduled', 'active')), '[]') AS pauses,
         COALESCE((SELECT json_agg(json_build_object('id', c.id, 'first_name', c.first_name, 'last_name', c.last_name,
                                                     'email', c.email, 'roles', c.roles) ORDER BY c.id)
                     FROM contacts c WHERE c.customer_id = $1), '[]') AS contacts
    FROM customers cu, users u
   WHERE cu.id = $1 AND u.id = $2`;

export function residentialDashboardRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/residential-dashboard/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      if (!access.isResidential) throw notFound("Residential account");
      const id = access.customerId;
      const fr = req.lang === "fr";
      // One statement reads the whole screen. Pauses start and end on their dates: the answer shows them
      // as they stand on the service's day, without writing (the settling job makes that durable).
      const include = new Set(parseInput(ResidentialDashboardQuery, req.query).include?.split(","));
      const today = todayOf(ctx);
      // The billing details and the incidents asked for come in the same statement, as JSON columns.
      const read = together(
        { sql: DASHBOARD_SQL, params: [id, req.user!.userId, access.contactId] },
        {
          ...(include.has("billing_details") && { billing_row: { ...billingDetailsRead(id, today), as: "row" as const } }),
          ...(include.has("incidents") && { incident_rows: { ...accountIncidentsRead(id, null, req.lang), as: "rows" as const } }),
        },
      );
      const row = (await ctx.db.one<
        DashboardRow & { billing_row?: BillingDetailsRow; incident_rows?: Parameters<typeof accountIncidentsOf>[0] }
      >(read.sql, read.params))!;
      const billing = row.billing_row && billingDetailsOf(row.billing_row, today);
      const incidents = row.incident_rows && accountIncidentsOf(row.incident_rows, ctx.now());
      // The account, the user and the contact are columns of the one row.
      const [customer, user, contact] = [row, row, row];
      const { wifi, contacts } = row;
      const pauses = row.pauses
        .map((pause) => ({ ...pause, status: pauseStatusOn(pause, today) }))
        .filter((pause): pause is typeof pause & { status: "scheduled" | "active" } => pause.status !== "ended");
      const packages = row.packages.map((p) => ({
        ...p,
        status: packageStatusOn(
          p.status,
          pauses.some((x) => x.package_id === p.id && x.status === "active"),
        ),
      }));
      const changed = new Map(packages.filter((p, i) => p.status !== row.packages[i].status).map((p) => [p.id, p.status]));
      const services = row.services.map((s) => {
        const status = changed.get(s.package_id);
        return status === "active" || status === "paused" ? { ...s, status: SERVICE_STATUS[status] } : s;
      });
      const name = (named: { name: string; name_fr: string }) => (fr ? named.name_fr : named.name);
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
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.username,
          phone: user.phone,
        },
        services: {
          internet: ofCategory("internet").map((s) => ({
            ...base(s),
            download_mbps: Number(s.details.download_mbps ?? 0),
            upload_mbps: Number(s.details.upload_mbps ?? 0),
            wifi_settings: wifi
              .filter((w) => w.service_id === s.id)
              .map(({ band, ssid, enabled, off_at }) => ({ band, ssid, enabled: isOn({ enabled, off_at }, ctx.now()) })),
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
        product_tour_steps: user.tour_ended ? [] : [...TOUR_STEPS],
        ...(billing && { billing_details: billing.billing_details }),
        ...(incidents && { incidents: incidents.incidents }),
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

type BillingDetailsRow = BalanceColumns & {
  billing_day: number;
  current: { invoice_number: string; issued_on: string; due_on: string; total_cents: number } | null;
  last_payment: { amount_cents: number; date: string } | null;
  pending_payments: { amount_cents: number; paid_at: string; method: "credit_card" | "bank" | "pad" | "cheque" }[] | null;
};

/** The read of an account's billing details, for `billingDetailsOf`. */
const billingDetailsRead = (customerId: number, today: string): Statement => ({
  sql: `SELECT ${BALANCE_COLUMNS}, cu.billing_day,
            (SELECT json_build_object('invoice_number', invoice_number, 'issued_on', issued_on, 'due_on', due_on, 'total_cents', total_cents)
               FROM invoices WHERE customer_id = $1 ORDER BY issued_on DESC LIMIT 1) AS current,
            (SELECT json_build_object('amount_cents', amount_cents, 'date', to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
               FROM payments WHERE customer_id = $1 AND status = 'successful' ORDER BY paid_at DESC LIMIT 1) AS last_payment,
            (SELECT json_agg(json_build_object('amount_cents', amount_cents, 'method', method,
                                               'paid_at', ${isoInstant("paid_at")})
                             ORDER BY paid_at DESC, id DESC)
               FROM payments WHERE customer_id = $1 AND status = 'pending') AS pending_payments
       FROM customers cu WHERE cu.id = $1`,
  params: [customerId, today],
});

/** Balance, payments on their way and what is still owed, what is past due, the current invoice and the last payment of an account. */
export async function residentialBillingDetails(ctx: ServiceContext, customerId: number): Promise<ResidentialBillingDetailsAnswer> {
  const today = todayOf(ctx);
  const read = billingDetailsRead(customerId, today);
  return billingDetailsOf((await ctx.db.one<BillingDetailsRow>(read.sql, read.params))!, today);
}

/** An account's billing details from `billingDetailsRead`'s row (or its JSON). */
function billingDetailsOf(row: BillingDetailsRow, today: string): ResidentialBillingDetailsAnswer {
  const totals = balanceOf(row);
  const { current, last_payment: lastPayment, billing_day: billingDay } = row;
  const balance = totals.balanceCents;
  const pastDue = totals.pastDueCents;
  const pending = (row.pending_payments ?? []).map((p) => {
    const paidAt = new Date(p.paid_at);
    return {
      amount: dollars(p.amount_cents),
      date: p.paid_at.slice(0, 10),
      method: p.method,
      settles_by: new Date(paidAt.getTime() + settlementHours(p.method) * 3_600_000).toISOString(),
    };
  });
  return {
    billing_details: {
      balance_owing: dollars(balance),
      pending_payments: pending,
      pending_total: dollars(totals.pendingCents),
      amount_due: dollars(totals.amountDueCents),
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
      last_payment: lastPayment ? { amount: dollars(lastPayment.amount_cents), date: lastPayment.date } : null,
      next_bill_date: nextBillDate(today, billingDay),
    },
  };
}
