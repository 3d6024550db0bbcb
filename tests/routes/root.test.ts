/** The root loader: the page's language (query, cookie, browser, English), brand and notifications. */
import { describe, expect, it } from "vitest";
import { redirect } from "react-router";
import { notify, takeNotifications } from "../../app/lib/session.server.ts";
import { loader } from "../../app/root.tsx";
import { callRoute, nextCookie } from "../support/route.ts";
import type { RouterContextProvider } from "react-router";

const root = (url: string, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
  callRoute<any>(loader, { url, ...options });

const LANGUAGE_COOKIE = (language: string) => `i18n_redirected=${language}; Max-Age=31536000; Path=/; SameSite=Lax`;

describe("root loader: language", () => {
  it("takes ?lng=fr and remembers it in the i18n_redirected cookie for 365 days", async () => {
    const result = await root("/login?lng=fr");
    expect(result.data.language).toBe("fr");
    expect(result.setCookies).toEqual([LANGUAGE_COOKIE("fr")]);
  });

  it("lets ?lng= win over the cookie and the browser, and rewrites the cookie", async () => {
    const result = await root("/?lng=en", { cookie: "i18n_redirected=fr", headers: { "Accept-Language": "fr-CA,fr;q=0.9" } });
    expect(result.data.language).toBe("en");
    expect(result.setCookies).toEqual([LANGUAGE_COOKIE("en")]);
  });

  it("does not set the cookie again when it already holds the chosen language", async () => {
    const result = await root("/?lng=fr", { cookie: "i18n_redirected=fr" });
    expect(result.data.language).toBe("fr");
    expect(result.setCookies).toEqual([]);
  });

  it("takes the language of the cookie", async () => {
    const result = await root("/login", { cookie: "i18n_redirected=fr", headers: { "Accept-Language": "en-CA,en;q=0.9" } });
    expect(result.data.language).toBe("fr");
    expect(result.setCookies).toEqual([]);
  });

  it("takes the browser's language (Accept-Language)", async () => {
    const result = await root("/login", { headers: { "Accept-Language": "fr-CA,fr;q=0.9" } });
    expect(result.data.language).toBe("fr");
    expect(result.setCookies).toEqual([]);
  });

  it.each([
    ["de-DE,de;q=0.9,fr;q=0.8,en;q=0.5", "fr"],
    ["fr-CA,en;q=0.5", "fr"],
    ["en-CA,en;q=0.9,fr-CA;q=0.8", "en"],
    ["en;q=0.4,fr-FR;q=0.7", "fr"],
    ["FR-ca", "fr"],
    ["fr;q=0,de,en;q=0.1", "en"],
  ])("takes the browser's most preferred language the portal has: %s -> %s", async (header, language) => {
    expect((await root("/", { headers: { "Accept-Language": header } })).data.language).toBe(language);
  });

  it("asks the browser when the cookie names a language the portal does not have", async () => {
    expect((await root("/", { cookie: "i18n_redirected=de", headers: { "Accept-Language": "fr-CA" } })).data.language).toBe("fr");
  });

  it("falls back to English for an unsupported language", async () => {
    expect((await root("/login", { headers: { "Accept-Language": "de" } })).data.language).toBe("en");
    expect((await root("/login", { cookie: "i18n_redirected=de" })).data.language).toBe("en");
    expect((await root("/login", { headers: { "Accept-Language": "*" } })).data.language).toBe("en");
    expect((await root("/login", { headers: { "Accept-Language": "fr;q=0" } })).data.language).toBe("en");
  });

  it("falls back to English without any hint", async () => {
    expect((await root("/login")).data.language).toBe("en");
  });

  it("ignores an unsupported ?lng= and does not remember it", async () => {
    const result = await root("/login?lng=de", { headers: { "Accept-Language": "fr-CA" } });
    expect(result.data.language).toBe("fr");
    expect(result.setCookies).toEqual([]);
  });
});

describe("root loader: brand and notifications", () => {
  it("gives the brand name", async () => {
    expect((await root("/login")).data.brand).toBe("Lakeshore");
  });

  it("shows queued notifications once", async () => {
    const queued = await callRoute(
      ({ context }: { context: RouterContextProvider }) => {
        notify(context, "success", "contacts.removed");
        notify(context, "error", "errors.serverSide");
        return null;
      },
      { url: "/contacts/100101" },
    );
    let cookie = nextCookie(undefined, queued.setCookies);
    expect(cookie).toMatch(/^__session=/);

    const first = await root("/contacts/100101", { cookie });
    expect(first.data.notifications).toEqual([
      expect.objectContaining({ type: "success", key: "contacts.removed" }),
      expect.objectContaining({ type: "error", key: "errors.serverSide" }),
    ]);
    // Oldest first, each with its own id.
    expect(new Set(first.data.notifications.map((n: { id: string }) => n.id)).size).toBe(2);
    expect(first.setCookies).toHaveLength(1);
    cookie = nextCookie(cookie, first.setCookies);

    const second = await root("/contacts/100101", { cookie });
    expect(second.data.notifications).toEqual([]);
  });

  it("keeps notifications for the next page when the page that took them redirects", async () => {
    const queued = await callRoute(
      ({ context }: { context: RouterContextProvider }) => {
        notify(context, "error", "switcher.unavailable");
        return null;
      },
      { url: "/switch-account", method: "POST" },
    );
    let cookie = nextCookie(undefined, queued.setCookies);
    // "/" takes them in the root loader but answers a redirect to the dashboard: nothing is shown.
    const redirected = await callRoute(
      ({ context }: { context: RouterContextProvider }) => {
        takeNotifications(context);
        throw redirect("/dashboard/100201");
      },
      { url: "/", cookie },
    );
    expect(redirected.status).toBe(302);
    cookie = nextCookie(cookie, redirected.setCookies);
    const shown = await root("/dashboard/100201", { cookie });
    expect(shown.data.notifications).toEqual([expect.objectContaining({ type: "error", key: "switcher.unavailable" })]);
  });

  it("has no notifications and writes no cookie for a fresh browser", async () => {
    const result = await root("/login");
    expect(result.data.notifications).toEqual([]);
    expect(result.setCookies).toEqual([]);
  });
});

describe("caching of pages", () => {
  it("marks a page private, no-store, and leaves a route's own Cache-Control alone", async () => {
    const { privatePagesMiddleware } = await import("../../app/lib/cache.server.ts");
    const page = await callRoute(() => ({ ok: true }), { url: "/dashboard/100101", middleware: [privatePagesMiddleware] });
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const own = await callRoute(() => new Response("pdf", { headers: { "Cache-Control": "private, max-age=60" } }), {
      url: "/billing/100101/invoices/1/pdf",
      middleware: [privatePagesMiddleware],
    });
    expect(own.headers.get("Cache-Control")).toBe("private, max-age=60");
  });
});
