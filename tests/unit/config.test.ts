import { describe, expect, it } from "vitest";
import { ConfigError, apiBaseUrl, featureFlags, parseConfig, retiredVariableWarnings, secureCookies } from "../../app/lib/config.server.ts";

const SECRET = "a-session-secret-of-at-least-32-characters!";

/** The message of the ConfigError a bad environment gives. */
function errorOf(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("parseConfig accepted the environment");
}

describe("parseConfig defaults", () => {
  const config = parseConfig({});

  it("listens on port 3000 of every interface, in development", () => {
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.NODE_ENV).toBe("development");
  });

  it("is branded Lakeshore with the default support number", () => {
    expect(config.BRAND_NAME).toBe("Lakeshore");
    expect(config.SUPPORT_PHONE).toBe("416-555-0150");
  });

  it("has every feature flag on except referrals (spec section 9)", () => {
    expect(featureFlags(config)).toEqual({
      autopayBilling: true,
      referrals: false,
      routerVendor: true,
      pauseServices: true,
      retireOldDesk: true,
    });
  });

  it("calls the embedded API of this process at /api/v1 on its port", () => {
    expect(config.API_BASE_URL).toBeUndefined();
    expect(apiBaseUrl(config)).toBe("http://127.0.0.1:3000/api/v1");
    expect(apiBaseUrl(parseConfig({ PORT: "8080" }))).toBe("http://127.0.0.1:8080/api/v1");
  });

  it("times API calls out after 10 seconds and limits sign-in attempts", () => {
    expect(config.API_TIMEOUT_MS).toBe(10_000);
    expect(config.SIGN_IN_FAILURES_PER_IP).toBe(30);
    expect(config.SIGN_IN_ATTEMPTS_PER_IP).toBe(300);
    expect(config.SIGN_IN_LIMIT_PER_USERNAME).toBe(8);
    expect(config.SIGN_IN_LIMIT_WINDOW_MINUTES).toBe(15);
  });

  it("reads the older names of the sign-in limits when the newer ones are unset, and warns of retired ones", () => {
    const old = parseConfig({ SIGN_IN_LIMIT_PER_IP: "12", API_TOKEN_LIMIT_PER_IP: "500" });
    expect(old.SIGN_IN_FAILURES_PER_IP).toBe(12);
    expect(old.SIGN_IN_ATTEMPTS_PER_IP).toBe(500);
    const both = parseConfig({ SIGN_IN_LIMIT_PER_IP: "12", SIGN_IN_FAILURES_PER_IP: "20", SIGN_IN_ATTEMPTS_PER_IP: "900" });
    expect(both.SIGN_IN_FAILURES_PER_IP).toBe(20);
    expect(both.SIGN_IN_ATTEMPTS_PER_IP).toBe(900);
    expect(retiredVariableWarnings({ SIGN_IN_LIMIT_PER_USERNAME_TOTAL: "100", API_TOKEN_LIMIT_PER_USERNAME: "" })).toEqual([
      expect.stringMatching(/^SIGN_IN_LIMIT_PER_USERNAME_TOTAL is no longer read: a username is never refused/),
    ]);
  });

  it("has no commercial application, analytics or proxy unless configured", () => {
    expect(config.COMMERCIAL_APP_URL).toBeUndefined();
    expect(config.ANALYTICS_KEY).toBeUndefined();
    expect(config.TRUST_PROXY).toBeUndefined();
  });

  it("marks cookies Secure in production only, unless SECURE_COOKIES says otherwise", () => {
    expect(secureCookies(config)).toBe(false);
    expect(secureCookies(parseConfig({ NODE_ENV: "production" }))).toBe(true);
    expect(secureCookies(parseConfig({ NODE_ENV: "production", SECURE_COOKIES: "off" }))).toBe(false);
    expect(secureCookies(parseConfig({ SECURE_COOKIES: "yes" }))).toBe(true);
  });
});

