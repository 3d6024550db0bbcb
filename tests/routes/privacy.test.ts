/** /privacy and the consent banner's post: the analytics choice as a cookie; the root loader's analytics state. */
import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root.tsx";
import { action, loader } from "../../app/routes/privacy/privacy.tsx";
import { useEnv } from "../support/config.ts";
import { callRoute } from "../support/route.ts";

const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  callRoute<any>(action, { url: "/privacy", method: "POST", form, headers });

const consentCookies = (setCookies: string[]) => setCookies.filter((c) => c.startsWith("analytics_consent="));

describe("the consent post", () => {
  it("Accept from the banner stores the choice for a year and goes back to the page", async () => {
    const result = await post({ analytics: "accept", returnTo: "/billing/100101?x=1" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/billing/100101?x=1");
    expect(consentCookies(result.setCookies)).toEqual([expect.stringMatching(/^analytics_consent=granted; Max-Age=31536000; Path=\/;/)]);
  });

  it("Decline from the sign-in page stores the refusal and goes back to sign-in", async () => {
    const result = await post({ analytics: "decline", returnTo: "/login?came_from=%2Fbilling%2F100101" });
    expect(result.location).toBe("/login?came_from=%2Fbilling%2F100101");
    expect(consentCookies(result.setCookies)).toEqual([expect.stringMatching(/^analytics_consent=denied;/)]);
  });

  it("never sends the visitor to another site: the privacy page instead, with a notice", async () => {
    for (const returnTo of ["https://evil.example/", "//evil.example", "/\\evil.example", "/loginx"]) {
      const result = await post({ analytics: "accept", returnTo });
      expect(result.location, returnTo).toBe(returnTo === "/loginx" ? "/loginx" : "/privacy");
    }
    const fromPage = await post({ analytics: "decline" });
    expect(fromPage.location).toBe("/privacy");
    expect(fromPage.setCookies.join("\n")).toContain("__session=");
  });

  it("refuses a post without a choice (400, nothing stored) or one it cannot read (415)", async () => {
    const missing = await post({ returnTo: "/dashboard" });
    expect(missing.status).toBe(400);
    expect(missing.data.result.error).toEqual({ analytics: ["privacy:errors.choose"] });
    expect(consentCookies(missing.setCookies)).toEqual([]);

    const odd = await post({ analytics: "maybe" });
    expect(odd.status).toBe(400);
    expect(consentCookies(odd.setCookies)).toEqual([]);

    const json = await callRoute<any>(action, {
      url: "/privacy",
      method: "POST",
      body: '{"analytics":"accept"}',
      headers: { "Content-Type": "application/json" },
    });
    expect(json.status).toBe(415);
    expect(consentCookies(json.setCookies)).toEqual([]);
  });
});

describe("the privacy page", () => {
  const page = (headers: Record<string, string> = {}, cookie?: string) => callRoute<any>(loader, { url: "/privacy", headers, cookie });

  it("says analytics is off without a key", async () => {
    useEnv({ ANALYTICS_KEY: undefined });
    expect((await page()).data.consent).toBe("off");
  });

  it("shows the visitor's choice, and Global Privacy Control above it", async () => {
    useEnv({ ANALYTICS_KEY: "phc_key" });
    expect((await page()).data.consent).toBe("ask");
    expect((await page({}, "analytics_consent=granted")).data.consent).toBe("granted");
    expect((await page({}, "analytics_consent=denied")).data.consent).toBe("denied");
    expect((await page({ "Sec-GPC": "1" }, "analytics_consent=granted")).data.consent).toBe("gpc");
  });
});

describe("root loader: analytics", () => {
  it("gives the page nothing about analytics without a key", async () => {
    useEnv({ ANALYTICS_KEY: undefined });
    const result = await callRoute<any>(rootLoader, { url: "/login", cookie: "analytics_consent=granted" });
    expect(result.data.analytics).toBeNull();
  });

  it("gives the key and host only after consent, and never with Global Privacy Control", async () => {
    useEnv({ ANALYTICS_KEY: "phc_key", ANALYTICS_HOST: "https://ph.example.com" });
    expect((await callRoute<any>(rootLoader, { url: "/login" })).data.analytics).toEqual({ consent: "ask" });
    expect((await callRoute<any>(rootLoader, { url: "/login", cookie: "analytics_consent=granted" })).data.analytics).toEqual({
      consent: "granted",
      key: "phc_key",
      host: "https://ph.example.com",
    });
    const gpc = await callRoute<any>(rootLoader, { url: "/login", cookie: "analytics_consent=granted", headers: { "Sec-GPC": "1" } });
    expect(gpc.data.analytics).toEqual({ consent: "gpc" });
  });
});
