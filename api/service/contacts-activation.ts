/**
 * The public half of contact activation: /activate-customer-contact/{customerId}/{contactToken}. A
 * contact added to an account (contacts.ts) gets a single-use link; opening it shows whom it is for,
 * and posting it activates the contact: with the password of an existing sign-in of that e-mail (counted,
 * MAX_ACTIVATION_ATTEMPTS wrong ones revoke the link) or with a new password. An unknown, used, revoked
 * or expired link, or one of another account, answers 404 (the portal's "cannot be found or the link has
 * expired" page).
 */
import { Router } from "express";
import { ContactActivationRequest, NewPassword, type ContactActivatedAnswer, type ContactActivationAnswer } from "../contract/contacts.ts";
import type { Db } from "../db/client.ts";
import { hashActivationToken } from "./contacts.ts";
import type { ServiceContext } from "./context.ts";
import { ApiError, notFound, unprocessable } from "./errors.ts";
import { jsonGet, parseInput, route } from "./http.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

/** Wrong passwords an activation link takes (linking to an existing sign-in) before it is revoked. */
export const MAX_ACTIVATION_ATTEMPTS = 5;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

interface ActivationRow {
  id: number;
  contact_id: number;
  customer_id: number;
  expires_at: Date;
  failed_attempts: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  contract_name: string;
}

export function contactActivationRoutes(ctx: ServiceContext): Router {
  const router = Router();

  async function liveActivation(db: Db, customerIdParam: string, token: string, lock: boolean): Promise<ActivationRow> {
    const customerId = Number(customerIdParam);
    if (!Number.isSafeInteger(customerId) || customerId <= 0 || !TOKEN_SHAPE.test(token)) throw notFound("Activation link");
    const row = await db.one<ActivationRow>(
      `SELECT a.id, a.contact_id, c.customer_id, a.expires_at, a.failed_attempts,
              c.first_name, c.last_name, c.email, c.phone, cu.contract_name
         FROM contact_activations a
         JOIN contacts c ON c.id = a.contact_id
         JOIN customers cu ON cu.id = c.customer_id
        WHERE a.token_hash = $1 AND c.customer_id = $2
          AND a.used_at IS NULL AND a.revoked_at IS NULL AND a.expires_at > $3
          AND c.status = 'pending_activation'
        ${lock ? "FOR UPDATE OF a, c" : ""}`,
      [hashActivationToken(token), customerId, ctx.now()],
    );
    if (!row) throw notFound("Activation link");
    return row;
  }

  jsonGet(router, "/activate-customer-contact/:customerId/:contactToken", async (req) => {
    const activation = await liveActivation(ctx.db, req.params.customerId as string, req.params.contactToken as string, false);
    const user = await ctx.db.one<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE username = $1", [
      activation.email,
    ]);
    const answer: ContactActivationAnswer = {
      customer_name: activation.contract_name,
      first_name: activation.first_name,
      last_name: activation.last_name,
      email: activation.email,
      has_account: Boolean(user?.password_hash),
      expires_at: activation.expires_at.toISOString(),
    };
    return answer;
  });

  router.post(
    "/activate-customer-contact/:customerId/:contactToken",
    route(async (req, res) => {
      const input = parseInput(ContactActivationRequest, req.body ?? {});
      // A wrong password is counted (and commits) before it is refused.
      const outcome = await ctx.db.transaction(async (tx): Promise<ContactActivatedAnswer | "wrong_password"> => {
        const activation = await liveActivation(tx, req.params.customerId as string, req.params.contactToken as string, true);
        const now = ctx.now();
        const user = await tx.one<{ id: number; password_hash: string | null }>(
          "SELECT id, password_hash FROM users WHERE username = $1 FOR UPDATE",
          [activation.email],
        );
        let userId: number;
        let created: boolean;
        if (user?.password_hash) {
          // An existing sign-in: only its owner links it, by its password.
          if (!input.password) throw unprocessable({ password: ["password.required"] });
          if (!(await verifyPassword(input.password, user.password_hash))) {
            const attempts = activation.failed_attempts + 1;
            await tx.query("UPDATE contact_activations SET failed_attempts = $2, revoked_at = $3 WHERE id = $1", [
              activation.id,
              attempts,
              attempts >= MAX_ACTIVATION_ATTEMPTS ? now : null,
            ]);
            return "wrong_password";
          }
          userId = user.id;
          created = false;
        } else {
          const { password } = parseInput(NewPassword, input);
          const passwordHash = await hashPassword(password);
          if (user) {
            // A sign-in that never got a password: the link proves the e-mail, so it sets one.
            await tx.query("UPDATE users SET password_hash = $2 WHERE id = $1", [user.id, passwordHash]);
            userId = user.id;
          } else {
            const inserted = await tx.one<{ id: number }>(
              `INSERT INTO users (username, password_hash, first_name, last_name, phone, preferred_language)
               VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (username) DO NOTHING RETURNING id`,
              [activation.email, passwordHash, activation.first_name, activation.last_name, activation.phone, req.lang],
            );
            if (!inserted) throw new ApiError(409, "A sign-in with this e-mail was created meanwhile; try again");
            userId = inserted.id;
          }
          created = true;
        }
        const twin = await tx.one("SELECT 1 FROM contacts WHERE customer_id = $1 AND user_id = $2 AND id <> $3", [
          activation.customer_id,
          userId,
          activation.contact_id,
        ]);
        if (twin) throw new ApiError(409, "This sign-in is already a contact of the account");
        await tx.query("UPDATE contacts SET status = 'activated', user_id = $2 WHERE id = $1", [activation.contact_id, userId]);
        await tx.query("UPDATE contact_activations SET used_at = $2 WHERE id = $1", [activation.id, now]);
        await tx.query(
          "UPDATE contact_activations SET revoked_at = $3 WHERE contact_id = $1 AND id <> $2 AND used_at IS NULL AND revoked_at IS NULL",
          [activation.contact_id, activation.id, now],
        );
        return { success: true, username: activation.email, account_created: created };
      });
      if (outcome === "wrong_password") {
        throw unprocessable({ password: ["password.incorrect"] }, "The password of the existing sign-in is needed");
      }
      res.json(outcome);
    }),
  );

  return router;
}
