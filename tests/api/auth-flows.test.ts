import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { AccessTokenAnswer } from "#contract/auth";
import {
  ActivateAccountAnswer,
  ActivationLinkAnswer,
  ForgotPasswordAnswer,
  OAuthAuthorizeAnswer,
  OAuthDecisionAnswer,
  OAuthTokenAnswer,
  OAuthUserInfoAnswer,
  RecoverPasswordAnswer,
  RecoveryLinkAnswer,
  SsoTokenAnswer,
} from "#contract/auth-flows";
import { ErrorAnswer } from "#contract/common";
import { DashboardAnswer } from "#contract/dashboard";
import { AUTH_FLOWS_DEMO as SEED } from "../../api/db/seed/auth-flows.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { DEMO_PASSWORD, NOW } from "./support/constants.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  api.clock.now = new Date(NOW);
});

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
/** The 422 field errors of an answer (after checking it is a refusal of the contract's shape). */
const errorsOf = (body: unknown) => ErrorAnswer.parse(body).errors;

async function outbox(to: string) {
  return api.db.query<{ id: number; template: string; language: string; subject: string; body_text: string; link_path: string }>(
    "SELECT id, template, language, subject, body_text, link_path FROM email_outbox WHERE to_address = $1 ORDER BY id",
    [to],
  );
}
/** Asks for a recovery link and answers the token of the link e-mailed (read from the outbox). */
async function requestLink(username: string): Promise<string> {
  const { status } = await api.call("POST", "/auth/forgot-password", { json: { username } });
  expect(status).toBe(200);
  const mails = await outbox(username);
  return mails[mails.length - 1].link_path.split("/").pop()!;
}

