/**
 * OAuth 2.0 for the provider's registered clients (authorization code grant, optional PKCE S256) and
 * single sign-on between the provider's applications and the portal.
 *
 *  - GET/POST /oauth2/authorize (portal bearer): the consent screen and the customer's decision. The
 *    client and its redirect URI are checked first, by exact string; when either is wrong the answer
 *    is a 422 and nothing is ever redirected to the URI.
 *  - POST /oauth2/token: the client trades a code (single use, 10 minutes) for an opaque access token
 *    (1 hour) that opens only GET /oauth2/userinfo and POST /auth/sso-token, never the portal's API.
 *    A code presented twice revokes the tokens issued for it (RFC 6749 section 4.1.2).
 *  - POST /auth/sso-token: a one-time token (2 minutes) for the bearer's user, which another app puts
 *    in the link /sso?came_from=…&sso_token=… ; POST /auth/sso-refresh-token trades it for the
 *    portal's own access and refresh tokens.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Router, type Request } from "express";
import {
  OAuthAuthorizeQuery,
  OAuthDecisionRequest,
  OAuthTokenRequest,
  SsoRefreshTokenRequest,
  type OAuthAuthorizeAnswer,
  type OAuthTokenAnswer,
  type OAuthUserInfoAnswer,
  type SsoTokenAnswer,
} from "../contract/auth-flows.ts";
import type { Db } from "../db/client.ts";
import { hashSecret, looksLikeToken, newSecret } from "./auth-flows.ts";
import type { ServiceContext } from "./context.ts";
import { ApiError, forbidden, unauthorized, unprocessable } from "./errors.ts";
import { clientOf, currentUser, parseInput, route } from "./http.ts";
import { bearerOf } from "./tokens.ts";

export const AUTHORIZATION_CODE_SECONDS = 10 * 60;
export const CLIENT_TOKEN_SECONDS = 60 * 60;
export const SSO_TOKEN_SECONDS = 2 * 60;

type Language = "en" | "fr";

/** Every scope a client may be registered for, as the consent screen describes it. */
export const SCOPES: Record<string, Record<Language, string>> = {
  profile: {
    en: "See your name, e-mail address and preferred language",
    fr: "Voir votre nom, votre adresse courriel et votre langue préférée",
  },
  accounts: {
    en: "See the accounts you are a contact of, and your roles on them",
    fr: "Voir les comptes dont vous êtes une personne-ressource, et vos rôles",
  },
  router: {
    en: "See and change the settings of your router and WiFi",
    fr: "Voir et modifier les réglages de votre routeur et de votre WiFi",
  },
  sso: {
    en: "Take you to your online account without signing in again",
    fr: "Vous amener à votre compte en ligne sans vous reconnecter",
  },
};

/** Scopes are answered in this order, whatever order they were asked in. */
const SCOPE_ORDER = Object.keys(SCOPES);

interface ClientRow {
  client_id: string;
  name: string;
  name_fr: string;
  secret_hash: string;
  redirect_uris: string[];
  scopes: string[];
}

interface CheckedRequest {
  client: ClientRow;
  redirectUri: string;
  state: string;
  scopes: string[];
  codeChallenge: string | null;
}

/** Checks an authorization request; 422 with field codes unless it can be acted on. */
async function checkAuthorizationRequest(db: Db, input: OAuthAuthorizeQuery): Promise<CheckedRequest> {
  const client = await db.one<ClientRow>(
    "SELECT client_id, name, name_fr, secret_hash, redirect_uris, scopes FROM oauth_clients WHERE client_id = $1 AND disabled_at IS NULL",
    [input.client_id],
  );
  if (!client) throw unprocessable({ client_id: ["client_id.unknown"] }, "Unknown client");
  // Exact comparison: no prefix, no normalisation, so nothing unregistered is ever redirected to.
  if (!client.redirect_uris.includes(input.redirect_uri)) {
    throw unprocessable({ redirect_uri: ["redirect_uri.unregistered"] }, "This redirect URI is not registered for the client");
  }
  const errors: Record<string, string[]> = {};
  if (input.response_type !== "code") errors.response_type = ["response_type.unsupported"];
  const requested = input.scope?.trim() ? [...new Set(input.scope.trim().split(/\s+/))] : client.scopes;
  if (requested.some((scope) => !client.scopes.includes(scope))) errors.scope = ["scope.invalid"];
  if (input.code_challenge_method !== undefined && input.code_challenge_method !== "S256") {
    errors.code_challenge_method = ["code_challenge_method.unsupported"];
  }
  const challenge = input.code_challenge;
  if (challenge !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(challenge)) errors.code_challenge = ["code_challenge.invalid"];
  if (challenge === undefined && input.code_challenge_method !== undefined) errors.code_challenge = ["code_challenge.invalid"];
  if (Object.keys(errors).length) throw unprocessable(errors, "The authorization request is not valid");
  return {
    client,
    redirectUri: input.redirect_uri,
    state: input.state,
    scopes: SCOPE_ORDER.filter((scope) => requested.includes(scope)),
    codeChallenge: challenge ?? null,
  };
}

