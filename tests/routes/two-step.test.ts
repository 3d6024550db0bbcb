/**
 * Two-step verification in the portal (msw answers as the API): the password step of a user who has it
 * on gives no session, only the code step does; the code step's refusals, limits and recovery codes; the
 * profile pages that turn it on (QR code and key), show the recovery codes once, make new ones and turn
 * it off. Every refusal answers 4xx with a translated message and changes nothing.
 */
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware, throughCookieCheck } from "../../app/lib/auth.server.ts";
import { setTokens, takeNotifications } from "../../app/lib/session.server.ts";
import { metrics } from "../../app/lib/metrics.server.ts";
import * as login from "../../app/routes/login.tsx";
import * as logout from "../../app/routes/logout.tsx";
import * as codeStep from "../../app/routes/login-two-step.tsx";
import * as settings from "../../app/routes/profile/settings.tsx";
import * as setupPage from "../../app/routes/profile/two-step.tsx";
import * as codesPage from "../../app/routes/profile/two-step-codes.tsx";
import * as offPage from "../../app/routes/profile/two-step-off.tsx";
import { on, refuse, reply } from "../mocks/contract.ts";
import { CODE_USED, RECOVERY_CODE, TWO_STEP_CODE, TWO_STEP_USER, recoveryCodes, setup, statusOff, statusOn } from "../mocks/two-step.ts";
import { REFRESH_TOKEN, accessToken } from "../mocks/fixtures.ts";
import { currentUser } from "../mocks/services.ts";
import { pageCalls, recordApiCalls } from "../support/api-calls.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, sessionTokens, signedInCookie, type RouteCall } from "../support/route.ts";

type Handler = (args: any) => unknown;

afterEach(() => vi.restoreAllMocks());
const quiet = () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};

/** Calls to an endpoint, with what was sent (JSON or form). */
function watch(key: Parameters<typeof on>[0], answer?: () => Response) {
  const seen: Record<string, unknown>[] = [];
  server.use(
    on(key, async ({ request }) => {
      const type = request.headers.get("Content-Type") ?? "";
      seen.push(
        type.includes("json")
          ? ((await request.clone().json()) as Record<string, unknown>)
          : type
            ? Object.fromEntries(await request.clone().formData())
            : {},
      );
      return answer ? answer() : undefined;
    }),
  );
  return seen;
}

