/**
 * msw: two-step verification. louise.gagnon@example.com has it on: her password answers a two-step
 * token, and POST /auth/two-step takes TWO_STEP_CODE (CODE_USED was used already) or RECOVERY_CODE. The
 * signed-in user (resi@) has it off, with no setup; tests change that with `server.use`.
 */
import { normalizeRecoveryCode, type TwoStepSetup, type TwoStepStatusAnswer } from "#contract/two-step";
import { DEMO_TWO_STEP_USER as DEMO_TWO_STEP } from "../../api/db/seed/two-step-demo.ts";
import { API, on, refuse, reply } from "./contract.ts";
import * as fixtures from "./fixtures.ts";
import { http, HttpResponse } from "msw";

export const TWO_STEP_USER = DEMO_TWO_STEP.username;
export const TWO_STEP_TOKEN = "fixture-two-step-token";
export const TWO_STEP_CODE = "246810";
export const CODE_USED = "135791";
export const RECOVERY_CODE = DEMO_TWO_STEP.recoveryCodes[0];

export const setup: TwoStepSetup = { secret: DEMO_TWO_STEP.secret, algorithm: "SHA1", digits: 6, period: 30 };
export const statusOff: TwoStepStatusAnswer = { two_step: { enabled: false, enabled_at: null, recovery_codes_left: 0 } };
export const statusOn: TwoStepStatusAnswer = {
  two_step: { enabled: true, enabled_at: "2026-11-15T15:00:00.000Z", recovery_codes_left: 7 },
};
export const recoveryCodes = [...DEMO_TWO_STEP.recoveryCodes];

const ok = { success: true } as const;

/** The password step of the two-step user (before auth.ts's handler, which knows only resi@). */
export const twoStepPasswordHandler = http.post(`${API}/auth/access-token`, async ({ request }) => {
  const body = (await request.clone().json()) as Record<string, string>;
  if (body.username !== TWO_STEP_USER) return undefined;
  if (body.password !== "Demo-Pass-2026") return refuse(401);
  return HttpResponse.json({ two_step_required: true, two_step_token: TWO_STEP_TOKEN, expires_in: 300 });
});

export const twoStepHandlers = [
  twoStepPasswordHandler,
  on("POST /auth/two-step", async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    if (body.two_step_token !== TWO_STEP_TOKEN) return refuse(401);
    if (body.recovery_code !== undefined) {
      if (normalizeRecoveryCode(body.recovery_code) !== normalizeRecoveryCode(RECOVERY_CODE))
        return refuse(422, { recovery_code: ["recovery_code.invalid"] });
      return reply("POST /auth/two-step", { ...(await fixtures.tokenAnswer()), recovery_codes_left: 9 });
    }
    if (body.code === CODE_USED) return refuse(422, { code: ["code.used"] });
    if (body.code !== TWO_STEP_CODE) return refuse(422, { code: ["code.invalid"] });
    return reply("POST /auth/two-step", await fixtures.tokenAnswer());
  }),
  on("GET /profile-settings/two-step", () => reply("GET /profile-settings/two-step", statusOff)),
  on("GET /profile-settings/two-step/setup", () => reply("GET /profile-settings/two-step/setup", { setup: null })),
  on("POST /profile-settings/two-step/setup", () => reply("POST /profile-settings/two-step/setup", { success: true, setup })),
  on("POST /profile-settings/two-step", async ({ request }) => {
    const form = await request.formData().catch(() => null);
    const code = String(form?.get("code") ?? "");
    if (code !== TWO_STEP_CODE) return refuse(422, { code: ["code.invalid"] });
    return reply("POST /profile-settings/two-step", { success: true, recovery_codes: recoveryCodes });
  }),
  on("POST /profile-settings/two-step/recovery-codes", async ({ request }) => {
    const form = await request.formData().catch(() => null);
    if (form?.get("password") !== "Demo-Pass-2026") return refuse(422, { password: ["password.incorrect"] });
    return reply("POST /profile-settings/two-step/recovery-codes", { success: true, recovery_codes: recoveryCodes });
  }),
  on("POST /profile-settings/two-step/disable", async ({ request }) => {
    const form = await request.formData().catch(() => null);
    if (form?.get("password") !== "Demo-Pass-2026") return refuse(422, { password: ["password.incorrect"] });
    return reply("POST /profile-settings/two-step/disable", ok);
  }),
];
