/**
 * Demo data of account access flows, OAuth and orders. There is no mail server, so the links a
 * customer would receive use the fixed tokens below (only their hashes are stored):
 *
 *  - /recover-password/<recoveryResi>: resets the password of resi@example.com (valid 7 days from the
 *    seed day, unlike the 1 hour of links the service sends).
 *  - /activate-account/<activation>: first sign-in of olivia.tremblay@example.com, a new residential
 *    customer (account 100401) who has no password yet (valid 14 days).
 *  - Order 900001 of that new customer (links valid 60 days): summary, appointment confirmation
 *    (booked window not yet confirmed, four others offered), hand-over from sales agent Daniel Okafor
 *    (/handoff/order/900001?token=<orderHandoff>) and the service agreement, not yet accepted.
 *  - Order 900002 of resi@example.com (a WiFi extender): agreement accepted and appointment confirmed;
 *    resi sees its hand-over page signed in, without a token.
 *  - OAuth clients support-portal and router-app with their secrets and redirect URIs.
 */
import { hashSecret } from "../../service/auth-flows.ts";
import { DEMO, type SeedContext } from "./core.ts";
import { addDays, addMonths, dayAt } from "#common/calendar";
import { insert } from "./tools.ts";

export const AUTH_FLOWS_DEMO = {
  users: { newCustomer: 51 },
  usernames: { newCustomer: "olivia.tremblay@example.com" },
  customers: { newCustomer: 100401 },
  orders: { newCustomer: 900001, resiExtender: 900002 },
  tokens: {
    recoveryResi: "demo-recover-resi-5tQ8wLm2Xc7Vb4Nz",
    activation: "demo-activate-olivia-K3p9Rw6Yd2Hs8Jq",
    orderSummary: "demo-order-summary-900001-Fh4Tz8Lq2Wn6",
    orderConfirmation: "demo-order-confirm-900001-Gm5Rx9Kp3Vb7",
    orderHandoff: "demo-order-handoff-900001-Jd2Ws6Np8Qc4",
    agreement: "demo-agreement-900001-Lt7Hy3Mb9Zx5",
    resiOrderSummary: "demo-order-summary-900002-Ab6Yn2Ce9Gk3",
    resiOrderHandoff: "demo-order-handoff-900002-Pv3Kc8Ds5Rf1",
  },
  oauth: {
    supportPortal: {
      client_id: "support-portal",
      secret: "demo-support-portal-secret-7Hq2Lx9Vw4Rk",
      redirect_uri: "https://support.lakeshore-fibre.example/oauth/callback",
    },
    routerApp: {
      client_id: "router-app",
      secret: "demo-router-app-secret-3Mz8Pd5Tn1Gy",
      redirect_uri: "https://app.lakeshore-fibre.example/router/oauth/callback",
    },
  },
} as const;

type Text = { en: string; fr: string };
const section = (heading: Text, body: Text) => ({ heading, body });

const PORTAL_TERMS = [
  section(
    { en: "Your online account", fr: "Votre compte en ligne" },
    {
      en: "The online account lets the contacts named on a customer account see its services and bills and, according to their roles, change them. What you do in it has the same effect as asking us by phone.",
      fr: "Le compte en ligne permet aux personnes-ressources d’un compte client d’en voir les services et les factures et, selon leurs rôles, de les modifier. Ce que vous y faites a le même effet qu’une demande faite par téléphone.",
    },
  ),
  section(
    { en: "Keeping your password safe", fr: "Protéger votre mot de passe" },
    {
      en: "Keep your password to yourself and choose one you use nowhere else. If you think someone else knows it, change it or ask for a reset link at once.",
      fr: "Gardez votre mot de passe pour vous et choisissez-en un que vous n’utilisez nulle part ailleurs. Si vous pensez que quelqu’un le connaît, changez-le ou demandez tout de suite un lien de réinitialisation.",
    },
  ),
  section(
    { en: "Your information", fr: "Vos renseignements" },
    {
      en: "We use the information in your account only to provide and bill your services and to answer you. We do not sell it.",
      fr: "Nous utilisons les renseignements de votre compte uniquement pour fournir et facturer vos services et pour vous répondre. Nous ne les vendons pas.",
    },
  ),
  section(
    { en: "Changes to these terms", fr: "Modifications de ces conditions" },
    {
      en: "We tell you by e-mail at least 30 days before these terms change.",
      fr: "Nous vous prévenons par courriel au moins 30 jours avant toute modification de ces conditions.",
    },
  ),
];

