/** /dashboard: the accounts a user is a contact of, and one of them. */
import { Router } from "express";
import type { ContactRole } from "../contract/contacts.ts";
import type { Customer } from "../contract/dashboard.ts";
import type { ServiceContext } from "./context.ts";
import { currentUser, requireCustomer, route } from "./http.ts";

interface CustomerRow {
  id: number;
  contract_name: string;
  is_residential: boolean;
  is_billing_authoritative: boolean;
  credit_card_allowed: boolean;
  roles: ContactRole[];
  [key: string]: unknown;
}

const toCustomer = (row: CustomerRow): Customer => ({
  customer_id: row.id,
  contract_name: row.contract_name,
  isResidential: row.is_residential,
  isBillingAuthoritative: row.is_billing_authoritative,
  credit_card_allowed: row.credit_card_allowed,
  roles: row.roles,
});

const CUSTOMER_COLUMNS = "cu.id, cu.contract_name, cu.is_residential, cu.is_billing_authoritative, cu.credit_card_allowed, c.roles";

export function dashboardRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/dashboard",
    route(async (req, res) => {
      const user = currentUser(req);
      // Authentication read the user's accounts and username with the session check (unless they are many).
      const accounts = req.principal?.accounts;
      if (accounts) {
        res.json({ customers: accounts.map((a) => toCustomer({ id: a.customer_id, ...a })), username: req.principal!.username });
        return;
      }
      // The session check read the username; a request without one reads it here.
      const [rows, account] = await Promise.all([
        ctx.db.query<CustomerRow>(
          // Each account by its key: for a contact of hundreds, PostgreSQL would otherwise hash all
          // customers (seen at 20,000: 2.4 ms against 0.4; tests/scale/query-plans.test.ts).
          `SELECT ${CUSTOMER_COLUMNS}
             FROM contacts c CROSS JOIN LATERAL (SELECT * FROM customers WHERE id = c.customer_id LIMIT 1) cu
            WHERE c.user_id = $1 AND c.status = 'activated'
            ORDER BY cu.contract_name, cu.id`,
          [user.userId],
        ),
        req.principal ?? ctx.db.one<{ username: string }>("SELECT username FROM users WHERE id = $1", [user.userId]),
      ]);
      res.json({ customers: rows.map(toCustomer), username: account?.username ?? "" });
    }),
  );

  router.get(
    "/dashboard/:id",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.id);
      const row = await ctx.db.one<CustomerRow>(
        `SELECT ${CUSTOMER_COLUMNS} FROM customers cu JOIN contacts c ON c.customer_id = cu.id WHERE c.id = $1`,
        [access.contactId],
      );
      res.json({ customer: toCustomer(row!) });
    }),
  );

  return router;
}