function redirectWith(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

interface ClientToken {
  user_id: number;
  client_id: string;
  scopes: string[];
}

/** The live client access token a request carries, or null. */
export async function clientTokenOf(ctx: ServiceContext, req: Request): Promise<ClientToken | null> {
  const token = bearerOf(req);
  if (!looksLikeToken(token)) return null;
  const row = await ctx.db.one<ClientToken>(
    `SELECT t.user_id, t.client_id, t.scopes FROM oauth_access_tokens t
       JOIN oauth_clients c ON c.client_id = t.client_id AND c.disabled_at IS NULL
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2`,
    [hashSecret(token), ctx.now()],
  );
  return row ?? null;
}

const sameSecret = (given: string, storedHash: string) => {
  const a = Buffer.from(hashSecret(given), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Client credentials from HTTP Basic (RFC 6749 2.3.1) or the body. */
function clientCredentials(req: Request, body: { client_id?: string; client_secret?: string }) {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon === -1) return { basic: true };
    return {
      basic: true,
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  }
  return { basic: false, id: body.client_id, secret: body.client_secret };
}

type TokenOutcome = { refused: Record<string, string[]> } | { answer: OAuthTokenAnswer };
/** A refusal of the token endpoint: the field is the code's prefix (code.used refuses field code). */
const refuse = (code: string): TokenOutcome => ({ refused: { [code.split(".")[0]]: [code] } });

/** Routes that carry their own credentials: the token endpoint, userinfo and single sign-on. */
export function oauthPublicRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    "/oauth2/token",
    route(async (req, res) => {
      const input = parseInput(OAuthTokenRequest, req.body ?? {});
      let credentials: ReturnType<typeof clientCredentials>;
      try {
        credentials = clientCredentials(req, input);
      } catch {
        credentials = { basic: true };
      }
      const client =
        credentials.id && credentials.secret
          ? await ctx.db.one<ClientRow>("SELECT * FROM oauth_clients WHERE client_id = $1 AND disabled_at IS NULL", [credentials.id])
          : undefined;
      if (!client || !sameSecret(credentials.secret!, client.secret_hash)) {
        if (credentials.basic) res.set("WWW-Authenticate", 'Basic realm="oauth2"');
        throw new ApiError(401, "Client authentication failed");
      }
      if (input.grant_type !== "authorization_code") {
        throw unprocessable({ grant_type: ["grant_type.unsupported"] }, "Only the authorization_code grant is supported");
      }
      const code = input.code;
      if (!code) throw unprocessable({ code: ["code.required"] });

      const now = ctx.now();
      const outcome = await ctx.db.transaction(async (tx): Promise<TokenOutcome> => {
        const row = looksLikeToken(code)
          ? await tx.one<{
              id: number;
              client_id: string;
              user_id: number;
              redirect_uri: string;
              scopes: string[];
              code_challenge: string | null;
              expires_at: Date;
              used_at: Date | null;
            }>("SELECT * FROM oauth_authorization_codes WHERE code_hash = $1 FOR UPDATE", [hashSecret(code)])
          : undefined;
        if (!row || row.client_id !== client.client_id) return refuse("code.invalid");
        if (row.used_at) {
          // A code seen twice may have been stolen: whatever it bought is withdrawn.
          await tx.query("UPDATE oauth_access_tokens SET revoked_at = $2 WHERE code_id = $1 AND revoked_at IS NULL", [row.id, now]);
          return refuse("code.used");
        }
        if (row.expires_at.getTime() <= now.getTime()) return refuse("code.expired");
        if (input.redirect_uri !== row.redirect_uri) return refuse("redirect_uri.mismatch");
        if (row.code_challenge) {
          const verifier = input.code_verifier;
          if (!verifier) return refuse("code_verifier.required");
          const computed = createHash("sha256").update(verifier).digest("base64url");
          if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || computed !== row.code_challenge) {
            return refuse("code_verifier.invalid");
          }
        }
        await tx.query("UPDATE oauth_authorization_codes SET used_at = $2 WHERE id = $1", [row.id, now]);
        const accessToken = newSecret();
        await tx.query(
          `INSERT INTO oauth_access_tokens (token_hash, client_id, user_id, code_id, scopes, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            hashSecret(accessToken),
            client.client_id,
            row.user_id,
            row.id,
            row.scopes,
            now,
            new Date(now.getTime() + CLIENT_TOKEN_SECONDS * 1000),
          ],
        );
        const answer: OAuthTokenAnswer = {
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: CLIENT_TOKEN_SECONDS,
          scope: row.scopes.join(" "),
        };
        return { answer };
      });
      if ("refused" in outcome) throw unprocessable(outcome.refused, "The authorization code cannot be used");
      res.json(outcome.answer);
    }),
  );

  router.get(
    "/oauth2/userinfo",
    route(async (req, res) => {
      const token = await clientTokenOf(ctx, req);
      if (!token) throw unauthorized();
      if (!token.scopes.includes("profile")) throw forbidden("This access token lacks the profile scope");
      const user = await ctx.db.one<{ id: number; username: string; first_name: string; last_name: string; preferred_language: Language }>(
        "SELECT id, username, first_name, last_name, preferred_language FROM users WHERE id = $1",
        [token.user_id],
      );
      if (!user) throw unauthorized();
      const answer: OAuthUserInfoAnswer = {
        sub: String(user.id),
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        preferred_language: user.preferred_language,
      };
      if (token.scopes.includes("accounts")) {
        answer.accounts = (
          await ctx.db.query<{ customer_id: number; contract_name: string; roles: string[] }>(
            `SELECT cu.id AS customer_id, cu.contract_name, c.roles
               FROM contacts c JOIN customers cu ON cu.id = c.customer_id
              WHERE c.user_id = $1 AND c.status = 'activated' ORDER BY cu.contract_name, cu.id`,
            [user.id],
          )
        ).map((row) => ({ customer_id: row.customer_id, contract_name: row.contract_name, roles: row.roles }));
      }
      res.json(answer);
    }),
  );

  router.post(
    "/auth/sso-token",
    route(async (req, res) => {
      // The bearer is the portal's own access token, or a client's access token with scope sso.
      const bearer = bearerOf(req);
      const claims = bearer ? await ctx.tokens.verify(bearer) : null;
      let userId: number;
      let clientId: string | null = null;
      if (claims) {
        userId = claims.userId;
      } else {
        const token = await clientTokenOf(ctx, req);
        if (!token) throw unauthorized();
        if (!token.scopes.includes("sso")) throw forbidden("This access token lacks the sso scope");
        userId = token.user_id;
        clientId = token.client_id;
      }
      const now = ctx.now();
      const ssoToken = newSecret();
      const expiresAt = new Date(now.getTime() + SSO_TOKEN_SECONDS * 1000);
      await ctx.db.query("INSERT INTO sso_tokens (user_id, token_hash, client_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
        userId,
        hashSecret(ssoToken),
        clientId,
        now,
        expiresAt,
      ]);
      const answer: SsoTokenAnswer = { sso_token: ssoToken, expires_at: expiresAt.toISOString(), expires_in: SSO_TOKEN_SECONDS };
      res.json(answer);
    }),
  );

  router.post(
    "/auth/sso-refresh-token",
    route(async (req, res) => {
      const { sso_token } = parseInput(SsoRefreshTokenRequest, req.body ?? {});
      const now = ctx.now();
      // Spending the token is one statement: two requests racing with it cannot both succeed.
      const spent = looksLikeToken(sso_token)
        ? await ctx.db.one<{ user_id: number }>(
            `UPDATE sso_tokens SET used_at = $2
              WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
            [hashSecret(sso_token), now],
          )
        : undefined;
      if (!spent) throw new ApiError(401, "The single sign-on token is not valid");
      res.json(await ctx.tokens.issue(spent.user_id, clientOf(req, ctx.trustForwardedFrom)));
    }),
  );

  return router;
}

/** The consent screen and decision: the customer is signed in to the portal (bearer). */
export function oauthRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.get(
    "/oauth2/authorize",
    route(async (req, res) => {
      const user = currentUser(req);
      const input = parseInput(OAuthAuthorizeQuery, req.query);
      const checked = await checkAuthorizationRequest(ctx.db, input);
      const account = await ctx.db.one<{ username: string }>("SELECT username FROM users WHERE id = $1", [user.userId]);
      const answer: OAuthAuthorizeAnswer = {
        client: { client_id: checked.client.client_id, name: req.lang === "fr" ? checked.client.name_fr : checked.client.name },
        redirect_uri: checked.redirectUri,
        state: checked.state,
        scopes: checked.scopes.map((scope) => ({ scope, description: SCOPES[scope][req.lang] })),
        username: account?.username ?? "",
      };
      res.json(answer);
    }),
  );

  router.post(
    "/oauth2/authorize",
    route(async (req, res) => {
      const user = currentUser(req);
      const input = parseInput(OAuthDecisionRequest, req.body ?? {});
      const checked = await checkAuthorizationRequest(ctx.db, input);
      if (input.decision === "deny") {
        res.json({ success: true, redirect: redirectWith(checked.redirectUri, { error: "access_denied", state: checked.state }) });
        return;
      }
      const now = ctx.now();
      const code = newSecret();
      await ctx.db.query(
        `INSERT INTO oauth_authorization_codes
           (code_hash, client_id, user_id, redirect_uri, scopes, code_challenge, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          hashSecret(code),
          checked.client.client_id,
          user.userId,
          checked.redirectUri,
          checked.scopes,
          checked.codeChallenge,
          now,
          new Date(now.getTime() + AUTHORIZATION_CODE_SECONDS * 1000),
        ],
      );
      res.json({ success: true, redirect: redirectWith(checked.redirectUri, { code, state: checked.state }) });
    }),
  );

  return router;
}