describe("POST /auth/forgot-password", () => {
  it("answers identically for an existing and an unknown username, and only mails the existing one", async () => {
    const before = (await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM email_outbox"))!.n;
    const known = await api.call("POST", "/auth/forgot-password", { json: { username: " Family@Example.com " } });
    const unknown = await api.call("POST", "/auth/forgot-password", { json: { username: "nobody@example.com" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(ForgotPasswordAnswer.parse(known.body)).toEqual({ success: true });
    expect(unknown.body).toEqual(known.body);

    const after = (await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM email_outbox"))!.n;
    expect(after).toBe(before + 1);
    const [mail] = await outbox("family@example.com");
    // family@example.com prefers French.
    expect(mail).toMatchObject({ template: "password_recovery", language: "fr", subject: "Réinitialisez votre mot de passe" });
    expect(mail.link_path).toMatch(/^\/recover-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail.body_text).toContain(`{{portal_url}}${mail.link_path}`);
  });

  it("stores only the hash of the link's token, expiring after one hour", async () => {
    const token = await requestLink("business@example.com");
    const row = await api.db.one<{ token_hash: string; created_at: Date; expires_at: Date }>(
      "SELECT token_hash, created_at, expires_at FROM account_tokens WHERE token_hash = $1",
      [sha256(token)],
    );
    expect(row).toBeDefined();
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(60 * 60_000);
    expect(await api.db.one("SELECT 1 FROM account_tokens WHERE token_hash = $1", [token])).toBeUndefined();
  });

  it("sends at most three links an hour to one user, answering the same", async () => {
    const user = "sam.gagnon@example.com";
    for (let i = 0; i < 4; i++) {
      const { status, body } = await api.call("POST", "/auth/forgot-password", { form: { username: user } });
      expect(status).toBe(200);
      expect(body).toEqual({ success: true });
    }
    expect(await outbox(user)).toHaveLength(3);
    api.clock.now = minutesLater(61);
    await api.call("POST", "/auth/forgot-password", { json: { username: user } });
    expect(await outbox(user)).toHaveLength(4);
  });

  it("sends a new activation link to a customer who never set a password", async () => {
    await api.call("POST", "/auth/forgot-password", { json: { username: SEED.usernames.newCustomer } });
    const [mail] = await outbox(SEED.usernames.newCustomer);
    expect(mail.template).toBe("account_activation");
    expect(mail.link_path).toMatch(/^\/activate-account\/[A-Za-z0-9_-]{43}$/);
  });

  it("refuses a missing username with 422", async () => {
    const { status, body } = await api.call("POST", "/auth/forgot-password", { json: { username: "  " } });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ username: ["username.required"] });
  });
});

describe("/auth/recover-password/{token}", () => {
  const token = SEED.tokens.recoveryResi;
  const path = `/auth/recover-password/${token}`;

  it("tells a valid link apart, with the username masked", async () => {
    const { status, body } = await api.call("GET", path);
    expect(status).toBe(200);
    const link = RecoveryLinkAnswer.parse(body);
    expect(link.status).toBe("valid");
    expect(link.username).toBe("r***@example.com");
    expect(link.expires_at).not.toBeNull();
  });

  it("answers 404 for unknown and malformed tokens", async () => {
    expect((await api.call("GET", "/auth/recover-password/unknown-token-0000000000000000")).status).toBe(404);
    expect((await api.call("GET", "/auth/recover-password/x")).status).toBe(404);
    const post = await api.call("POST", "/auth/recover-password/unknown-token-0000000000000000", {
      json: { new_password: "Another-Pass-1", confirm_password: "Another-Pass-1" },
    });
    expect(post.status).toBe(404);
    // An activation link is not a recovery link.
    expect((await api.call("GET", `/auth/recover-password/${SEED.tokens.activation}`)).status).toBe(404);
  });

  it("enforces the password rules", async () => {
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{}, { new_password: ["new_password.required"], confirm_password: ["confirm_password.required"] }],
      [{ new_password: "Ab1", confirm_password: "Ab1" }, { new_password: ["new_password.too_short"] }],
      [{ new_password: "lowercase-only", confirm_password: "lowercase-only" }, { new_password: ["new_password.missing_uppercase"] }],
      [{ new_password: "UPPERCASE-ONLY", confirm_password: "UPPERCASE-ONLY" }, { new_password: ["new_password.missing_lowercase"] }],
      [
        { new_password: "short" },
        { new_password: ["new_password.too_short", "new_password.missing_uppercase"], confirm_password: ["confirm_password.required"] },
      ],
      [{ new_password: "Valid-Password-1", confirm_password: "Valid-Password-2" }, { confirm_password: ["confirm_password.mismatch"] }],
      [{ new_password: `Aa${"x".repeat(200)}`, confirm_password: `Aa${"x".repeat(200)}` }, { new_password: ["new_password.too_long"] }],
    ];
    for (const [input, expected] of cases) {
      const { status, body } = await api.call("POST", path, { form: input });
      expect(status, JSON.stringify(input)).toBe(422);
      expect(errorsOf(body)).toEqual(expected);
    }
  });

  it("refuses the current password as the new one, and keeps the link usable", async () => {
    const { status, body } = await api.call("POST", path, { json: { new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD } });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ new_password: ["new_password.same_as_current"] });
    expect(RecoveryLinkAnswer.parse((await api.call("GET", path)).body).status).toBe("valid");
  });

  it("sets the password, ends every session of the user, and works only once", async () => {
    const session = AccessTokenAnswer.parse(
      (await api.call("POST", "/auth/access-token", { json: { username: "resi@example.com", password: DEMO_PASSWORD } })).body,
    );
    const { status, body } = await api.call("POST", path, {
      form: { new_password: "Fresh-Start-2026", confirm_password: "Fresh-Start-2026" },
    });
    expect(status).toBe(200);
    expect(RecoverPasswordAnswer.parse(body)).toEqual({ success: true });

    expect((await api.call("GET", "/dashboard", { token: session.token })).status).toBe(401);
    expect((await api.call("POST", "/auth/access-token", { json: { refresh_token: session.refresh_token } })).status).toBe(401);
    expect((await api.call("POST", "/auth/access-token", { json: { username: "resi@example.com", password: DEMO_PASSWORD } })).status).toBe(
      401,
    );
    await api.signIn("resi@example.com", "Fresh-Start-2026");

    const again = await api.call("POST", path, { json: { new_password: "Second-Try-2026", confirm_password: "Second-Try-2026" } });
    expect(again.status).toBe(422);
    expect(errorsOf(again.body)).toEqual({ token: ["token.used"] });
    const link = RecoveryLinkAnswer.parse((await api.call("GET", path)).body);
    expect(link).toEqual({ status: "used", username: null, expires_at: null });
  });

  it("refuses a link after its hour", async () => {
    const fresh = await requestLink("family@example.com");
    api.clock.now = minutesLater(61);
    expect(RecoveryLinkAnswer.parse((await api.call("GET", `/auth/recover-password/${fresh}`)).body).status).toBe("expired");
    const { status, body } = await api.call("POST", `/auth/recover-password/${fresh}`, {
      json: { new_password: "Too-Late-2026", confirm_password: "Too-Late-2026" },
    });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ token: ["token.expired"] });
  });

  it("withdraws the user's other recovery links when one is used", async () => {
    api.clock.now = minutesLater(200);
    const first = await requestLink("business@example.com");
    const second = await requestLink("business@example.com");
    const used = await api.call("POST", `/auth/recover-password/${second}`, {
      json: { new_password: "Business-Pass-2027", confirm_password: "Business-Pass-2027" },
    });
    expect(used.status).toBe(200);
    expect(RecoveryLinkAnswer.parse((await api.call("GET", `/auth/recover-password/${first}`)).body).status).toBe("expired");
  });
});