async function signInCount(outcome: string): Promise<number> {
  const { values } = await metrics().signIns.get();
  return values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

/** The password step of the two-step user: the Cookie header the browser holds then. */
async function passwordStep(cameFrom = "/billing/100203"): Promise<string> {
  const result = await callRoute(login.action, {
    url: "/login",
    form: { username: TWO_STEP_USER, password: "Demo-Pass-2026", came_from: cameFrom },
  });
  expect(result.status).toBe(302);
  expect(result.location).toBe("/login/two-step?check=cookies");
  return nextCookie(undefined, result.setCookies);
}

const codeStepCall = (cookie: string, form?: Record<string, string>, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(form ? codeStep.action : codeStep.loader, { url: "/login/two-step", cookie, form, ...extra });

/** A signed-in page: the profile settings, through the signed-in layout's guard. */
const signedInPage = (cookie: string) =>
  callRoute<any>(settings.loader, { url: "/profile-settings", cookie, middleware: [requireUserMiddleware] });

describe("signing in with two-step verification on", () => {
  it("the password alone gives no session: the browser holds no token, and every signed-in page sends it to sign in", async () => {
    const before = await signInCount("two_step");
    const cookie = await passwordStep();
    expect(await sessionTokens(cookie)).toEqual({});
    const page = await signedInPage(cookie);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/login?came_from=%2Fprofile-settings");
    expect((await signInCount("two_step")) - before).toBe(1);
  });

  it("asks for a code of the app, naming who signs in; without a password step first, back to the password", async () => {
    const cookie = await passwordStep();
    // Straight from the password step with its cookie: the page at its own address.
    expect((await callRoute(codeStep.loader, { url: "/login/two-step?check=cookies", cookie })).location).toBe("/login/two-step");
    const page = await codeStepCall(cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ method: "app", username: TWO_STEP_USER });
    const recovery = await callRoute<any>(codeStep.loader, { url: "/login/two-step?method=recovery", cookie });
    expect(recovery.data.method).toBe("recovery");
    const nobody = await codeStepCall("");
    expect(nobody.location).toBe("/login");
    // Straight from the password step with no cookie at all: the browser refused it, and the sign-in page says so.
    const refused = await callRoute(codeStep.loader, { url: "/login/two-step?check=cookies" });
    expect(refused.location).toBe("/login?check=cookies");
  });

  it("signs in with the right code and goes where the customer was heading", async () => {
    const cookie = await passwordStep("/billing/100203");
    const sent = watch("POST /auth/two-step");
    const done = await codeStepCall(cookie, { code: `${TWO_STEP_CODE.slice(0, 3)} ${TWO_STEP_CODE.slice(3)}` });
    expect(done.status).toBe(302);
    expect(done.location).toBe(throughCookieCheck("/billing/100203"));
    expect(sent).toEqual([expect.objectContaining({ two_step_token: "fixture-two-step-token", code: TWO_STEP_CODE })]);
    const signedIn = nextCookie(cookie, done.setCookies);
    expect((await sessionTokens(signedIn)).refreshToken).toBeTruthy();
    expect((await signedInPage(signedIn)).status).toBe(200);
    // The waiting step is over: its page goes on to where the customer was heading.
    expect((await codeStepCall(signedIn)).location).toBe("/");
  });

  it.each([
    ["000000", "api:code.invalid"],
    [CODE_USED, "api:code.used"],
  ])("refuses %s with 401, its translated message on the field, no session, the code not echoed", async (code, message) => {
    const cookie = await passwordStep();
    const before = await signInCount("wrong_code");
    const refused = await codeStepCall(cookie, { code });
    expect(refused.status).toBe(401);
    expect(refused.data.result.error).toEqual({ code: [message] });
    expect(refused.data.result.initialValue ?? {}).not.toHaveProperty("code");
    expect(await sessionTokens(nextCookie(cookie, refused.setCookies))).toEqual({});
    expect((await signInCount("wrong_code")) - before).toBe(1);
  });

  it.each([
    [{ code: "" }, "api:code.required"],
    [{ code: "12345" }, "api:code.invalid"],
    [{ code: "abcdef" }, "api:code.invalid"],
  ])("answers 400 for %j without asking the API", async (form, message) => {
    const cookie = await passwordStep();
    const sent = watch("POST /auth/two-step");
    const refused = await codeStepCall(cookie, form);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toEqual({ code: [message] });
    expect(sent).toEqual([]);
  });

  it("signs in with a recovery code, saying how many are left; a wrong one is refused", async () => {
    const cookie = await passwordStep("/");
    const wrong = await callRoute<any>(codeStep.action, {
      url: "/login/two-step?method=recovery",
      cookie,
      form: { recovery_code: "zzzzz-zzzzz" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.data.result.error).toEqual({ recovery_code: ["api:recovery_code.invalid"] });
    const blank = await callRoute<any>(codeStep.action, { url: "/login/two-step?method=recovery", cookie, form: { recovery_code: "" } });
    expect(blank.status).toBe(400);
    expect(blank.data.result.error).toEqual({ recovery_code: ["api:recovery_code.required"] });

    const done = await callRoute<any>(codeStep.action, {
      url: "/login/two-step?method=recovery",
      cookie,
      form: { recovery_code: RECOVERY_CODE.toUpperCase() },
    });
    expect(done.status).toBe(302);
    const shown = await callRoute<any>(({ context }: any) => takeNotifications(context), {
      url: "/",
      cookie: nextCookie(cookie, done.setCookies),
    });
    expect(shown.data).toEqual([
      expect.objectContaining({ type: "warning", key: "auth:twoStep.notifyRecoveryUsed", values: { count: 9 } }),
    ]);
  });

  it("counts wrong codes in the sign-in limits: past them, 429 with the minutes to wait, the API not asked", async () => {
    const cookie = await passwordStep();
    const from = { requestInfo: { clientAddress: "198.51.100.61" } };
    for (let i = 0; i < 8; i++) expect((await codeStepCall(cookie, { code: "000000" }, from)).status).toBe(401);
    const sent = watch("POST /auth/two-step");
    const limited = await codeStepCall(cookie, { code: TWO_STEP_CODE }, from);
    expect(limited.status).toBe(429);
    expect(limited.data.result.error[""][0]).toMatch(/^auth:twoStep\.tooManyAttempts\|\{"count":\d+\}$/);
    expect(sent).toEqual([]);
  });

  it("answers 429 when the API limits the user's codes", async () => {
    server.use(on("POST /auth/two-step", () => refuse(429)));
    const limited = await codeStepCall(await passwordStep(), { code: TWO_STEP_CODE });
    expect(limited.status).toBe(429);
    expect(limited.data.result.error[""][0]).toMatch(/^auth:twoStep\.tooManyAttempts\|/);
  });

  it("says the minutes left of the API's wait for codes (its Retry-After), not a whole window", async () => {
    server.use(
      on("POST /auth/two-step", () =>
        HttpResponse.json({ success: false, message: "Too many codes" }, { status: 429, headers: { "Retry-After": "61" } }),
      ),
    );
    const limited = await codeStepCall(await passwordStep(), { code: TWO_STEP_CODE });
    expect(limited.status).toBe(429);
    expect(limited.data.result.error[""][0]).toContain('"count":2');
  });

  it("keeps the code step while another tab opens a signed-in page (sent to sign in, as it is not yet)", async () => {
    const cookie = await passwordStep();
    const elsewhere = await signedInPage(cookie);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.location).toMatch(/^\/login/);
    const signedIn = await codeStepCall(nextCookie(cookie, elsewhere.setCookies), { code: TWO_STEP_CODE });
    expect(signedIn.location).toBe(throughCookieCheck("/billing/100203"));
  });

  it("sends the customer back to the password, saying why, when the two-step token is over", async () => {
    server.use(on("POST /auth/two-step", () => refuse(401)));
    const cookie = await passwordStep();
    const gone = await codeStepCall(cookie, { code: TWO_STEP_CODE });
    // Signing in again leads where the customer was heading.
    expect(gone.location).toBe("/login?came_from=%2Fbilling%2F100203");
    // The waiting step was forgotten.
    expect((await codeStepCall(nextCookie(cookie, gone.setCookies))).location).toBe("/login");
  });

  it("after the step's minutes, sends the customer to the password on the way to the page they were heading to", async () => {
    const start = Date.now();
    const cookie = await passwordStep();
    vi.useFakeTimers({ now: start + 6 * 60_000, toFake: ["Date"] });
    try {
      const late = await codeStepCall(cookie, { code: TWO_STEP_CODE });
      expect(late.location).toBe("/login?came_from=%2Fbilling%2F100203");
      // The sign-in page fills in the username, once.
      const again = nextCookie(cookie, late.setCookies);
      const signIn = await callRoute<any>(login.loader, { url: late.location!, cookie: again });
      expect(signIn.data.username).toBe(TWO_STEP_USER);
      const twice = await callRoute<any>(login.loader, { url: late.location!, cookie: nextCookie(again, signIn.setCookies) });
      expect(twice.data.username).toBe("");
      const page = await codeStepCall(cookie);
      expect(page.location).toBe("/login?came_from=%2Fbilling%2F100203");
      // Forgotten on the way: the page again is the plain sign-in.
      expect((await codeStepCall(nextCookie(cookie, page.setCookies))).location).toBe("/login");
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 503 with a message when the API fails", async () => {
    quiet();
    server.use(on("POST /auth/two-step", () => refuse(500)));
    const failed = await codeStepCall(await passwordStep(), { code: TWO_STEP_CODE });
    expect(failed.status).toBe(503);
    expect(failed.data.result.error).toEqual({ "": ["auth:twoStep.unavailable"] });
  });

  it("answers 415 to a body that is not a form", async () => {
    const cookie = await passwordStep();
    const odd = await callRoute<any>(codeStep.action, {
      url: "/login/two-step",
      cookie,
      body: '{"code":"246810"}',
      headers: { "Content-Type": "application/json" },
    });
    expect(odd.status).toBe(415);
  });

  it("a user without two-step verification signs in with the password alone, as before", async () => {
    const result = await callRoute(login.action, { url: "/login", form: { username: "resi@example.com", password: "Demo-Pass-2026" } });
    expect(result.location).toBe(throughCookieCheck("/"));
  });
});

const signedIn = async (handler: Handler, url: string, extra: Partial<RouteCall> = {}) =>
  callRoute<any>(handler, { url, cookie: await signedInCookie(), middleware: [requireUserMiddleware], ...extra });

describe("the profile page's section", () => {
  it("says it is off and links to turning it on", async () => {
    const page = await signedIn(settings.loader, "/profile-settings");
    expect(page.data.twoStep).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
  });

  it("says since when it is on, and the recovery codes left", async () => {
    server.use(on("GET /profile-settings/two-step", () => reply("GET /profile-settings/two-step", statusOn)));
    expect((await signedIn(settings.loader, "/profile-settings")).data.twoStep).toEqual(statusOn.two_step);
  });

  it("comes with the profile in one call when the API includes it, asking nothing more", async () => {
    server.use(
      on("GET /profile-settings", ({ request }) =>
        reply("GET /profile-settings", {
          ...currentUser,
          ...(new URL(request.url).searchParams.get("include") === "two_step" && { two_step: statusOn.two_step }),
        }),
      ),
    );
    const calls = recordApiCalls();
    const page = await signedIn(settings.loader, "/profile-settings");
    expect(page.data.twoStep).toEqual(statusOn.two_step);
    expect(page.data.user).toEqual(currentUser.current_user);
    expect(pageCalls(calls).map((c) => `${c.path} ${c.query.get("include")}`)).toEqual(["/profile-settings two_step"]);
    // The setup page too: the profile with its status, and the setup.
    calls.length = 0;
    expect((await signedIn(setupPage.loader, "/profile-settings/two-step")).status).toBe(302);
    expect(
      pageCalls(calls)
        .map((c) => c.path)
        .sort(),
    ).toEqual(["/profile-settings", "/profile-settings/two-step/setup"]);
  });

  it("is asked apart when the API leaves it out of the profile", async () => {
    const calls = recordApiCalls();
    await signedIn(settings.loader, "/profile-settings");
    expect(pageCalls(calls).map((c) => c.path)).toEqual(["/profile-settings", "/profile-settings/two-step"]);
  });

  it("is left out for an API without two-step verification (404)", async () => {
    server.use(on("GET /profile-settings/two-step", () => refuse(404)));
    const page = await signedIn(settings.loader, "/profile-settings");
    expect(page.status).toBe(200);
    expect(page.data.twoStep).toBeNull();
  });
});

describe("turning it on", () => {
  it("offers to start when no setup waits, and starts one", async () => {
    const page = await signedIn(setupPage.loader, "/profile-settings/two-step");
    expect(page.data.setup).toBeNull();
    const sent = watch("POST /profile-settings/two-step/setup");
    const started = await signedIn(setupPage.action, "/profile-settings/two-step?start", { form: {} });
    expect(started.status).toBe(302);
    expect(started.location).toBe("/profile-settings/two-step");
    expect(sent).toHaveLength(1);
  });

  it("shows the setup's QR code (an SVG drawn on the server) and its key in groups of four", async () => {
    server.use(on("GET /profile-settings/two-step/setup", () => reply("GET /profile-settings/two-step/setup", { setup })));
    const page = await signedIn(setupPage.loader, "/profile-settings/two-step");
    expect(page.data.setup.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(page.data.setup.qrSvg).not.toMatch(/<script|on\w+=/i);
    expect(page.data.setup.key).toBe("LOUI SEGA GNON DEMO TWOS TEPS ECRE T234");
    expect(page.data.setup.account).toBe("myLakeshore (resi@example.com)");
  });

  it("goes back to the profile page when it is on already", async () => {
    server.use(on("GET /profile-settings/two-step", () => reply("GET /profile-settings/two-step", statusOn)));
    expect((await signedIn(setupPage.loader, "/profile-settings/two-step")).location).toBe("/profile-settings");
  });

  it("refuses a wrong first code with 422 on the field, and a malformed one with 400 without asking the API", async () => {
    const wrong = await signedIn(setupPage.action, "/profile-settings/two-step", { form: { code: "000000" } });
    expect(wrong.status).toBe(422);
    expect(wrong.data.result.error).toEqual({ code: ["api:code.invalid"] });
    const sent = watch("POST /profile-settings/two-step");
    const malformed = await signedIn(setupPage.action, "/profile-settings/two-step", { form: { code: "12" } });
    expect(malformed.status).toBe(400);
    expect(malformed.data.result.error).toEqual({ code: ["api:code.invalid"] });
    const blank = await signedIn(setupPage.action, "/profile-settings/two-step", { form: { code: "" } });
    expect(blank.data.result.error).toEqual({ code: ["api:code.required"] });
    expect(sent).toEqual([]);
  });

  it("shows the API's form-level refusal above the form (the setup changed)", async () => {
    server.use(on("POST /profile-settings/two-step", () => refuse(422, { _form: ["_form.no_setup"] })));
    const refused = await signedIn(setupPage.action, "/profile-settings/two-step", { form: { code: TWO_STEP_CODE } });
    expect(refused.status).toBe(422);
    expect(refused.data.result.error[""]).toEqual(["api:_form.no_setup"]);
  });

  it("turns on with the right code, then shows the ten recovery codes", async () => {
    const cookie = await turnedOn();
    const shown = await codesPageWith(cookie);
    expect(shown.status).toBe(200);
    expect(shown.data.codes).toEqual(recoveryCodes);
  });
});

const CODES_PAGE = "/profile-settings/two-step/recovery-codes";

/** The browser's Cookie header once two-step verification was turned on with it (the codes page then follows). */
async function turnedOn(): Promise<string> {
  const cookie = await signedInCookie();
  const done = await callRoute<any>(setupPage.action, {
    url: "/profile-settings/two-step",
    cookie,
    form: { code: TWO_STEP_CODE },
    middleware: [requireUserMiddleware],
  });
  expect(done.status).toBe(302);
  expect(done.location).toBe(CODES_PAGE);
  server.use(twoStepStatusIs("GET /profile-settings/two-step", statusOn));
  return nextCookie(cookie, done.setCookies);
}

/** A GET of the codes page (the browser's cookie follows its answer: `cookie`). */
async function codesPageWith(cookie: string, query = "") {
  const page = await callRoute<any>(codesPage.loader, { url: `${CODES_PAGE}${query}`, cookie, middleware: [requireUserMiddleware] });
  return { ...page, cookie: nextCookie(cookie, page.setCookies) };
}

describe("the recovery codes, shown until the customer has saved them", () => {
  afterEach(() => vi.useRealTimers());

  it("after turning it on: a reload and a switch to French show the same codes again; none is in an address or the cookie in clear", async () => {
    let cookie = await turnedOn();
    for (const query of ["", "", "?lng=fr", ""]) {
      const page = await codesPageWith(cookie, query);
      expect(page.status, query).toBe(200);
      expect(page.data.codes, query).toEqual(recoveryCodes);
      expect(page.data.until, query).toBeGreaterThan(Date.now());
      if (query) expect(page.setCookies.join("\n")).toContain("i18n_redirected=fr");
      cookie = page.cookie;
    }
    for (const code of recoveryCodes) expect(cookie).not.toContain(code);
  });

  it("after making new codes: a reload and a switch to French show the new codes again", async () => {
    const newCodes = recoveryCodes.map((code) => [...code].reverse().join(""));
    server.use(
      twoStepStatusIs("GET /profile-settings/two-step", statusOn),
      on("POST /profile-settings/two-step/recovery-codes", () =>
        reply("POST /profile-settings/two-step/recovery-codes", { success: true, recovery_codes: newCodes }),
      ),
    );
    const signedInBrowser = await signedInCookie();
    const made = await callRoute<any>(codesPage.action, {
      url: CODES_PAGE,
      cookie: signedInBrowser,
      form: { password: "Demo-Pass-2026" },
      middleware: [requireUserMiddleware],
    });
    expect(made.location).toBe(CODES_PAGE);
    let cookie = nextCookie(signedInBrowser, made.setCookies);
    for (const query of ["", "?lng=fr", "?lng=fr", "?lng=en"]) {
      const page = await codesPageWith(cookie, query);
      expect(page.data.codes, query).toEqual(newCodes);
      cookie = page.cookie;
    }
  });

  it("are gone once the customer says they saved them (a post that could not be read keeps them)", async () => {
    let cookie = (await codesPageWith(await turnedOn())).cookie;
    const unread = await callRoute<any>(codesPage.action, {
      url: `${CODES_PAGE}?saved`,
      cookie,
      body: "{}",
      headers: { "Content-Type": "application/json" },
      middleware: [requireUserMiddleware],
    });
    expect(unread.status).toBe(415);
    cookie = nextCookie(cookie, unread.setCookies);
    const before = await codesPageWith(cookie);
    expect(before.data.codes).toEqual(recoveryCodes);
    const saved = await callRoute<any>(codesPage.action, {
      url: `${CODES_PAGE}?saved`,
      cookie: before.cookie,
      form: {},
      middleware: [requireUserMiddleware],
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/profile-settings");
    cookie = nextCookie(before.cookie, saved.setCookies);
    for (const query of ["", "?lng=fr"]) {
      const after = await codesPageWith(cookie, query);
      expect(after.status).toBe(200);
      expect(after.data.codes).toBeNull();
      cookie = after.cookie;
    }
  });

  it("are gone after a quarter of an hour", async () => {
    const start = Date.now();
    const shown = await codesPageWith(await turnedOn());
    expect(shown.data.codes).toEqual(recoveryCodes);
    vi.useFakeTimers({ now: start + 14 * 60_000, toFake: ["Date"] });
    const later = await codesPageWith(shown.cookie, "?lng=fr");
    expect(later.data.codes).toEqual(recoveryCodes);
    vi.setSystemTime(start + 15 * 60_000 + 1_000);
    // (The access token has expired meanwhile too: the page renews it.)
    const over = await codesPageWith(later.cookie);
    expect(over.status).toBe(200);
    expect(over.data.codes).toBeNull();
    expect((await codesPageWith(over.cookie)).data.codes).toBeNull();
  });

  it("are never seen by another session: a fresh one, another user's, one signed in again, or one signed out", async () => {
    const cookie = (await codesPageWith(await turnedOn())).cookie;
    expect((await codesPageWith(cookie)).data.codes).toEqual(recoveryCodes);
    // Another browser of the same customer.
    expect((await codesPageWith(await signedInCookie())).data.codes).toBeNull();
    // This browser, now signed in as someone else (a single sign-on link's switch).
    const switched = await callRoute(
      async ({ context }: any) => setTokens(context, { accessToken: await accessToken(900, "2"), refreshToken: REFRESH_TOKEN }),
      { url: "/", cookie },
    );
    expect((await codesPageWith(nextCookie(cookie, switched.setCookies))).data.codes).toBeNull();
    // This browser, signing in again (the password step of a user with two-step on, then the code).
    const password = await callRoute(login.action, {
      url: "/login",
      cookie,
      form: { username: TWO_STEP_USER, password: "Demo-Pass-2026", came_from: "/profile-settings" },
    });
    const waiting = nextCookie(cookie, password.setCookies);
    const signedInAgain = await codeStepCall(waiting, { code: TWO_STEP_CODE });
    expect(signedInAgain.status).toBe(302);
    expect((await codesPageWith(nextCookie(waiting, signedInAgain.setCookies))).data.codes).toBeNull();
    // This browser, signed out: the session cookie is cleared.
    const out = await callRoute(logout.action, { url: "/logout", cookie, form: {}, middleware: [requireUserMiddleware] });
    expect(out.location).toBe("/login");
    expect(nextCookie(cookie, out.setCookies)).not.toContain("__session=");
  });

  it("are forgotten when two-step verification was turned off meanwhile", async () => {
    const cookie = (await codesPageWith(await turnedOn())).cookie;
    expect((await codesPageWith(cookie)).data.codes).toEqual(recoveryCodes);
    server.use(twoStepStatusIs("GET /profile-settings/two-step", statusOff));
    const off = await codesPageWith(cookie);
    expect(off.location).toBe("/profile-settings/two-step");
    server.use(twoStepStatusIs("GET /profile-settings/two-step", statusOn));
    expect((await codesPageWith(off.cookie)).data.codes).toBeNull();
  });
});

/** An always-on GET answer for `server.use`. */
function twoStepStatusIs(key: "GET /profile-settings/two-step", body: typeof statusOn) {
  return on(key, () => reply(key, body));
}

describe("recovery codes and turning it off", () => {
  it("sends the codes page to turning it on while it is off", async () => {
    expect((await signedIn(codesPage.loader, "/profile-settings/two-step/recovery-codes")).location).toBe("/profile-settings/two-step");
    expect((await signedIn(offPage.loader, "/profile-settings/two-step/turn-off")).location).toBe("/profile-settings");
  });

  it("makes new codes with the right password only", async () => {
    server.use(twoStepStatusIs("GET /profile-settings/two-step", statusOn));
    const blank = await signedIn(codesPage.action, "/profile-settings/two-step/recovery-codes", { form: { password: "" } });
    expect(blank.status).toBe(400);
    expect(blank.data.result.error).toEqual({ password: ["api:password.required"] });
    const wrong = await signedIn(codesPage.action, "/profile-settings/two-step/recovery-codes", { form: { password: "nope" } });
    expect(wrong.status).toBe(422);
    expect(wrong.data.result.error).toEqual({ password: ["api:password.incorrect"] });
    expect(wrong.data.result.initialValue ?? {}).not.toHaveProperty("password");
    const made = await signedIn(codesPage.action, "/profile-settings/two-step/recovery-codes", { form: { password: "Demo-Pass-2026" } });
    expect(made.location).toBe("/profile-settings/two-step/recovery-codes");
  });

  it("turns off with the right password only, back to the profile page", async () => {
    server.use(twoStepStatusIs("GET /profile-settings/two-step", statusOn));
    expect((await signedIn(offPage.loader, "/profile-settings/two-step/turn-off")).status).toBe(200);
    const sent = watch("POST /profile-settings/two-step/disable");
    const blank = await signedIn(offPage.action, "/profile-settings/two-step/turn-off", { form: { password: "" } });
    expect(blank.status).toBe(400);
    expect(blank.data.result.error).toEqual({ password: ["api:password.required"] });
    expect(sent).toEqual([]);
    const wrong = await signedIn(offPage.action, "/profile-settings/two-step/turn-off", { form: { password: "nope" } });
    expect(wrong.status).toBe(422);
    expect(wrong.data.result.error).toEqual({ password: ["api:password.incorrect"] });
    const off = await signedIn(offPage.action, "/profile-settings/two-step/turn-off", { form: { password: "Demo-Pass-2026" } });
    expect(off.status).toBe(302);
    expect(off.location).toBe("/profile-settings");
  });

  it("answers 503 with the form kept when the API does not answer", async () => {
    quiet();
    server.use(
      twoStepStatusIs("GET /profile-settings/two-step", statusOn),
      on("POST /profile-settings/two-step/disable", () => refuse(503)),
    );
    const failed = await signedIn(offPage.action, "/profile-settings/two-step/turn-off", { form: { password: "Demo-Pass-2026" } });
    expect(failed.status).toBe(503);
  });
});
