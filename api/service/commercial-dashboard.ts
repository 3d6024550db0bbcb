/** /commercial-dashboard: account info and services grouped by category. */
import { Router } from "express";
import type { CommercialDashboardAnswer } from "../contract/dashboard.ts";
import { addressLines, together, type AddressColumns, type ServiceContext } from "./context.ts";
import { notFound } from "./errors.ts";
import { requireCustomer, route } from "./http.ts";

/** Commercial categories in the order they are listed; hasStatus says whether services report up/down. */
export const COMMERCIAL_CATEGORIES: Record<string, { en: string; fr: string; hasStatus: boolean }> = {
  dedicated_internet: { en: "Dedicated Internet", fr: "Internet dédié", hasStatus: true },
  wavelength: { en: "Wavelength", fr: "Longueur d’onde", hasStatus: true },
  voice: { en: "Voice", fr: "Téléphonie", hasStatus: true },
  dark_fibre: { en: "Dark Fibre", fr: "Fibre noire", hasStatus: false },
  colocation: { en: "Colocation", fr: "Colocation", hasStatus: false },
};

type StaffRow = { name: string | null; email: string | null; phone: string | null };
const person = (name: string | null, email: string | null, phone: string | null) =>
  name ? { name, email: email ?? "", phone: phone ?? "" } : null;

export function commercialDashboardRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/commercial-dashboard/:id",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.id);
      if (access.isResidential) throw notFound("Commercial account");
      // The account and its services in one statement (the services as a JSON column).
      const read = together(
        {
          sql: `SELECT cu.*, r.name AS rep_name, r.email AS rep_email, r.phone AS rep_phone,
                       a.name AS csa_name, a.email AS csa_email, a.phone AS csa_phone
                  FROM customers cu
                  LEFT JOIN staff r ON r.id = cu.sales_rep_id
                  LEFT JOIN staff a ON a.id = cu.success_advocate_id
                 WHERE cu.id = $1`,
          params: [access.customerId],
        },
        {
          services: {
            sql: `SELECT id, category, name, name_fr, platform_id, status, address_line1, address_line2, city, province, postal_code
                    FROM services WHERE customer_id = $1 ORDER BY id`,
            params: [access.customerId],
            as: "rows",
          },
        },
      );
      const customer = await ctx.db.one<
        AddressColumns & {
          id: number;
          contract_name: string;
          is_house_account: boolean;
          rep_name: StaffRow["name"];
          rep_email: StaffRow["email"];
          rep_phone: StaffRow["phone"];
          csa_name: StaffRow["name"];
          csa_email: StaffRow["email"];
          csa_phone: StaffRow["phone"];
          services: (AddressColumns & {
            id: number;
            category: string;
            name: string;
            name_fr: string;
            platform_id: string | null;
            status: "up" | "down" | "unknown";
          })[];
        }
      >(read.sql, read.params);
      const { services } = customer!;
      const fr = req.lang === "fr";
      const known = Object.keys(COMMERCIAL_CATEGORIES);
      const categories = [...new Set(services.map((s) => s.category))].sort(
        (a, b) => (known.indexOf(a) + 1 || 99) - (known.indexOf(b) + 1 || 99),
      );
      const answer: CommercialDashboardAnswer = {
        customerId: customer!.id,
        customerName: customer!.contract_name,
        customerAddress: addressLines(customer!),
        isHouseAccount: customer!.is_house_account,
        salesRep: person(customer!.rep_name, customer!.rep_email, customer!.rep_phone),
        customerSuccessAdvocate: person(customer!.csa_name, customer!.csa_email, customer!.csa_phone),
        serviceData: categories.map((category) => {
          const meta = COMMERCIAL_CATEGORIES[category];
          return {
            category,
            categoryName: meta ? (fr ? meta.fr : meta.en) : category,
            hasStatus: meta?.hasStatus ?? false,
            services: services
              .filter((s) => s.category === category)
              .map((s) => ({
                service_id: s.id,
                name: fr ? s.name_fr : s.name,
                platform_id: s.platform_id,
                address: addressLines(s),
                status: meta?.hasStatus ? s.status : null,
              })),
          };
        }),
      };
      res.json(answer);
    }),
  );

  return router;
}