describe("/auth/activate-account/{token}", () => {
  const path = `/auth/activate-account/${SEED.tokens.activation}`;
  const good = { new_password: "Olivia-Home-2026", confirm_password: "Olivia-Home-2026", accept_terms: "on" };

  it("describes a valid link and the terms of use, in the request's language", async () => {
    const en = ActivationLinkAnswer.parse((await api.call("GET", path)).body);
    expect(en).toMatchObject({ status: "valid", username: "o***@example.com", first_name: "Olivia" });
    expect(en.terms.title).toBe("Online account terms of use");
    expect(en.terms.sections.length).toBeGreaterThan(2);
    const fr = ActivationLinkAnswer.parse((await api.call("GET", path, { headers: { "Accept-Language": "fr-CA,fr;q=0.9" } })).body);
    expect(fr.terms.language).toBe("fr");
    expect(fr.terms.title).toBe("Conditions d’utilisation du compte en ligne");
  });

  it("answers 404 for an unknown token", async () => {
    expect((await api.call("GET", "/auth/activate-account/no-such-activation-token-00")).status).toBe(404);
    expect((await api.call("POST", "/auth/activate-account/no-such-activation-token-00", { form: good })).status).toBe(404);
  });

  it("requires the terms to be accepted and the password rules to hold", async () => {
    const noTerms = await api.call("POST", path, { form: { ...good, accept_terms: "" } });
    expect(noTerms.status).toBe(422);
    expect(errorsOf(noTerms.body)).toEqual({ accept_terms: ["accept_terms.required"] });
    const weak = await api.call("POST", path, { json: { new_password: "weakpass", confirm_password: "weakpass", accept_terms: true } });
    expect(weak.status).toBe(422);
    expect(errorsOf(weak.body)).toEqual({ new_password: ["new_password.missing_uppercase"] });
  });

  it("refuses an activation link after 14 days", async () => {
    const token = await requestLink(SEED.usernames.newCustomer);
    api.clock.now = minutesLater(15 * 24 * 60);
    expect(ActivationLinkAnswer.parse((await api.call("GET", `/auth/activate-account/${token}`)).body).status).toBe("expired");
    const { status, body } = await api.call("POST", `/auth/activate-account/${token}`, { form: good });
    expect(status).toBe(422);
    expect(errorsOf(body)).toEqual({ token: ["token.expired"] });
  });

  it("activates the customer, records the terms, signs them in, and works only once", async () => {
    const before = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: await api.signIn("family@example.com") })).body);
    expect(before.customers.some((c) => c.customer_id === SEED.customers.newCustomer)).toBe(false);

    const { status, body } = await api.call("POST", path, { form: good });
    expect(status).toBe(200);
    const answer = ActivateAccountAnswer.parse(body);
    expect(decodeJwt(answer.token).sub).toBe(String(SEED.users.newCustomer));
    const dashboard = DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: answer.token })).body);
    expect(dashboard.customers.map((c) => c.customer_id)).toEqual([SEED.customers.newCustomer]);
    await api.signIn(SEED.usernames.newCustomer, "Olivia-Home-2026");
    const accepted = await api.db.one<{ document_id: string }>("SELECT document_id FROM terms_acceptances WHERE user_id = $1", [
      SEED.users.newCustomer,
    ]);
    expect(accepted?.document_id).toBe("portal-terms-3");

    const again = await api.call("POST", path, { form: good });
    expect(again.status).toBe(422);
    expect(errorsOf(again.body)).toEqual({ token: ["token.used"] });
    expect(ActivationLinkAnswer.parse((await api.call("GET", path)).body).status).toBe("used");
  });
});

