/**
 * Notification preferences, unsubscribe links and the development outbox (docs/notifications.md):
 *
 *  - GET /profile-settings/notifications: every account the user is an activated contact of, and which mail
 *    they receive about it (all on without a row).
 *  - PUT /profile-settings/notifications/{customerId}: their choice for one account (403 for an account they
 *    are not a contact of, as every customer resource).
 *  - GET and POST /unsubscribe/{token} (public): what a mail's signed link turns off, and turning it off.
 *    A forged, altered or expired link answers 404; so does one whose user is no longer a contact.
 *  - GET /dev/outbox (public): the latest mail of the outbox, while NODE_ENV is not production
 *    (`ctx.devEndpoints`); 404 in production, as an endpoint that does not exist.
 */
import { Router } from "express";
import {
  NOTIFICATION_KINDS,
  NotificationPreferencesRequest,
  type AccountNotifications,
  type NotificationPreferences,
  type NotificationPreferencesAnswer,
  type NotificationPreferencesSaved,
  type OutboxAnswer,
  type UnsubscribeAnswer,
  type UnsubscribeDone,
} from "../contract/notifications.ts";
import type { Db } from "../db/client.ts";
import { maskUsername } from "./auth-flows.ts";
import type { ServiceContext } from "./context.ts";
import type { OutboxRow } from "./mail-relay.ts";
import { notFound } from "./errors.ts";
import { currentUser, parseInput, requireCustomer, route } from "./http.ts";
import type { UnsubscribeClaims } from "./notify-links.ts";

interface AccountRow extends NotificationPreferences {
  customer_id: number;
  contract_name: string;
  account_number: string;
}

const PREFERENCE_COLUMNS = NOTIFICATION_KINDS.map((kind) => `COALESCE(p.${kind}, true) AS ${kind}`).join(", ");

async function accountsOf(db: Db, userId: number, customerId: number | null): Promise<AccountNotifications[]> {
  const rows = await db.query<AccountRow>(
    `SELECT cu.id AS customer_id, cu.contract_name, cu.account_number, ${PREFERENCE_COLUMNS}
       FROM contacts c JOIN customers cu ON cu.id = c.customer_id
       LEFT JOIN notification_preferences p ON p.user_id = c.user_id AND p.customer_id = c.customer_id
      WHERE c.user_id = $1 AND c.status = 'activated' AND ($2::integer IS NULL OR c.customer_id = $2)
      ORDER BY cu.contract_name, cu.id`,
    [userId, customerId],
  );
  return rows.map(({ customer_id, contract_name, account_number, ...preferences }) => ({
    customer_id,
    contract_name,
    account_number,
    preferences: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, preferences[kind]])) as NotificationPreferences,
  }));
}

/** Writes a contact's choice for an account (a row with every kind). */
async function savePreferences(db: Db, userId: number, customerId: number, preferences: NotificationPreferences, now: Date) {
  await db.query(
    `INSERT INTO notification_preferences (user_id, customer_id, ${NOTIFICATION_KINDS.join(", ")}, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id, customer_id) DO UPDATE SET ${NOTIFICATION_KINDS.map((kind) => `${kind} = EXCLUDED.${kind}`).join(", ")},
       updated_at = EXCLUDED.updated_at`,
    [userId, customerId, ...NOTIFICATION_KINDS.map((kind) => preferences[kind]), now],
  );
}

export function notificationRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/profile-settings/notifications",
    route(async (req, res) => {
      const answer: NotificationPreferencesAnswer = { accounts: await accountsOf(ctx.db, currentUser(req).userId, null) };
      res.json(answer);
    }),
  );

  router.put(
    "/profile-settings/notifications/:customerId",
    route(async (req, res) => {
      const { customerId } = await requireCustomer(ctx.db, req, req.params.customerId);
      const { userId } = currentUser(req);
      const preferences = parseInput(NotificationPreferencesRequest, req.body ?? {});
      await savePreferences(ctx.db, userId, customerId, preferences, ctx.now());
      const [account] = await accountsOf(ctx.db, userId, customerId);
      const answer: NotificationPreferencesSaved = { success: true, account };
      res.json(answer);
    }),
  );

  return router;
}

/** The public half: unsubscribe links and, outside production, the development outbox. */
export function notificationPublicRoutes(ctx: ServiceContext): Router {
  const router = Router();

  /** The link's claims and its contact, or 404 (forged, expired, no longer a contact). */
  async function linkOf(token: string): Promise<{ claims: UnsubscribeClaims; account: AccountNotifications; email: string }> {
    const claims = token.length <= 2000 ? await ctx.links.verify(token, ctx.now()) : null;
    if (!claims) throw notFound("Unsubscribe link");
    const [[account], user] = await Promise.all([
      accountsOf(ctx.db, claims.userId, claims.customerId),
      ctx.db.one<{ username: string }>("SELECT username FROM users WHERE id = $1", [claims.userId]),
    ]);
    if (!account || !user) throw notFound("Unsubscribe link");
    return { claims, account, email: user.username };
  }

  router.get(
    "/unsubscribe/:token",
    route(async (req, res) => {
      const { claims, account, email } = await linkOf(String(req.params.token));
      const answer: UnsubscribeAnswer = {
        kind: claims.kind,
        contract_name: account.contract_name,
        email: maskUsername(email),
        subscribed: account.preferences[claims.kind],
      };
      res.json(answer);
    }),
  );

  router.post(
    "/unsubscribe/:token",
    route(async (req, res) => {
      const { claims, account } = await linkOf(String(req.params.token));
      await savePreferences(ctx.db, claims.userId, claims.customerId, { ...account.preferences, [claims.kind]: false }, ctx.now());
      const answer: UnsubscribeDone = { success: true, kind: claims.kind, contract_name: account.contract_name };
      res.json(answer);
    }),
  );

  router.get(
    "/dev/outbox",
    route(async (_req, res) => {
      if (!ctx.devEndpoints) throw notFound("Endpoint");
      const rows = await ctx.db.query<
        Pick<OutboxRow, "id" | "to_address" | "template" | "language" | "subject" | "body_text"> & {
          created_at: Date;
          sent_at: Date | null;
        }
      >(
        `SELECT id, to_address, template, language, subject, body_text, created_at, sent_at
           FROM email_outbox ORDER BY created_at DESC, id DESC LIMIT 100`,
      );
      const answer: OutboxAnswer = {
        mails: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          template: row.template,
          language: row.language,
          subject: row.subject,
          body_text: row.body_text,
          created_at: row.created_at.toISOString(),
          sent_at: row.sent_at?.toISOString() ?? null,
        })),
      };
      res.json(answer);
    }),
  );

  return router;
}
