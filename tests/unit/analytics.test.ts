/** Product analytics (docs/analytics.md): route patterns, the event filter, the analytics state of a request, and the CSP. */
import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { routePattern, sanitizeEvent, sendsPageView, type AnalyticsEvent } from "../../app/lib/analytics.ts";
import { analyticsState, consentCookie } from "../../app/lib/analytics.server.ts";
import { ConfigError, parseConfig } from "../../app/lib/config.server.ts";
import { analyticsConnectSources } from "../../server/analytics-csp.ts";
import { createPortalApp } from "../../server/app.ts";

describe("routePattern", () => {
  it("names each parameter instead of its value", () => {
    expect(routePattern("/billing/100101/pay", { customerId: "100101" })).toBe("/billing/:customerId/pay");
    expect(routePattern("/billing/100101/pay/TX-4F2A9C01", { customerId: "100101", transactionId: "TX-4F2A9C01" })).toBe(
      "/billing/:customerId/pay/:transactionId",
    );
    expect(routePattern("/billing/100101/invoices/9011/pdf", { customerId: "100101", invoiceId: "9011" })).toBe(
      "/billing/:customerId/invoices/:invoiceId/pdf",
    );
    expect(routePattern("/activate-account/tok%20en", { activationToken: "tok en" })).toBe("/activate-account/:activationToken");
  });

  it("keeps fixed segments, drops the query and the hash, and reports an unmatched address as its splat", () => {
    expect(routePattern("/dashboard", {})).toBe("/dashboard");
    expect(routePattern("/", {})).toBe("/");
    expect(routePattern("/accounts?q=Maya#top", {})).toBe("/accounts");
    expect(routePattern("/no/such/100101/page", { "*": "no/such/100101/page" })).toBe("/*");
  });
});

describe("sendsPageView", () => {
  it("is every page but sign-in and the index", () => {
    expect(sendsPageView("/")).toBe(false);
    expect(sendsPageView("/login")).toBe(false);
    expect(sendsPageView("/dashboard/:customerId")).toBe(true);
    expect(sendsPageView("/privacy")).toBe(true);
  });
});

describe("sanitizeEvent", () => {
  const page = { origin: "https://my.example.com", pattern: "/billing/:customerId/pay" };
  const submit = (): AnalyticsEvent => ({
    event: "$autocapture",
    properties: {
      $event_type: "submit",
      $current_url: "https://my.example.com/billing/100101/pay?amount=163.85",
      $pathname: "/billing/100101/pay",
      $referrer: "https://my.example.com/billing/100101",
      $referring_domain: "my.example.com",
      $initial_current_url: "https://my.example.com/dashboard/100101",
      utm_source: "mail",
      $el_text: "Pay $163.85",
      $elements: [{ tag_name: "form", nth_child: 2, nth_of_type: 1, attr__action: "/billing/100101/pay", attr__id: "card-form" }],
      $elements_chain: 'form:attr__action="/billing/100101/pay"nth-child="2"nth-of-type="1"',
      title: "Make a payment | myLakeshore",
      distinct_id: "0192-anon",
    },
    $set: { email: "resi@example.com" },
    $set_once: { $initial_pathname: "/dashboard/100101" },
  });

  it("lets a form submission through with the route pattern for its address, without texts, attributes, referrer or person properties", () => {
    const out = sanitizeEvent(submit(), page)!;
    expect(out.properties).toEqual({
      $event_type: "submit",
      $current_url: "https://my.example.com/billing/:customerId/pay",
      $pathname: "/billing/:customerId/pay",
      $elements: [{ tag_name: "form", nth_child: 2, nth_of_type: 1 }],
      $elements_chain: 'form:nth-child="2"nth-of-type="1"',
      distinct_id: "0192-anon",
    });
    expect(out.$set).toBeUndefined();
    expect(out.$set_once).toBeUndefined();
    expect(JSON.stringify(out)).not.toMatch(/100101|163\.85|resi@/);
  });

  it("drops every other kind of event: clicks, changes, page leaves, identification, exceptions", () => {
    const click = { ...submit(), properties: { ...submit().properties, $event_type: "click" } };
    expect(sanitizeEvent(click, page)).toBeNull();
    for (const event of ["$pageleave", "$identify", "$exception", "$web_vitals", "$rageclick", "$opt_in", "custom"]) {
      expect(sanitizeEvent({ event, properties: {} }, page)).toBeNull();
    }
    expect(sanitizeEvent(null, page)).toBeNull();
  });

  it("lets page views through, except on sign-in and the index", () => {
    const view = { event: "$pageview", properties: { $current_url: "https://my.example.com/dashboard/100101" } };
    expect(sanitizeEvent(view, { ...page, pattern: "/dashboard/:customerId" })!.properties.$current_url).toBe(
      "https://my.example.com/dashboard/:customerId",
    );
    expect(sanitizeEvent(view, { ...page, pattern: "/login" })).toBeNull();
    expect(sanitizeEvent(view, { ...page, pattern: "/" })).toBeNull();
  });
});

