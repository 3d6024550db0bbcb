/**
 * Two-step verification (api/service/two-step.ts): setting it up and turning it on with a first code,
 * signing in with a code or a recovery code (each once), the limits on wrong codes, turning it off and
 * new recovery codes with the password, the secret sealed at rest, and support's turn-off.
 * Codes are computed here as an authenticator app would, from the secret the API answered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { AccessTokenAnswer, TwoStepRequiredAnswer } from "#contract/auth";
import { CurrentUserAnswer } from "#contract/accounts";
import { ErrorAnswer } from "#contract/common";
import {
  RecoveryCodesAnswer,
  TWO_STEP_FAILURES_PER_USER,
  TwoStepSetupAnswer,
  TwoStepSignInAnswer,
  TwoStepStatusAnswer,
} from "#contract/two-step";
import { DEMO_TWO_STEP } from "../../api/db/seed/index.ts";
import { turnOffForSupport } from "../../api/service/two-step.ts";
import { createTestApi, type TestApi } from "./support/api.ts";
import { DEMO_PASSWORD, NOW } from "./support/constants.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** The code an app set up with this secret shows at the service clock's time (plus `offsetSeconds`). */
const codeOf = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: api.clock.now.getTime() + offsetSeconds * 1000,
  });

/** A code that is not the app's now (nor one step either side). */
const wrongCodeOf = (secret: string) => {
  const near = new Set([-30, 0, 30].map((offset) => codeOf(secret, offset)));
  let code = 100000;
  while (near.has(String(code))) code++;
  return String(code);
};

const tick = () => {
  api.clock.now = new Date(api.clock.now.getTime() + 30_000);
};

const passwordStep = async (username: string, password = DEMO_PASSWORD) =>
  api.call("POST", "/auth/access-token", { json: { username, password } });

async function twoStepToken(username: string): Promise<string> {
  const { status, body } = await passwordStep(username);
  expect(status).toBe(200);
  return TwoStepRequiredAnswer.parse(body).two_step_token;
}

const secondStep = (two_step_token: string, fields: { code?: string; recovery_code?: string }) =>
  api.call("POST", "/auth/two-step", { json: { two_step_token, ...fields } });