describe("parseConfig values", () => {
  it("reads numbers, URLs (without trailing slashes) and flags", () => {
    const config = parseConfig({
      PORT: "8080",
      API_BASE_URL: "https://api.example.com/api/v1/",
      COMMERCIAL_APP_URL: "https://business.example.com/",
      FEATURE_REFERRALS: "on",
      FEATURE_AUTOPAY_BILLING: "0",
      FEATURE_PAUSE_SERVICES: "false",
      FEATURE_ROUTER_VENDOR: "no",
      FEATURE_RETIRE_OLD_DESK: "yes",
      API_TIMEOUT_MS: "2500",
      BRAND_NAME: "  Bayview  ",
      ROUTER_RESTART_SECONDS: "15",
    });
    expect(config.PORT).toBe(8080);
    expect(config.API_BASE_URL).toBe("https://api.example.com/api/v1");
    expect(apiBaseUrl(config)).toBe("https://api.example.com/api/v1");
    expect(config.COMMERCIAL_APP_URL).toBe("https://business.example.com");
    expect(config.API_TIMEOUT_MS).toBe(2500);
    expect(config.BRAND_NAME).toBe("Bayview");
    expect(config.ROUTER_RESTART_SECONDS).toBe(15);
    expect(featureFlags(config)).toEqual({
      autopayBilling: false,
      referrals: true,
      routerVendor: false,
      pauseServices: false,
      retireOldDesk: true,
    });
  });

  it("treats empty strings as unset", () => {
    const config = parseConfig({
      PORT: "",
      API_BASE_URL: "",
      SESSION_SECRET: "",
      BRAND_NAME: "",
      COMMERCIAL_APP_URL: "",
      FEATURE_REFERRALS: "",
      FEATURE_AUTOPAY_BILLING: "",
      NODE_ENV: "",
    });
    expect(config.PORT).toBe(3000);
    expect(config.API_BASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
    expect(config.BRAND_NAME).toBe("Lakeshore");
    expect(config.ROUTER_RESTART_SECONDS).toBe(120);
    expect(config.COMMERCIAL_APP_URL).toBeUndefined();
    expect(config.NODE_ENV).toBe("development");
    expect(featureFlags(config).referrals).toBe(false);
    expect(featureFlags(config).autopayBilling).toBe(true);
  });
});

describe("parseConfig refusals name the variable", () => {
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "80.5" }, "PORT"],
    [{ API_BASE_URL: "ftp://x" }, "API_BASE_URL"],
    [{ API_BASE_URL: "not a url" }, "API_BASE_URL"],
    [{ COMMERCIAL_APP_URL: "javascript:alert(1)" }, "COMMERCIAL_APP_URL"],
    [{ FEATURE_REFERRALS: "maybe" }, "FEATURE_REFERRALS"],
    [{ FEATURE_AUTOPAY_BILLING: "enabled" }, "FEATURE_AUTOPAY_BILLING"],
    [{ SESSION_SECRET: "too-short" }, "SESSION_SECRET"],
    [{ TWO_STEP_KEY: "too-short" }, "TWO_STEP_KEY"],
    [{ TWO_STEP_KEY: `${"k".repeat(32)},short` }, "TWO_STEP_KEY"],
    [{ API_TIMEOUT_MS: "-5" }, "API_TIMEOUT_MS"],
    [{ SIGN_IN_LIMIT_PER_IP: "0" }, "SIGN_IN_LIMIT_PER_IP"],
    [{ SIGN_IN_FAILURES_PER_IP: "0" }, "SIGN_IN_FAILURES_PER_IP"],
    [{ SIGN_IN_ATTEMPTS_PER_IP: "-1" }, "SIGN_IN_ATTEMPTS_PER_IP"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ DATABASE_URL: "mysql://db/portal" }, "DATABASE_URL"],
    [{ BRAND_NAME: "x".repeat(41) }, "BRAND_NAME"],
    [{ ROUTER_RESTART_SECONDS: "0" }, "ROUTER_RESTART_SECONDS"],
    [{ ROUTER_RESTART_SECONDS: "two minutes" }, "ROUTER_RESTART_SECONDS"],
    [{ SMTP_URL: "mail.example.com:587" }, "SMTP_URL"],
    [{ PORTAL_URL: "my.lakeshore.example" }, "PORTAL_URL"],
    [{ ALLOWED_ACTION_ORIGINS: "portal.example.com, ftp://files.example.com" }, "ALLOWED_ACTION_ORIGINS"],
  ])("%j is refused with a message naming %s", (env, variable) => {
    const message = errorOf(env);
    expect(message).toMatch(new RegExp(`^\\s*${variable}: `, "m"));
  });

  it("lists every bad variable at once", () => {
    const message = errorOf({ PORT: "abc", FEATURE_REFERRALS: "maybe" });
    expect(message).toMatch(/^\s*PORT: /m);
    expect(message).toMatch(/^\s*FEATURE_REFERRALS: use true or false/m);
  });

  it("explains what a flag accepts and how long a session secret must be", () => {
    expect(errorOf({ FEATURE_REFERRALS: "maybe" })).toContain("use true or false");
    expect(errorOf({ SESSION_SECRET: "short" })).toContain("at least 32 characters");
    expect(errorOf({ API_BASE_URL: "ftp://x" })).toContain("http:// or https://");
  });
});