describe("analyticsState", () => {
  const config = { ANALYTICS_KEY: "phc_key", ANALYTICS_HOST: "https://eu.i.posthog.com" };
  const request = (headers: Record<string, string> = {}) => new Request("http://portal.test/dashboard", { headers });

  it("is null without a key, whatever the browser says", () => {
    expect(analyticsState(request({ Cookie: "analytics_consent=granted" }), { ...config, ANALYTICS_KEY: undefined })).toBeNull();
  });

  it("asks until the visitor chose, and hands out the key and host only once they agreed", () => {
    expect(analyticsState(request(), config)).toEqual({ consent: "ask" });
    expect(analyticsState(request({ Cookie: "analytics_consent=denied" }), config)).toEqual({ consent: "denied" });
    expect(analyticsState(request({ Cookie: "analytics_consent=whatever" }), config)).toEqual({ consent: "ask" });
    expect(analyticsState(request({ Cookie: "analytics_consent=granted" }), config)).toEqual({
      consent: "granted",
      key: "phc_key",
      host: "https://eu.i.posthog.com",
    });
  });

  it("honours Global Privacy Control over any stored choice", () => {
    expect(analyticsState(request({ "Sec-GPC": "1", Cookie: "analytics_consent=granted" }), config)).toEqual({ consent: "gpc" });
  });

  it("stores the choice in a cookie for a year", () => {
    expect(consentCookie(true)).toMatch(/^analytics_consent=granted; Max-Age=31536000; Path=\/; SameSite=Lax/);
    expect(consentCookie(false)).toMatch(/^analytics_consent=denied;/);
  });
});

describe("configuration and CSP", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function csp(env: Record<string, string>): Promise<string> {
    const app = createPortalApp({
      config: parseConfig({ NODE_ENV: "production", ...env }),
      pageHandler: (_req, res) => void res.send("ok"),
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    servers.push(server);
    const { port } = server.address() as { port: number };
    return (await fetch(`http://127.0.0.1:${port}/login`)).headers.get("Content-Security-Policy") ?? "";
  }

  it("allows the analytics host's origin for connect-src only when the key is set", async () => {
    expect(await csp({})).toContain("connect-src 'self';");
    expect(await csp({ ANALYTICS_HOST: "https://ph.example.com" })).toContain("connect-src 'self';");
    expect(await csp({ ANALYTICS_KEY: "phc_key", ANALYTICS_HOST: "https://ph.example.com/ingest/" })).toContain(
      "connect-src 'self' https://ph.example.com;",
    );
    expect(await csp({ ANALYTICS_KEY: "phc_key" })).toContain("connect-src 'self' https://us.i.posthog.com;");
    expect(await csp({ ANALYTICS_KEY: "phc_key" })).toContain("script-src 'self' 'nonce-");
  });

  it("refuses an analytics host that is not an http(s) URL", () => {
    expect(() => parseConfig({ ANALYTICS_HOST: "javascript:alert(1)" })).toThrow(ConfigError);
    expect(analyticsConnectSources(parseConfig({ ANALYTICS_HOST: "http://localhost:8010" }))).toEqual([]);
  });
});