const sessionsOf = async (userId: number) =>
  Number((await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM auth_sessions WHERE user_id = $1", [userId]))!.n);

describe("turning it on (resi@example.com)", () => {
  let token: string;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    api.clock.now = new Date(NOW);
    token = await api.signIn("resi@example.com");
  });

  it("is off until set up, and a first code is refused without a setup", async () => {
    const status = await api.call("GET", "/profile-settings/two-step", { token });
    expect(TwoStepStatusAnswer.parse(status.body).two_step).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    const profile = await api.call("GET", "/profile-settings", { token, query: { include: "two_step" } });
    expect(CurrentUserAnswer.parse(profile.body).two_step).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    expect(TwoStepSetupAnswer.parse((await api.call("GET", "/profile-settings/two-step/setup", { token })).body).setup).toBeNull();
    const early = await api.call("POST", "/profile-settings/two-step", { token, json: { code: "123456" } });
    expect(early.status).toBe(422);
    expect(ErrorAnswer.parse(early.body).errors).toEqual({ _form: ["_form.no_setup"] });
  });

  it("starts a setup whose secret the API keeps sealed: the column does not hold it", async () => {
    const started = await api.call("POST", "/profile-settings/two-step/setup", { token });
    expect(started.status).toBe(200);
    secret = TwoStepSetupAnswer.parse(started.body).setup!.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const shown = TwoStepSetupAnswer.parse((await api.call("GET", "/profile-settings/two-step/setup", { token })).body).setup;
    expect(shown).toEqual({ secret, algorithm: "SHA1", digits: 6, period: 30 });

    const row = await api.db.one<{ secret_sealed: string; enabled_at: Date | null }>(
      "SELECT secret_sealed, enabled_at FROM two_step_secrets WHERE user_id = 1",
    );
    expect(row!.enabled_at).toBeNull();
    expect(row!.secret_sealed).not.toContain(secret);
    expect(row!.secret_sealed.toUpperCase()).not.toContain(secret.slice(0, 8));
    expect(Buffer.from(row!.secret_sealed.split(".").at(-1)!, "base64url").toString("latin1")).not.toContain(secret.slice(0, 8));
    // Signing in still asks for the password only.
    expect(AccessTokenAnswer.safeParse((await passwordStep("resi@example.com")).body).success).toBe(true);
  });

  it("refuses a wrong first code and a malformed one, and stays off", async () => {
    const wrong = await api.call("POST", "/profile-settings/two-step", { token, json: { code: wrongCodeOf(secret) } });
    expect(wrong.status).toBe(422);
    expect(ErrorAnswer.parse(wrong.body).errors).toEqual({ code: ["code.invalid"] });
    const letters = await api.call("POST", "/profile-settings/two-step", { token, form: { code: "12ab56" } });
    expect(ErrorAnswer.parse(letters.body).errors).toEqual({ code: ["code.invalid"] });
    const blank = await api.call("POST", "/profile-settings/two-step", { token, form: { code: " " } });
    expect(ErrorAnswer.parse(blank.body).errors).toEqual({ code: ["code.required"] });
    expect(TwoStepStatusAnswer.parse((await api.call("GET", "/profile-settings/two-step", { token })).body).two_step.enabled).toBe(false);
  });

  it("turns on with the app's code (spaces allowed), answers ten recovery codes and ends the other sessions", async () => {
    const other = await api.signIn("resi@example.com");
    const typed = codeOf(secret).replace(/^(\d{3})/, "$1 ");
    const confirmed = await api.call("POST", "/profile-settings/two-step", { token, form: { code: typed } });
    expect(confirmed.status).toBe(200);
    recoveryCodes = RecoveryCodesAnswer.parse(confirmed.body).recovery_codes;
    expect(new Set(recoveryCodes).size).toBe(10);

    const status = TwoStepStatusAnswer.parse((await api.call("GET", "/profile-settings/two-step", { token })).body).two_step;
    expect(status).toEqual({ enabled: true, enabled_at: NOW.toISOString(), recovery_codes_left: 10 });
    // The profile includes the same when asked (?include=two_step), and only then.
    const profile = await api.call("GET", "/profile-settings", { token, query: { include: "two_step" } });
    expect(CurrentUserAnswer.parse(profile.body).two_step).toEqual(status);
    expect(CurrentUserAnswer.parse((await api.call("GET", "/profile-settings", { token })).body)).not.toHaveProperty("two_step");
    const unknown = await api.call("GET", "/profile-settings", { token, query: { include: "sessions" } });
    expect(unknown.status).toBe(422);
    expect(ErrorAnswer.parse(unknown.body).errors).toEqual({ include: ["include.invalid"] });
    expect((await api.call("GET", "/dashboard", { token: other })).status).toBe(401);
    expect((await api.call("GET", "/dashboard", { token })).status).toBe(200);
    // Stored hashed: no row holds a code in clear.
    const stored = await api.db.query<{ code_hash: string; salt: string }>(
      "SELECT code_hash, salt FROM two_step_recovery_codes WHERE user_id = 1",
    );
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));
    // A second setup is refused once it is on; the setup is no longer shown.
    const again = await api.call("POST", "/profile-settings/two-step/setup", { token });
    expect(ErrorAnswer.parse(again.body).errors).toEqual({ _form: ["_form.already_enabled"] });
    expect(TwoStepSetupAnswer.parse((await api.call("GET", "/profile-settings/two-step/setup", { token })).body).setup).toBeNull();
  });

  it("then the password alone answers a two-step token, not a session, which opens nothing", async () => {
    const before = await sessionsOf(1);
    const { body } = await passwordStep("resi@example.com");
    const pending = TwoStepRequiredAnswer.parse(body);
    expect(pending.expires_in).toBe(300);
    expect(await sessionsOf(1)).toBe(before);
    expect((await api.call("GET", "/dashboard", { token: pending.two_step_token })).status).toBe(401);
    expect((await api.call("GET", "/profile-settings", { token: pending.two_step_token })).status).toBe(401);
    const asRefresh = await api.call("POST", "/auth/access-token", { json: { refresh_token: pending.two_step_token } });
    expect(ErrorAnswer.safeParse(asRefresh.body).success).toBe(true);
    // An access token is no two-step token either.
    expect((await secondStep(token, { code: codeOf(secret) })).status).toBe(401);
    // A wrong password answers 401 as always (no two-step token).
    expect((await passwordStep("resi@example.com", "Wrong-Pass-1")).status).toBe(401);
  });

  it("refuses the code that turned it on, a wrong code, and a missing one", async () => {
    const pending = await twoStepToken("resi@example.com");
    const reused = await secondStep(pending, { code: codeOf(secret) });
    expect(reused.status).toBe(422);
    expect(ErrorAnswer.parse(reused.body).errors).toEqual({ code: ["code.used"] });
    const wrong = await secondStep(pending, { code: wrongCodeOf(secret) });
    expect(ErrorAnswer.parse(wrong.body).errors).toEqual({ code: ["code.invalid"] });
    const none = await secondStep(pending, {});
    expect(ErrorAnswer.parse(none.body).errors).toEqual({ code: ["code.required"] });
  });

  it("signs in with the next code, once: the same code again within its window is refused", async () => {
    tick();
    const before = await sessionsOf(1);
    const code = codeOf(secret);
    const signedIn = await secondStep(await twoStepToken("resi@example.com"), { code });
    expect(signedIn.status).toBe(200);
    const session = TwoStepSignInAnswer.parse(signedIn.body);
    expect(session.recovery_codes_left).toBeUndefined();
    expect((await api.call("GET", "/dashboard", { token: session.token })).status).toBe(200);
    expect(await sessionsOf(1)).toBe(before + 1);

    const replay = await secondStep(await twoStepToken("resi@example.com"), { code });
    expect(replay.status).toBe(422);
    expect(ErrorAnswer.parse(replay.body).errors).toEqual({ code: ["code.used"] });
    // An older code (the step before) is refused too; the app's next one works.
    const older = await secondStep(await twoStepToken("resi@example.com"), { code: codeOf(secret, -30) });
    expect(ErrorAnswer.parse(older.body).errors).toEqual({ code: ["code.used"] });
    expect((await secondStep(await twoStepToken("resi@example.com"), { code: codeOf(secret, 30) })).status).toBe(200);
  });

  it("accepts two tries of one code at once only once", async () => {
    // A new window of tries (the failures above count in the last one).
    api.clock.now = new Date(api.clock.now.getTime() + 15 * 60_000);
    const code = codeOf(secret);
    const [a, b] = await Promise.all([twoStepToken("resi@example.com"), twoStepToken("resi@example.com")]);
    const answers = await Promise.all([secondStep(a, { code }), secondStep(b, { code })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
  });

  it("signs in with a recovery code once (any case, without its hyphen), and says how many are left", async () => {
    // The tries that failed above used up this window's (five): the next window, and a fresh access token.
    api.clock.now = new Date(api.clock.now.getTime() + 15 * 60_000);
    token = TwoStepSignInAnswer.parse((await secondStep(await twoStepToken("resi@example.com"), { code: codeOf(secret) })).body).token;
    const [first] = recoveryCodes;
    const typed = first.replace("-", "").toUpperCase();
    const used = await secondStep(await twoStepToken("resi@example.com"), { recovery_code: typed });
    expect(used.status).toBe(200);
    expect(TwoStepSignInAnswer.parse(used.body).recovery_codes_left).toBe(9);
    const again = await secondStep(await twoStepToken("resi@example.com"), { recovery_code: first });
    expect(again.status).toBe(422);
    expect(ErrorAnswer.parse(again.body).errors).toEqual({ recovery_code: ["recovery_code.invalid"] });
    const made = await secondStep(await twoStepToken("resi@example.com"), { recovery_code: "abcde-fghjk" });
    expect(ErrorAnswer.parse(made.body).errors).toEqual({ recovery_code: ["recovery_code.invalid"] });
    expect(
      TwoStepStatusAnswer.parse((await api.call("GET", "/profile-settings/two-step", { token })).body).two_step.recovery_codes_left,
    ).toBe(9);
  });

  it("ends a two-step token after five minutes, and when the password changes", async () => {
    const pending = await twoStepToken("resi@example.com");
    api.clock.now = new Date(api.clock.now.getTime() + 300_000);
    expect((await secondStep(pending, { code: codeOf(secret) })).status).toBe(401);

    const fresh = await twoStepToken("resi@example.com");
    const changed = await api.call("PUT", "/profile-settings/password", {
      token,
      json: { current_password: DEMO_PASSWORD, new_password: "Other-Pass-2027", confirm_password: "Other-Pass-2027" },
    });
    expect(changed.status).toBe(200);
    expect((await secondStep(fresh, { code: codeOf(secret) })).status).toBe(401);
    await api.call("PUT", "/profile-settings/password", {
      token,
      json: { current_password: "Other-Pass-2027", new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
    });
  });

  it("makes new recovery codes with the password only; the old ones stop working", async () => {
    const wrong = await api.call("POST", "/profile-settings/two-step/recovery-codes", { token, form: { password: "nope" } });
    expect(wrong.status).toBe(422);
    expect(ErrorAnswer.parse(wrong.body).errors).toEqual({ password: ["password.incorrect"] });
    const missing = await api.call("POST", "/profile-settings/two-step/recovery-codes", { token, form: {} });
    expect(ErrorAnswer.parse(missing.body).errors).toEqual({ password: ["password.required"] });
    const made = await api.call("POST", "/profile-settings/two-step/recovery-codes", { token, form: { password: DEMO_PASSWORD } });
    const fresh = RecoveryCodesAnswer.parse(made.body).recovery_codes;
    expect(fresh).not.toContain(recoveryCodes[1]);
    const old = await secondStep(await twoStepToken("resi@example.com"), { recovery_code: recoveryCodes[1] });
    expect(ErrorAnswer.parse(old.body).errors).toEqual({ recovery_code: ["recovery_code.invalid"] });
    expect((await secondStep(await twoStepToken("resi@example.com"), { recovery_code: fresh[0] })).status).toBe(200);
  });

  it("turns off with the password only; then the password signs in alone", async () => {
    const wrong = await api.call("POST", "/profile-settings/two-step/disable", { token, json: { password: "Wrong-Pass-1" } });
    expect(wrong.status).toBe(422);
    expect(ErrorAnswer.parse(wrong.body).errors).toEqual({ password: ["password.incorrect"] });
    expect(TwoStepStatusAnswer.parse((await api.call("GET", "/profile-settings/two-step", { token })).body).two_step.enabled).toBe(true);

    const off = await api.call("POST", "/profile-settings/two-step/disable", { token, json: { password: DEMO_PASSWORD } });
    expect(off.status).toBe(200);
    expect(TwoStepStatusAnswer.parse((await api.call("GET", "/profile-settings/two-step", { token })).body).two_step.enabled).toBe(false);
    expect(AccessTokenAnswer.safeParse((await passwordStep("resi@example.com")).body).success).toBe(true);
    expect(await api.db.one("SELECT 1 FROM two_step_recovery_codes WHERE user_id = 1")).toBeFalsy();
    const again = await api.call("POST", "/profile-settings/two-step/disable", { token, json: { password: DEMO_PASSWORD } });
    expect(ErrorAnswer.parse(again.body).errors).toEqual({ _form: ["_form.not_enabled"] });
  });

  it("answers 401 to every settings endpoint without a token", async () => {
    for (const [method, path] of [
      ["GET", "/profile-settings/two-step"],
      ["GET", "/profile-settings/two-step/setup"],
      ["POST", "/profile-settings/two-step/setup"],
      ["POST", "/profile-settings/two-step"],
      ["POST", "/profile-settings/two-step/recovery-codes"],
      ["POST", "/profile-settings/two-step/disable"],
    ]) {
      expect((await api.call(method, path, method === "POST" ? { json: {} } : {})).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe("the demo user and the limits (louise.gagnon@example.com)", () => {
  beforeAll(() => {
    api.clock.now = new Date(NOW);
  });

  it("signs in with a code of the documented secret, and with a documented recovery code", async () => {
    const withCode = await secondStep(await twoStepToken(DEMO_TWO_STEP.username), { code: codeOf(DEMO_TWO_STEP.secret) });
    expect(withCode.status).toBe(200);
    const dashboard = await api.call("GET", "/dashboard", { token: TwoStepSignInAnswer.parse(withCode.body).token });
    expect(dashboard.body.customers.map((c: { customer_id: number }) => c.customer_id)).toEqual([DEMO_TWO_STEP.customerId]);
    const withRecovery = await secondStep(await twoStepToken(DEMO_TWO_STEP.username), { recovery_code: DEMO_TWO_STEP.recoveryCodes[9] });
    expect(TwoStepSignInAnswer.parse(withRecovery.body).recovery_codes_left).toBe(9);
  });

  it(`refuses every try past ${TWO_STEP_FAILURES_PER_USER} wrong codes in a window, from any address, until it ends`, async () => {
    tick();
    for (let i = 0; i < TWO_STEP_FAILURES_PER_USER; i++) {
      const pending = await twoStepToken(DEMO_TWO_STEP.username);
      const wrong = i % 2 ? { code: wrongCodeOf(DEMO_TWO_STEP.secret) } : { recovery_code: "zzzzz-zzzzz" };
      expect((await secondStep(pending, wrong)).status).toBe(422);
    }
    const limited = await api.call("POST", "/auth/two-step", {
      json: { two_step_token: await twoStepToken(DEMO_TWO_STEP.username), code: codeOf(DEMO_TWO_STEP.secret) },
      headers: { "X-Forwarded-For": "203.0.113.77" },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The window's end (15 minutes from the first failure): the right code works again.
    api.clock.now = new Date(api.clock.now.getTime() + 15 * 60_000);
    expect((await secondStep(await twoStepToken(DEMO_TWO_STEP.username), { code: codeOf(DEMO_TWO_STEP.secret) })).status).toBe(200);
  });

  it("support turns it off without the password: secret and codes gone, every session ended", async () => {
    const session = await secondStep(await twoStepToken(DEMO_TWO_STEP.username), { recovery_code: DEMO_TWO_STEP.recoveryCodes[0] });
    const { token } = TwoStepSignInAnswer.parse(session.body);
    expect(await turnOffForSupport(api.db, "Louise.Gagnon@example.com ", api.clock.now)).toBe("off");
    expect((await api.call("GET", "/dashboard", { token })).status).toBe(401);
    expect(AccessTokenAnswer.safeParse((await passwordStep(DEMO_TWO_STEP.username)).body).success).toBe(true);
    expect(await turnOffForSupport(api.db, DEMO_TWO_STEP.username, api.clock.now)).toBe("was-not-on");
    expect(await turnOffForSupport(api.db, "nobody@example.com", api.clock.now)).toBe("no-such-user");
  });
});

describe("wrong codes count in the sign-in limits like wrong passwords", () => {
  it("per username and address: past the limit the address waits, the right code too", async () => {
    const strict = await createTestApi({ limits: { failuresPerPair: 2 } });
    try {
      const token = TwoStepRequiredAnswer.parse(
        (await strict.call("POST", "/auth/access-token", { json: { username: DEMO_TWO_STEP.username, password: DEMO_PASSWORD } })).body,
      ).two_step_token;
      const from = { "X-Forwarded-For": "198.51.100.9" };
      for (let i = 0; i < 2; i++) {
        const wrong = await strict.call("POST", "/auth/two-step", { json: { two_step_token: token, code: "000000" }, headers: from });
        expect(wrong.status).toBe(422);
      }
      const right = new TOTP({ secret: Secret.fromBase32(DEMO_TWO_STEP.secret) }).generate({ timestamp: strict.clock.now.getTime() });
      const limited = await strict.call("POST", "/auth/two-step", { json: { two_step_token: token, code: right }, headers: from });
      expect(limited.status).toBe(429);
      // Another address is not refused for this one's failures.
      const elsewhere = await strict.call("POST", "/auth/two-step", {
        json: { two_step_token: token, code: right },
        headers: { "X-Forwarded-For": "198.51.100.10" },
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