describe("single sign-on", () => {
  it("POST /auth/sso-token needs a bearer token", async () => {
    expect((await api.call("POST", "/auth/sso-token")).status).toBe(401);
    expect((await api.call("POST", "/auth/sso-token", { token: "not-a-real-token-at-all-000" })).status).toBe(401);
  });

  it("hands a signed-in user over with a single-use token stored hashed", async () => {
    const portal = await api.signIn("family@example.com");
    const issued = await api.call("POST", "/auth/sso-token", { token: portal });
    expect(issued.status).toBe(200);
    const { sso_token, expires_in } = SsoTokenAnswer.parse(issued.body);
    expect(expires_in).toBe(120);
    expect(await api.db.one("SELECT 1 FROM sso_tokens WHERE token_hash = $1", [sha256(sso_token)])).toBeDefined();

    const exchanged = await api.call("POST", "/auth/sso-refresh-token", { json: { sso_token } });
    expect(exchanged.status).toBe(200);
    const pair = AccessTokenAnswer.parse(exchanged.body);
    expect(DashboardAnswer.parse((await api.call("GET", "/dashboard", { token: pair.token })).body).username).toBe("family@example.com");
    // The refresh token is a real one of the portal.
    expect((await api.call("POST", "/auth/access-token", { json: { refresh_token: pair.refresh_token } })).status).toBe(200);

    const reused = await api.call("POST", "/auth/sso-refresh-token", { json: { sso_token } });
    expect(reused.status).toBe(401);
  });

  it("refuses an expired or unknown single-sign-on token, and a missing one with 422", async () => {
    const portal = await api.signIn("family@example.com");
    const { sso_token } = SsoTokenAnswer.parse((await api.call("POST", "/auth/sso-token", { token: portal })).body);
    api.clock.now = minutesLater(3);
    expect((await api.call("POST", "/auth/sso-refresh-token", { json: { sso_token } })).status).toBe(401);
    expect((await api.call("POST", "/auth/sso-refresh-token", { json: { sso_token: "unknown-sso-token-000000000" } })).status).toBe(401);
    const missing = await api.call("POST", "/auth/sso-refresh-token", { json: {} });
    expect(missing.status).toBe(422);
    expect(errorsOf(missing.body)).toEqual({ sso_token: ["sso_token.required"] });
  });
});