const SERVICE_AGREEMENT = [
  section(
    { en: "Term", fr: "Durée" },
    {
      en: "Your services are month to month: there is no fixed term and no cancellation fee.",
      fr: "Vos services sont au mois : il n’y a ni durée fixe ni frais de résiliation.",
    },
  ),
  section(
    { en: "Monthly charges and billing", fr: "Frais mensuels et facturation" },
    {
      en: "Monthly charges are billed in advance on your billing day; one-time charges appear on your first bill. Bills are due 21 days after they are issued.",
      fr: "Les frais mensuels sont facturés d’avance à votre date de facturation; les frais uniques figurent sur votre première facture. Les factures sont payables 21 jours après leur émission.",
    },
  ),
  section(
    { en: "Installation", fr: "Installation" },
    {
      en: "A technician installs your services during the appointment window you confirm. An adult must be present. Your services start on the day they are installed.",
      fr: "Un technicien installe vos services pendant la plage de rendez-vous que vous confirmez. Un adulte doit être présent. Vos services commencent le jour de leur installation.",
    },
  ),
  section(
    { en: "Equipment", fr: "Équipement" },
    {
      en: "Rented equipment stays our property. Return it within 30 days after your services end, or its replacement cost is billed.",
      fr: "L’équipement loué demeure notre propriété. Retournez-le dans les 30 jours suivant la fin de vos services, sinon son coût de remplacement sera facturé.",
    },
  ),
  section(
    { en: "Cancelling", fr: "Résiliation" },
    {
      en: "You may cancel at any time with 30 days’ notice, from your online account or by phone.",
      fr: "Vous pouvez résilier en tout temps avec un préavis de 30 jours, depuis votre compte en ligne ou par téléphone.",
    },
  ),
];

