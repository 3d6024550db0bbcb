import { describe, expect, it, onTestFinished, vi } from "vitest";
import { action, loader } from "../../app/routes/login.tsx";
import { throughCookieCheck } from "../../app/lib/auth.server.ts";
import { http, HttpResponse } from "msw";
import { API, on, refuse, reply } from "../mocks/contract.ts";
import { currentUser } from "../mocks/services.ts";
import { server } from "../support/msw.ts";
import { SignInLimiter } from "#common/sign-in-limits";
import { metrics } from "../../app/lib/metrics.server.ts";
import { useEnv } from "../support/config.ts";
import { callRoute, signedInCookie } from "../support/route.ts";
import { TYPED_COOKIE } from "../../app/lib/typed-across-languages.ts";
import { resetTestSignInLimits } from "../support/sign-in-limits.ts";

const form = (username: string, password: string, came_from = "") => ({ username, password, came_from });

/** The value of portal_sign_ins_total for an outcome, as /metrics would show it. */
async function signIns(outcome: string): Promise<number> {
  const { values } = await metrics().signIns.get();
  return values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

describe("login action", () => {
  it("signs in, sets the session cookie and returns to came_from", async () => {
    const result = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026", "/dashboard/100101") });
    expect(result.status).toBe(302);
    // Through the sign-in page once, which sends a browser that kept the cookie on (the loader, below).
    expect(result.location).toBe("/login?came_from=%2Fdashboard%2F100101&check=cookies");
    expect(result.setCookies.join()).toMatch(/__session=.+; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it("speaks the profile's preferred language from sign-in on: a new document in it, remembered", async () => {
    server.use(
      on("GET /profile-settings", () =>
        reply("GET /profile-settings", { current_user: { ...currentUser.current_user, preferred_language: "fr" } }),
      ),
    );
    const result = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026", "/dashboard/100201") });
    expect(result.status).toBe(302);
    expect(result.location).toBe(throughCookieCheck("/dashboard/100201"));
    expect(result.setCookies.join()).toMatch(/(^|, )i18n_redirected=fr; Max-Age=31536000; Path=\//);
    // The browser holds one language's texts: the page after sign-in is loaded as a document.
    expect(result.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  it("remembers a preferred language that is already the page's, without a new document", async () => {
    const result = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026", "/dashboard/100101") });
    expect(result.setCookies.join()).toMatch(/(^|, )i18n_redirected=en;/);
    expect(result.headers.get("X-Remix-Reload-Document")).toBeNull();
  });

  it("signs in all the same when the profile cannot be read, in the page's language", async () => {
    server.use(on("GET /profile-settings", () => refuse(500)));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    const result = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026", "/dashboard/100101") });
    expect(result.location).toBe(throughCookieCheck("/dashboard/100101"));
    expect(result.setCookies.join()).not.toMatch(/i18n_redirected/);
  });

  it.each(["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "lands on / instead of following came_from %s",
    async (cameFrom) => {
      const result = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026", cameFrom) });
      expect(result.location).toBe(throughCookieCheck("/"));
    },
  );

  it("keeps the username, drops the password and answers 401 for a wrong combination", async () => {
    const result = await callRoute<any>(action, { url: "/login", form: form("resi@example.com", "wrong") });
    expect(result.status).toBe(401);
    expect(result.data.notice).toBe("failed");
    expect(result.data.result.initialValue.username).toBe("resi@example.com");
    expect(result.data.result.initialValue).not.toHaveProperty("password");
    expect(result.setCookies).toEqual([]);
  });

  it("answers 400 with field errors (translation keys) for empty fields, without calling the API", async () => {
    const result = await callRoute<any>(action, { url: "/login", form: form("", "") });
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({
      username: ["auth:login.usernameRequired"],
      password: ["auth:login.passwordRequired"],
    });
  });

  const from = (clientAddress: string) => ({ requestInfo: { clientAddress } });

  it("refuses a username from an address after 8 failures there, with the minutes to wait", async () => {
    for (let i = 0; i < 8; i++)
      await callRoute(action, { url: "/login", form: form("resi@example.com", `wrong-${i}`), ...from("198.51.100.7") });
    const result = await callRoute<any>(action, {
      url: "/login",
      form: form("resi@example.com", "Demo-Pass-2026"),
      ...from("198.51.100.7"),
    });
    expect(result.status).toBe(429);
    expect(result.data.notice).toBe("throttled");
    expect(result.data.minutes).toBeGreaterThanOrEqual(1);
  });

  it("counts the refusal in portal_sign_ins_total as limited, and the failures before it as wrong_password", async () => {
    const before = { limited: await signIns("limited"), wrong: await signIns("wrong_password") };
    for (let i = 0; i < 9; i++)
      await callRoute(action, { url: "/login", form: form("resi@example.com", `wrong-${i}`), ...from("198.51.100.8") });
    expect((await signIns("limited")) - before.limited).toBe(1);
    expect((await signIns("wrong_password")) - before.wrong).toBe(8);
  });

  it("still lets the owner sign in from their own address while someone else guesses their password", async () => {
    for (let i = 0; i < 8; i++)
      await callRoute(action, { url: "/login", form: form("resi@example.com", `wrong-${i}`), ...from("198.51.100.7") });
    const owner = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026"), ...from("203.0.113.44") });
    expect(owner.status).toBe(302);
  });

  it("lets the owner in from another address after 13 addresses made 8 failures each, after no more than the capped wait", async () => {
    useEnv({ SIGN_IN_MAX_DELAY_MS: "40" });
    resetTestSignInLimits();
    for (let a = 1; a <= 13; a++) {
      for (let i = 0; i < 8; i++) {
        const guess = await callRoute(action, {
          url: "/login",
          form: form("resi@example.com", `wrong-${a}-${i}`),
          ...from(`192.0.2.${a}`),
        });
        expect(guess.status).toBe(401);
      }
    }
    const started = performance.now();
    const owner = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026"), ...from("203.0.113.51") });
    expect(owner.status).toBe(302);
    // The username is being guessed: the owner's try waited the cap too (40 ms here).
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    // About a hundred tries that wait up to the cap each.
  }, 60_000);

  it("lets the owner in from another address after 105 failures from one address (refused there after 8)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 105; i++) {
      statuses.push(
        (await callRoute(action, { url: "/login", form: form("resi@example.com", `wrong-${i}`), ...from("198.51.100.66") })).status,
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(8);
    expect(statuses.filter((status) => status === 429)).toHaveLength(97);
    const owner = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026"), ...from("203.0.113.50") });
    expect(owner.status).toBe(302);
  });

  it("does not count successful sign-ins against an address: the 46th person behind one address gets in", async () => {
    for (let i = 0; i < 45; i++) {
      const signedIn = await callRoute(action, {
        url: "/login",
        form: form("resi@example.com", "Demo-Pass-2026"),
        ...from("198.51.100.200"),
      });
      expect(signedIn.status).toBe(302);
    }
    const next = await callRoute(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026"), ...from("198.51.100.200") });
    expect(next.status).toBe(302);
  });

  it("counts every failure of an address in the action itself (no URL spelling escapes it): the 31st try is refused", async () => {
    for (let i = 0; i < 30; i++) {
      const attempt = await callRoute(action, { url: "/%6Cogin", form: form(`user${i}@example.com`, "Spring2026!"), ...from("192.0.2.9") });
      expect(attempt.status).toBe(401);
    }
    const result = await callRoute<any>(action, {
      url: "/%6Cogin",
      form: form("resi@example.com", "Demo-Pass-2026"),
      ...from("192.0.2.9"),
    });
    expect(result.status).toBe(429);
    expect(result.setCookies).toEqual([]);
  });

  it("answers 429 when the API limits the token requests, without signing in", async () => {
    server.use(http.post(`${API}/auth/access-token`, () => HttpResponse.json({ success: false, message: "Too many" }, { status: 429 })));
    const before = await signIns("limited");
    const result = await callRoute<any>(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026") });
    expect(result.status).toBe(429);
    expect(result.data.notice).toBe("throttled");
    expect((await signIns("limited")) - before).toBe(1);
  });

  it("says the minutes left of the API's wait (its Retry-After), not a whole window", async () => {
    server.use(
      http.post(`${API}/auth/access-token`, () =>
        HttpResponse.json({ success: false, message: "Too many" }, { status: 429, headers: { "Retry-After": "390" } }),
      ),
    );
    const result = await callRoute<any>(action, { url: "/login", form: form("resi@example.com", "Demo-Pass-2026") });
    expect([result.status, result.data.minutes]).toEqual([429, 7]);
  });

  it("tells the embedded API, which shares the limits, that the attempt was counted; another API is told nothing", async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post(`${API}/auth/access-token`, ({ request }) => {
        seen.push(request.headers.get("X-Sign-In-Counted"));
        return HttpResponse.json({ success: false, message: "Invalid" }, { status: 401 });
      }),
    );
    const shared = new SignInLimiter({}, { embeddedApi: true });
    onTestFinished(() => shared.shutdown());
    await callRoute(action, { url: "/login", form: form("resi@example.com", "nope"), signInLimits: shared });
    await callRoute(action, { url: "/login", form: form("resi@example.com", "nope") });
    expect(seen).toEqual([shared.countedHeaders["x-sign-in-counted"], null]);
    expect(shared.countedByPortal(seen[0]!)).toBe(true);
  });

  it("tells the API the customer's address, not the portal's", async () => {
    let forwarded: string | null = null;
    server.use(
      http.post(`${API}/auth/access-token`, ({ request }) => {
        forwarded = request.headers.get("X-Forwarded-For");
        return HttpResponse.json({ success: false, message: "Invalid" }, { status: 401 });
      }),
    );
    await callRoute(action, { url: "/login", form: form("resi@example.com", "nope"), ...from("198.51.100.23") });
    expect(forwarded).toBe("198.51.100.23");
  });
});

describe("login action: bodies it cannot take", () => {
  it("answers 415 with the page's message for JSON, and signs no one in", async () => {
    const result = await callRoute<any>(action, {
      url: "/login",
      body: JSON.stringify({ username: "resi@example.com", password: "Demo-Pass-2026" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(result.status).toBe(415);
    expect(result.data.message).toBe("common:formErrors.unsupported");
    expect(result.setCookies).toEqual([]);
  });

  it("answers 415 for text/plain", async () => {
    const result = await callRoute<any>(action, {
      url: "/login",
      body: "username=a&password=b",
      headers: { "Content-Type": "text/plain" },
    });
    expect(result.status).toBe(415);
  });

  it("answers 400 for a malformed multipart body", async () => {
    const result = await callRoute<any>(action, {
      url: "/login",
      body: '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nabc',
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect([400, 413]).toContain(result.status);
    expect(result.data.notice).toBe("body");
  });

  it("answers 413 for a 2 MB username and echoes none of it", async () => {
    const result = await callRoute<any>(action, { url: "/login", form: form("A".repeat(2 * 1024 * 1024), "x") });
    expect(result.status).toBe(413);
    expect(result.data.message).toBe("common:formErrors.tooLarge");
    expect(JSON.stringify(result.data).length).toBeLessThan(2000);
  });

  it("echoes a refused username no longer than the field's maximum", async () => {
    const result = await callRoute<any>(action, { url: "/login", form: form("B".repeat(20_000), "") });
    expect(result.status).toBe(400);
    expect(result.data.result.initialValue.username.length).toBeLessThanOrEqual(1000);
  });

  it("answers 400 with a field message for a NUL byte in the username, without calling the API", async () => {
    const result = await callRoute<any>(action, { url: "/login", form: form("resi\u0000@example.com", "Demo-Pass-2026") });
    expect(result.status).toBe(400);
    expect(result.data.message).toBe("common:formErrors.controlCharacters");
    // What was typed comes back without the character, the password never.
    expect(result.data.result.initialValue).toEqual({ username: "resi@example.com" });
  });
});

describe("login loader", () => {
  it("sends a signed-in customer on to a safe came_from", async () => {
    const result = await callRoute(loader, { url: "/login?came_from=%2Fdashboard%2F100101", cookie: await signedInCookie() });
    expect(result.location).toBe("/dashboard/100101");
  });

  it("after a sign-in, sends a browser that kept the session on, and tells one that sent no cookie why it is back", async () => {
    const url = throughCookieCheck("/dashboard/100101");
    expect((await callRoute(loader, { url, cookie: await signedInCookie() })).location).toBe("/dashboard/100101");
    const refused = await callRoute<any>(loader, { url });
    expect(refused.status).toBe(200);
    expect(refused.data).toMatchObject({ cookiesBlocked: true, cameFrom: "/dashboard/100101" });
    // A browser that sends cookies, only not the session's (it ended since): the plain sign-in page.
    expect((await callRoute<any>(loader, { url, cookie: "i18n_redirected=fr" })).data.cookiesBlocked).toBe(false);
    expect((await callRoute<any>(loader, { url: "/login?came_from=%2Fdashboard%2F100101" })).data.cookiesBlocked).toBe(false);
  });

  it("fills in the username typed before the language toggle, once, never a password", async () => {
    const typed = `${TYPED_COOKIE}=${encodeURIComponent(
      JSON.stringify({
        path: "/login",
        fields: [
          ["username", "resi@example.com"],
          ["password", "Demo-Pass-2026"],
        ],
      }),
    )}`;
    const switched = await callRoute<any>(loader, { url: "/login?lng=fr", cookie: typed });
    expect(switched.data.username).toBe("resi@example.com");
    expect(JSON.stringify(switched.data)).not.toContain("Demo-Pass-2026");
    expect(switched.setCookies.some((c) => c.startsWith(`${TYPED_COOKIE}=;`))).toBe(true);
    // Not through the toggle, or for another page: nothing filled in (the cookie is forgotten all the same).
    expect((await callRoute<any>(loader, { url: "/login", cookie: typed })).data.username).toBe("");
    const elsewhere = typed.replace(encodeURIComponent('"/login"'), encodeURIComponent('"/forgot-password"'));
    expect((await callRoute<any>(loader, { url: "/login?lng=fr", cookie: elsewhere })).data.username).toBe("");
  });
});