describe("OAuth authorization code flow", () => {
  const support = SEED.oauth.supportPortal;
  const router = SEED.oauth.routerApp;
  const request = (extra: Record<string, string> = {}) => ({
    response_type: "code",
    client_id: support.client_id,
    redirect_uri: support.redirect_uri,
    state: "st-123",
    ...extra,
  });
  let family: string;
  beforeAll(async () => {
    family = await api.signIn("family@example.com");
  });

  /** Allows a request as family@example.com and answers the code from the redirect. */
  async function authorize(extra: Record<string, string> = {}): Promise<string> {
    const { status, body } = await api.call("POST", "/oauth2/authorize", { token: family, form: { ...request(extra), decision: "allow" } });
    expect(status).toBe(200);
    const url = new URL(OAuthDecisionAnswer.parse(body).redirect);
    return url.searchParams.get("code")!;
  }
  const exchange = (code: string, extra: Record<string, string> = {}) =>
    api.call("POST", "/oauth2/token", {
      form: {
        grant_type: "authorization_code",
        code,
        redirect_uri: support.redirect_uri,
        client_id: support.client_id,
        client_secret: support.secret,
        ...extra,
      },
    });

  it("needs the customer to be signed in", async () => {
    expect((await api.call("GET", "/oauth2/authorize", { query: request() })).status).toBe(401);
    expect((await api.call("POST", "/oauth2/authorize", { form: { ...request(), decision: "allow" } })).status).toBe(401);
  });

  it("describes a valid request for the consent screen, in the request's language", async () => {
    const { status, body } = await api.call("GET", "/oauth2/authorize", { token: family, query: request() });
    expect(status).toBe(200);
    const info = OAuthAuthorizeAnswer.parse(body);
    expect(info.client).toEqual({ client_id: "support-portal", name: "Lakeshore Support Centre" });
    expect(info.scopes.map((s) => s.scope)).toEqual(["profile", "accounts", "sso"]);
    expect(info).toMatchObject({ state: "st-123", redirect_uri: support.redirect_uri, username: "family@example.com" });

    const fr = OAuthAuthorizeAnswer.parse(
      (
        await api.call("GET", "/oauth2/authorize", {
          token: family,
          query: request({ scope: "profile" }),
          headers: { "Accept-Language": "fr" },
        })
      ).body,
    );
    expect(fr.client.name).toBe("Centre de soutien Lakeshore");
    expect(fr.scopes).toEqual([{ scope: "profile", description: "Voir votre nom, votre adresse courriel et votre langue préférée" }]);
  });

  it("refuses unknown clients and unregistered redirect URIs without redirecting", async () => {
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ client_id: "no-such-client" }, { client_id: ["client_id.unknown"] }],
      [{ redirect_uri: "https://evil.example/oauth/callback" }, { redirect_uri: ["redirect_uri.unregistered"] }],
      [{ redirect_uri: `${support.redirect_uri}/../steal` }, { redirect_uri: ["redirect_uri.unregistered"] }],
      [{ redirect_uri: `${support.redirect_uri}?next=https://evil.example` }, { redirect_uri: ["redirect_uri.unregistered"] }],
      // Compared byte for byte: spaces around a registered URI make another URI.
      [{ redirect_uri: ` ${support.redirect_uri}` }, { redirect_uri: ["redirect_uri.unregistered"] }],
      [{ redirect_uri: `${support.redirect_uri} ` }, { redirect_uri: ["redirect_uri.unregistered"] }],
      [{ redirect_uri: `${support.redirect_uri}\t` }, { redirect_uri: ["redirect_uri.unregistered"] }],
      // Another client's URI is not this client's.
      [{ redirect_uri: router.redirect_uri }, { redirect_uri: ["redirect_uri.unregistered"] }],
    ];
    for (const [extra, expected] of cases) {
      const get = await api.call("GET", "/oauth2/authorize", { token: family, query: request(extra) });
      expect(get.status, JSON.stringify(extra)).toBe(422);
      expect(errorsOf(get.body)).toEqual(expected);
      const post = await api.call("POST", "/oauth2/authorize", { token: family, json: { ...request(extra), decision: "allow" } });
      expect(post.status).toBe(422);
      expect(post.body.redirect).toBeUndefined();
    }
  });

  it("refuses malformed requests with field codes", async () => {
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ response_type: "token" }, { response_type: ["response_type.unsupported"] }],
      [{ scope: "profile router" }, { scope: ["scope.invalid"] }],
      [{ state: "" }, { state: ["state.required"] }],
      [{ code_challenge: "short", code_challenge_method: "S256" }, { code_challenge: ["code_challenge.invalid"] }],
      [
        { code_challenge: "a".repeat(43), code_challenge_method: "plain" },
        { code_challenge_method: ["code_challenge_method.unsupported"] },
      ],
    ];
    for (const [extra, expected] of cases) {
      const { status, body } = await api.call("GET", "/oauth2/authorize", { token: family, query: request(extra) });
      expect(status, JSON.stringify(extra)).toBe(422);
      expect(errorsOf(body)).toEqual(expected);
    }
    const missing = await api.call("GET", "/oauth2/authorize", { token: family, query: { response_type: "code" } });
    expect(missing.status).toBe(422);
    expect(Object.keys(errorsOf(missing.body)!).sort()).toEqual(["client_id", "redirect_uri", "state"]);
    const noDecision = await api.call("POST", "/oauth2/authorize", { token: family, json: request() });
    expect(errorsOf(noDecision.body)).toEqual({ decision: ["decision.required"] });
    const oddDecision = await api.call("POST", "/oauth2/authorize", { token: family, json: { ...request(), decision: "maybe" } });
    expect(errorsOf(oddDecision.body)).toEqual({ decision: ["decision.invalid"] });
  });

  it("redirects a denial with error=access_denied and the state, issuing no code", async () => {
    const codesBefore = (await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM oauth_authorization_codes"))!.n;
    const { status, body } = await api.call("POST", "/oauth2/authorize", { token: family, form: { ...request(), decision: "deny" } });
    expect(status).toBe(200);
    const url = new URL(OAuthDecisionAnswer.parse(body).redirect);
    expect(`${url.origin}${url.pathname}`).toBe(support.redirect_uri);
    expect(url.searchParams.get("error")).toBe("access_denied");
    expect(url.searchParams.get("state")).toBe("st-123");
    expect(url.searchParams.has("code")).toBe(false);
    expect((await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM oauth_authorization_codes"))!.n).toBe(codesBefore);
  });

  it("completes the flow: code to the registered URI, token, userinfo; a reused code is refused and revokes the token", async () => {
    const { body } = await api.call("POST", "/oauth2/authorize", { token: family, form: { ...request(), decision: "allow" } });
    const url = new URL(OAuthDecisionAnswer.parse(body).redirect);
    expect(`${url.origin}${url.pathname}`).toBe(support.redirect_uri);
    expect(url.searchParams.get("state")).toBe("st-123");
    const code = url.searchParams.get("code")!;
    expect(await api.db.one("SELECT 1 FROM oauth_authorization_codes WHERE code_hash = $1", [sha256(code)])).toBeDefined();

    const exchanged = await exchange(code);
    expect(exchanged.status).toBe(200);
    const token = OAuthTokenAnswer.parse(exchanged.body);
    expect(token).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "profile accounts sso" });

    const info = OAuthUserInfoAnswer.parse((await api.call("GET", "/oauth2/userinfo", { token: token.access_token })).body);
    expect(info).toMatchObject({ username: "family@example.com", first_name: "Jordan", preferred_language: "fr" });
    expect(info.accounts?.map((a) => a.customer_id).sort()).toEqual([100201, 100202, 100203]);
    // A client's token never opens the portal's own API.
    expect((await api.call("GET", "/dashboard", { token: token.access_token })).status).toBe(401);

    const reused = await exchange(code);
    expect(reused.status).toBe(422);
    expect(errorsOf(reused.body)).toEqual({ code: ["code.used"] });
    expect((await api.call("GET", "/oauth2/userinfo", { token: token.access_token })).status).toBe(401);
  });

  it("authenticates the client: wrong secret, unknown client or no credentials answer 401; HTTP Basic works", async () => {
    const code = await authorize();
    expect((await exchange(code, { client_secret: "wrong-secret" })).status).toBe(401);
    expect((await exchange(code, { client_id: "no-such-client" })).status).toBe(401);
    expect((await api.call("POST", "/oauth2/token", { form: { grant_type: "authorization_code", code } })).status).toBe(401);
    // The failed attempts did not spend the code.
    const basic = Buffer.from(`${support.client_id}:${support.secret}`).toString("base64");
    const ok = await api.call("POST", "/oauth2/token", {
      form: { grant_type: "authorization_code", code, redirect_uri: support.redirect_uri },
      headers: { Authorization: `Basic ${basic}` },
    });
    expect(ok.status).toBe(200);
    OAuthTokenAnswer.parse(ok.body);
  });

  it("refuses another client's code, a different redirect URI, an expired code and other grant types", async () => {
    const code = await authorize();
    const otherClient = await exchange(code, {
      client_id: router.client_id,
      client_secret: router.secret,
      redirect_uri: router.redirect_uri,
    });
    expect(otherClient.status).toBe(422);
    expect(errorsOf(otherClient.body)).toEqual({ code: ["code.invalid"] });
    const otherUri = await exchange(code, { redirect_uri: "https://support.lakeshore-fibre.example/other" });
    expect(errorsOf(otherUri.body)).toEqual({ redirect_uri: ["redirect_uri.mismatch"] });
    const grant = await exchange(code, { grant_type: "password" });
    expect(errorsOf(grant.body)).toEqual({ grant_type: ["grant_type.unsupported"] });
    expect(errorsOf((await exchange("unknown-code-0000000000000000")).body)).toEqual({ code: ["code.invalid"] });

    api.clock.now = minutesLater(11);
    const late = await exchange(code);
    expect(late.status).toBe(422);
    expect(errorsOf(late.body)).toEqual({ code: ["code.expired"] });
  });

  it("checks the PKCE verifier when the request carried a challenge", async () => {
    const verifier = "verifier-0123456789-abcdefghijklmnopqrstuvwxyz";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const code = await authorize({ code_challenge: challenge, code_challenge_method: "S256" });
    expect(errorsOf((await exchange(code)).body)).toEqual({ code_verifier: ["code_verifier.required"] });
    expect(errorsOf((await exchange(code, { code_verifier: `${verifier}x` })).body)).toEqual({ code_verifier: ["code_verifier.invalid"] });
    expect((await exchange(code, { code_verifier: verifier })).status).toBe(200);
  });

  it("lets a client with scope sso hand the user over to the portal, and refuses tokens without the scope", async () => {
    const withSso = OAuthTokenAnswer.parse((await exchange(await authorize({ scope: "sso" }))).body);
    const issued = await api.call("POST", "/auth/sso-token", { token: withSso.access_token });
    expect(issued.status).toBe(200);
    const { sso_token } = SsoTokenAnswer.parse(issued.body);
    const pair = AccessTokenAnswer.parse((await api.call("POST", "/auth/sso-refresh-token", { form: { sso_token } })).body);
    expect(decodeJwt(pair.token).sub).toBe("2");
    // scope sso alone does not open userinfo.
    expect((await api.call("GET", "/oauth2/userinfo", { token: withSso.access_token })).status).toBe(403);

    const profileOnly = OAuthTokenAnswer.parse((await exchange(await authorize({ scope: "profile" }))).body);
    expect((await api.call("POST", "/auth/sso-token", { token: profileOnly.access_token })).status).toBe(403);
    const info = OAuthUserInfoAnswer.parse((await api.call("GET", "/oauth2/userinfo", { token: profileOnly.access_token })).body);
    expect(info.accounts).toBeUndefined();
  });

  it("GET /oauth2/userinfo needs a client access token", async () => {
    expect((await api.call("GET", "/oauth2/userinfo")).status).toBe(401);
    expect((await api.call("GET", "/oauth2/userinfo", { token: family })).status).toBe(401);
  });
});