describe("SESSION_SECRET in production", () => {
  it("is required when API_BASE_URL points at another API", () => {
    const message = errorOf({ NODE_ENV: "production", API_BASE_URL: "https://api.example.com/api/v1" });
    expect(message).toMatch(/^\s*SESSION_SECRET: is required in production/m);
  });

  it("counts an empty SESSION_SECRET as missing", () => {
    expect(errorOf({ NODE_ENV: "production", API_BASE_URL: "https://api.example.com/api/v1", SESSION_SECRET: "" })).toContain(
      "SESSION_SECRET",
    );
  });

  it("is accepted when set", () => {
    const config = parseConfig({ NODE_ENV: "production", API_BASE_URL: "https://api.example.com/api/v1", SESSION_SECRET: SECRET });
    expect(config.SESSION_SECRET).toBe(SECRET);
  });

  it("is not required by the embedded demo (server.ts generates one) nor outside production", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).not.toThrow();
    expect(() => parseConfig({ NODE_ENV: "development", API_BASE_URL: "https://api.example.com/api/v1" })).not.toThrow();
  });
});

describe("KEEP_ALIVE_TIMEOUT_MS", () => {
  it("is Node's 5 s unless set, and takes a load balancer's minutes", () => {
    expect(parseConfig({}).KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
    expect(parseConfig({ KEEP_ALIVE_TIMEOUT_MS: "65000" }).KEEP_ALIVE_TIMEOUT_MS).toBe(65_000);
    expect(parseConfig({ KEEP_ALIVE_TIMEOUT_MS: "620000" }).KEEP_ALIVE_TIMEOUT_MS).toBe(620_000);
  });

  it("refuses what is no length of time: under a second, a day, words", () => {
    for (const value of ["0", "999", "86400000", "65s", "-5000"])
      expect(errorOf({ KEEP_ALIVE_TIMEOUT_MS: value })).toContain("KEEP_ALIVE_TIMEOUT_MS");
  });
});

describe("WEB_CONCURRENCY", () => {
  it("is one process unless set", () => {
    expect(parseConfig({}).WEB_CONCURRENCY).toBe(1);
  });

  it("above 1 needs a database several processes can share, or an API of its own", () => {
    expect(errorOf({ WEB_CONCURRENCY: "2" })).toContain("WEB_CONCURRENCY: above 1 needs DATABASE_URL or API_BASE_URL");
    expect(parseConfig({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://portal@db/portal" }).WEB_CONCURRENCY).toBe(4);
    expect(parseConfig({ WEB_CONCURRENCY: "2", API_BASE_URL: "https://api.example.com/api/v1" }).WEB_CONCURRENCY).toBe(2);
    expect(errorOf({ WEB_CONCURRENCY: "0" })).toContain("WEB_CONCURRENCY");
  });
});