export async function seedAuthFlows(ctx: SeedContext): Promise<void> {
  const { db, today } = ctx;
  const ids = AUTH_FLOWS_DEMO;
  const seedMoment = dayAt(today, 9);

  await insert(db, "legal_documents", [
    {
      id: "portal-terms-3",
      kind: "portal_terms",
      version: "3",
      title: "Online account terms of use",
      title_fr: "Conditions d’utilisation du compte en ligne",
      effective_on: addMonths(today, -10, 1),
      sections: JSON.stringify(PORTAL_TERMS),
    },
    {
      id: "service-agreement-2026",
      kind: "service_agreement",
      version: "2026.1",
      title: "Residential service agreement",
      title_fr: "Contrat de service résidentiel",
      effective_on: addMonths(today, -8, 1),
      sections: JSON.stringify(SERVICE_AGREEMENT),
    },
  ]);

  // A new customer: the account exists, the person has not chosen a password yet.
  await insert(db, "users", [
    {
      id: ids.users.newCustomer,
      username: ids.usernames.newCustomer,
      password_hash: null,
      first_name: "Olivia",
      last_name: "Tremblay",
      phone: "416-555-0142",
      preferred_language: "en",
    },
  ]);
  await insert(db, "customers", [
    {
      id: ids.customers.newCustomer,
      contract_name: "Olivia Tremblay",
      account_number: `LF-${ids.customers.newCustomer}`,
      is_residential: true,
      address_line1: "88 Broadview Avenue",
      address_line2: "Unit 12",
      city: "Toronto",
      province: "ON",
      postal_code: "M4M 2E6",
      customer_since: addDays(today, -1),
      billing_day: Math.min(28, Number(today.slice(8, 10))),
    },
  ]);
  await insert(db, "contacts", [
    {
      customer_id: ids.customers.newCustomer,
      user_id: ids.users.newCustomer,
      first_name: "Olivia",
      last_name: "Tremblay",
      email: ids.usernames.newCustomer,
      phone: "416-555-0142",
      status: "pending_activation",
      roles: ["authoritative", "billing", "support"],
    },
  ]);

  await insert(db, "account_tokens", [
    {
      user_id: DEMO.users.resi,
      purpose: "password_recovery",
      token_hash: hashSecret(ids.tokens.recoveryResi),
      created_at: seedMoment,
      expires_at: dayAt(addDays(today, 7), 9),
    },
    {
      user_id: ids.users.newCustomer,
      purpose: "account_activation",
      token_hash: hashSecret(ids.tokens.activation),
      created_at: seedMoment,
      expires_at: dayAt(addDays(today, 14), 9),
    },
  ]);

  await insert(db, "oauth_clients", [
    {
      client_id: ids.oauth.supportPortal.client_id,
      name: "Lakeshore Support Centre",
      name_fr: "Centre de soutien Lakeshore",
      secret_hash: hashSecret(ids.oauth.supportPortal.secret),
      redirect_uris: [ids.oauth.supportPortal.redirect_uri],
      scopes: ["profile", "accounts", "sso"],
    },
    {
      client_id: ids.oauth.routerApp.client_id,
      name: "Lakeshore Home WiFi app",
      name_fr: "Application WiFi Maison Lakeshore",
      secret_hash: hashSecret(ids.oauth.routerApp.secret),
      redirect_uris: [ids.oauth.routerApp.redirect_uri],
      scopes: ["profile", "router", "sso"],
    },
  ]);

  // Orders. Windows are in UTC: 13:00–17:00 and 17:00–21:00 are 8–12 and 12–4 in Toronto in winter.
  const orderBase = {
    status: "open",
    province: "ON",
    tax_name: "HST",
    tax_name_fr: "TVH",
    tax_rate_bp: 1300,
    agreement_document_id: "service-agreement-2026",
  };
  await insert(db, "orders", [
    {
      ...orderBase,
      id: ids.orders.newCustomer,
      order_number: `ORD-${ids.orders.newCustomer}`,
      customer_id: ids.customers.newCustomer,
      placed_at: dayAt(addDays(today, -1), 18, 20),
      sales_agent_id: 1,
      address_line1: "88 Broadview Avenue",
      address_line2: "Unit 12",
      city: "Toronto",
      postal_code: "M4M 2E6",
      agreement_accepted_at: null,
      agreement_language: null,
      appointment_confirmed_at: null,
    },
    {
      ...orderBase,
      id: ids.orders.resiExtender,
      order_number: `ORD-${ids.orders.resiExtender}`,
      customer_id: DEMO.customers.resi,
      placed_at: dayAt(addDays(today, -6), 16, 45),
      sales_agent_id: 2,
      address_line1: "245 Carlaw Avenue",
      address_line2: "Unit 4",
      city: "Toronto",
      postal_code: "M4M 2S1",
      agreement_accepted_at: dayAt(addDays(today, -5), 14, 10),
      agreement_language: "en",
      appointment_confirmed_at: dayAt(addDays(today, -5), 14, 12),
    },
  ]);
  await insert(db, "order_items", [
    {
      order_id: ids.orders.newCustomer,
      position: 1,
      name: "Fibre 1 Gbps",
      name_fr: "Fibre 1 Gbit/s",
      monthly_price_cents: 8_500,
      one_time_price_cents: 0,
    },
    {
      order_id: ids.orders.newCustomer,
      position: 2,
      name: "TV Essentials",
      name_fr: "Télé essentielle",
      monthly_price_cents: 3_000,
      one_time_price_cents: 0,
    },
    {
      order_id: ids.orders.newCustomer,
      position: 3,
      name: "WiFi 6 router rental",
      name_fr: "Location de routeur WiFi 6",
      monthly_price_cents: 500,
      one_time_price_cents: 0,
    },
    {
      order_id: ids.orders.newCustomer,
      position: 4,
      name: "Professional installation",
      name_fr: "Installation professionnelle",
      monthly_price_cents: 0,
      one_time_price_cents: 9_900,
    },
    {
      order_id: ids.orders.newCustomer,
      position: 5,
      name: "Activation fee",
      name_fr: "Frais d’activation",
      monthly_price_cents: 0,
      one_time_price_cents: 2_500,
    },
    {
      order_id: ids.orders.resiExtender,
      position: 1,
      name: "Mesh WiFi extender rental",
      name_fr: "Location de répéteur WiFi maillé",
      monthly_price_cents: 700,
      one_time_price_cents: 0,
    },
    {
      order_id: ids.orders.resiExtender,
      position: 2,
      name: "Extender installation",
      name_fr: "Installation du répéteur",
      monthly_price_cents: 0,
      one_time_price_cents: 4_900,
    },
  ]);
  const slot = (orderId: number, days: number, startHour: number) => ({
    order_id: orderId,
    starts_at: dayAt(addDays(today, days), startHour),
    ends_at: dayAt(addDays(today, days), startHour + 4),
  });
  const windows = await insert(
    db,
    "order_appointment_windows",
    [
      slot(ids.orders.newCustomer, 1, 13),
      slot(ids.orders.newCustomer, 3, 13),
      slot(ids.orders.newCustomer, 3, 17),
      slot(ids.orders.newCustomer, 5, 13),
      slot(ids.orders.newCustomer, 8, 17),
      slot(ids.orders.resiExtender, 6, 13),
      slot(ids.orders.resiExtender, 7, 17),
    ],
    "id",
  );
  // Booked: the new customer's second window (in 3 days, not confirmed yet); resi's first.
  await db.query("UPDATE orders SET appointment_window_id = $2 WHERE id = $1", [ids.orders.newCustomer, windows[1].id]);
  await db.query("UPDATE orders SET appointment_window_id = $2 WHERE id = $1", [ids.orders.resiExtender, windows[5].id]);

  const linkExpiry = dayAt(addDays(today, 60), 9);
  const link = (orderId: number, purpose: string, token: string) => ({
    order_id: orderId,
    purpose,
    token_hash: hashSecret(token),
    created_at: seedMoment,
    expires_at: linkExpiry,
  });
  await insert(db, "order_tokens", [
    link(ids.orders.newCustomer, "summary", ids.tokens.orderSummary),
    link(ids.orders.newCustomer, "confirmation", ids.tokens.orderConfirmation),
    link(ids.orders.newCustomer, "handoff", ids.tokens.orderHandoff),
    link(ids.orders.newCustomer, "agreement", ids.tokens.agreement),
    link(ids.orders.resiExtender, "summary", ids.tokens.resiOrderSummary),
    link(ids.orders.resiExtender, "handoff", ids.tokens.resiOrderHandoff),
  ]);
}
