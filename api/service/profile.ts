/**
 * The signed-in user: as a contact of an account (/profile-details), their own settings and password
 * (/profile-settings), and the end of the intro tour (/residential-dashboard/endTour).
 */
import { Router } from "express";
import {
  ChangePasswordRequest,
  CurrentUserQuery,
  EndTourRequest,
  UpdateProfileRequest,
  type CurrentUserAnswer,
  type ProfileDetailsAnswer,
} from "../contract/accounts.ts";
import type { ServiceContext } from "./context.ts";
import { fieldErrors, unprocessable } from "./errors.ts";
import { currentUser, parseInput, requireCustomer, route, type ContactRole } from "./http.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { twoStepStatus } from "./two-step.ts";

export function profileRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/profile-details/:customerId",
    route(async (req, res) => {
      const access = await requireCustomer(ctx.db, req, req.params.customerId);
      const contact = await ctx.db.one<{
        first_name: string;
        last_name: string;
        email: string;
        phone: string | null;
        roles: ContactRole[];
        marked_for_deactivation: boolean;
      }>("SELECT first_name, last_name, email, phone, roles, marked_for_deactivation FROM contacts WHERE id = $1", [access.contactId]);
      const answer: ProfileDetailsAnswer = {
        profile_details: {
          contact_id: access.contactId,
          customer_id: access.customerId,
          first_name: contact!.first_name,
          last_name: contact!.last_name,
          email: contact!.email,
          phone: contact!.phone,
          roles: contact!.roles,
          marked_for_deactivation: contact!.marked_for_deactivation,
        },
      };
      res.json(answer);
    }),
  );

  router.get(
    "/profile-settings",
    route(async (req, res) => {
      const { userId } = currentUser(req);
      const include = new Set(parseInput(CurrentUserQuery, req.query).include?.split(","));
      const [user, twoStep] = await Promise.all([
        ctx.db.one<{
          username: string;
          first_name: string;
          last_name: string;
          phone: string | null;
          preferred_language: "en" | "fr";
          password_changed_at: Date | null;
        }>("SELECT username, first_name, last_name, phone, preferred_language, password_changed_at FROM users WHERE id = $1", [userId]),
        include.has("two_step") ? twoStepStatus(ctx.db, userId) : undefined,
      ]);
      const answer: CurrentUserAnswer = {
        current_user: {
          user_id: userId,
          username: user!.username,
          email: user!.username,
          first_name: user!.first_name,
          last_name: user!.last_name,
          phone: user!.phone,
          preferred_language: user!.preferred_language,
          password_changed_at: user!.password_changed_at ? user!.password_changed_at.toISOString() : null,
        },
        ...(twoStep && { two_step: twoStep }),
      };
      res.json(answer);
    }),
  );

  // The user's name and phone are also those of their contact entries on every account.
  router.put(
    "/profile-settings",
    route(async (req, res) => {
      const { userId } = currentUser(req);
      const input = parseInput(UpdateProfileRequest, req.body ?? {});
      const keepPhone = input.phone === undefined;
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE users SET first_name = $2, last_name = $3, preferred_language = $4,
                            phone = CASE WHEN $5 THEN phone ELSE $6 END
            WHERE id = $1`,
          [userId, input.first_name, input.last_name, input.preferred_language, keepPhone, input.phone ?? null],
        );
        await tx.query(
          `UPDATE contacts SET first_name = $2, last_name = $3, phone = CASE WHEN $4 THEN phone ELSE $5 END
            WHERE user_id = $1`,
          [userId, input.first_name, input.last_name, keepPhone, input.phone ?? null],
        );
      });
      res.json({ success: true });
    }),
  );

  // Every rule is checked and reported at once; the current password is checked only when given.
  router.put(
    "/profile-settings/password",
    route(async (req, res) => {
      const { userId, sessionId } = currentUser(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const parsed = ChangePasswordRequest.safeParse(body);
      const errors = parsed.success ? {} : fieldErrors(parsed.error);
      const add = (field: string, code: string) => (errors[field] ??= []).push(code);
      const text = (value: unknown) => (typeof value === "string" ? value : "");
      const current = text(body.current_password);
      const next = text(body.new_password);
      const confirm = text(body.confirm_password);
      if (next && confirm && next !== confirm) add("confirm_password", "confirm_password.mismatch");
      const user = await ctx.db.one<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE id = $1", [userId]);
      if (current && !errors.current_password) {
        if (!(await verifyPassword(current, user?.password_hash))) add("current_password", "current_password.incorrect");
        else if (next === current) add("new_password", "new_password.same_as_current");
      }
      if (Object.keys(errors).length || !parsed.success) throw unprocessable(errors, "The password was not changed");
      const hash = await hashPassword(parsed.data.new_password);
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        await tx.query("UPDATE users SET password_hash = $2, password_changed_at = $3 WHERE id = $1", [userId, hash, now]);
        // Whoever else holds a session of this user is signed out; this one stays signed in.
        await tx.query("UPDATE auth_sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL", [
          userId,
          sessionId,
          now,
        ]);
      });
      res.json({ success: true });
    }),
  );

  router.put(
    "/residential-dashboard/endTour",
    route(async (req, res) => {
      const { userId } = currentUser(req);
      const input = parseInput(EndTourRequest, req.body ?? {});
      // The first ending counts; ending it again changes nothing.
      await ctx.db.query("UPDATE users SET tour_ended_at = $2, tour_skipped = $3 WHERE id = $1 AND tour_ended_at IS NULL", [
        userId,
        ctx.now(),
        input.skipped,
      ]);
      res.json({ success: true });
    }),
  );

  return router;
}
