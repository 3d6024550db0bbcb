/**
 * A form posted after the session ended (docs/decisions/060-form-draft.md): nothing is saved, the sign-in
 * page says so, and after signing in the form comes back with what was typed, never passwords, card or
 * bank numbers, or files.
 */
import { describe, expect, it } from "vitest";
import { requireUserMiddleware } from "../../app/lib/auth.server.ts";
import { FORM_DRAFT_COOKIE, formDraftMiddleware, readDraft } from "../../app/lib/form-draft.server.ts";
import { TYPED_COOKIE } from "../../app/lib/typed-across-languages.ts";
import { takeNotifications } from "../../app/lib/session.server.ts";
import * as appLayout from "../../app/routes/_app.tsx";
import * as autopayCard from "../../app/routes/billing/autopay-card.tsx";
import * as login from "../../app/routes/login.tsx";
import * as accountEdit from "../../app/routes/services/account-edit.tsx";
import * as newTicket from "../../app/routes/support/new.tsx";
import { on, refuse } from "../mocks/contract.ts";
import { server } from "../support/msw.ts";
import { callRoute, nextCookie, signedInCookie, type RouteResult } from "../support/route.ts";

type Handler = (args: any) => unknown;

const address = {
  address_line1: "12 Queen Street East",
  address_line2: "Unit 4",
  city: "Toronto",
  province: "ON",
  postal_code: "M5C 1R6",
  paperless_billing: "false",
  correspondence_language: "fr",
};

/** The draft cookie an answer set, as the browser sends it back. */
const draftCookie = (result: RouteResult) =>
  nextCookie(
    undefined,
    result.setCookies.filter((c) => c.startsWith(`${FORM_DRAFT_COOKIE}=`)),
  );
const draftOf = async (cookie: string) => readDraft(new Request("http://portal.test/", { headers: { Cookie: cookie } }));

describe("a form posted after the session ended", () => {
  it("is not saved: sign in, with what was typed kept for the form's page", async () => {
    let saved = 0;
    server.use(on("PUT /account-details/{customerId}", () => (saved++, refuse(500))));
    const post = await callRoute(accountEdit.action as Handler, {
      url: "/account-details/100101/edit",
      params: { customerId: "100101" },
      form: address,
      middleware: [requireUserMiddleware],
    });
    expect(post.status).toBe(302);
    expect(post.location).toBe("/login?came_from=%2Faccount-details%2F100101%2Fedit");
    expect(saved).toBe(0);
    const kept = draftCookie(post);
    expect(post.setCookies.find((c) => c.startsWith(FORM_DRAFT_COOKIE))).toMatch(/HttpOnly/i);
    const draft = await draftOf(kept);
    expect(draft).toMatchObject({ path: "/account-details/100101/edit", dropped: false, partial: false });
    expect(Object.fromEntries(draft!.fields)).toEqual(address);
    // The cookie is sealed: nothing typed can be read from it.
    expect(kept).not.toContain("Queen");

    // The sign-in page says the session ended and the change was not saved.
    const page = await callRoute<any>(login.loader as Handler, {
      url: "/login?came_from=%2Faccount-details%2F100101%2Fedit",
      cookie: kept,
    });
    expect(page.data.sessionEnded).toBe(true);
    const plain = await callRoute<any>(login.loader as Handler, { url: "/login" });
    expect(plain.data.sessionEnded).toBe(false);

    // Signed in again, the form's page starts from what was typed, once, and says so.
    const back = await callRoute<any>(appLayout.loader as Handler, {
      url: "/account-details/100101/edit",
      params: { customerId: "100101" },
      cookie: `${await signedInCookie()}; ${kept}`,
      middleware: [requireUserMiddleware, formDraftMiddleware],
    });
    expect(back.data.formDraft.values).toEqual(address);
    expect(back.setCookies.some((c) => c.startsWith(`${FORM_DRAFT_COOKIE}=;`))).toBe(true);
    const notices = await callRoute<any>(({ context }: { context: any }) => takeNotifications(context), {
      url: "/account-details/100101/edit",
      cookie: nextCookie(await signedInCookie(), back.setCookies),
    });
    expect(notices.data).toEqual([expect.objectContaining({ type: "info", key: "formDraft.restored" })]);

    // Another page leaves the draft waiting for its own.
    const other = await callRoute<any>(appLayout.loader as Handler, {
      url: "/dashboard/100101",
      params: { customerId: "100101" },
      cookie: `${await signedInCookie()}; ${kept}`,
      middleware: [requireUserMiddleware, formDraftMiddleware],
    });
    expect(other.data.formDraft).toBeNull();
  });

  it("never keeps card numbers, security codes, expiry dates or keys", async () => {
    const post = await callRoute(autopayCard.action as Handler, {
      url: "/billing/100101/autopay/card",
      params: { customerId: "100101" },
      form: { idempotency_key: "k-1", card_number: "4242 4242 4242 4242", expiry: "08/30", cvv: "123", cardholder_name: "Maya Singh" },
      middleware: [requireUserMiddleware],
    });
    const draft = await draftOf(draftCookie(post));
    expect(draft?.fields).toEqual([["cardholder_name", "Maya Singh"]]);
    expect(draft?.dropped).toBe(true);
  });

  it("never keeps files, and keeps the text of a form that had some", async () => {
    const post = await callRoute(newTicket.action as Handler, {
      url: "/support/100101/new",
      params: { customerId: "100101" },
      multipart: {
        category: "wifi",
        subject: "WiFi drops",
        description: "Every evening.",
        attachments: new File(["%PDF-1.4"], "bill.pdf", { type: "application/pdf" }),
      },
      middleware: [requireUserMiddleware],
    });
    const draft = await draftOf(draftCookie(post));
    expect(Object.fromEntries(draft!.fields)).toEqual({ category: "wifi", subject: "WiFi drops", description: "Every evening." });
    expect(draft?.dropped).toBe(true);
  });

  it("keeps at most what fits in a cookie, and says some was left out", async () => {
    const post = await callRoute(newTicket.action as Handler, {
      url: "/support/100101/new",
      params: { customerId: "100101" },
      form: { category: "wifi", subject: "WiFi drops", description: "x".repeat(4000) },
      middleware: [requireUserMiddleware],
    });
    const cookie = post.setCookies.find((c) => c.startsWith(FORM_DRAFT_COOKIE))!;
    expect(cookie.length).toBeLessThan(4000);
    const draft = await draftOf(draftCookie(post));
    expect(Object.fromEntries(draft!.fields)).toEqual({ category: "wifi", subject: "WiFi drops" });
    expect(draft?.partial).toBe(true);
  });

  it("ended by the API while the action ran (401): the same", async () => {
    server.use(on("PUT /account-details/{customerId}", () => refuse(401)));
    const post = await callRoute(accountEdit.action as Handler, {
      url: "/account-details/100101/edit",
      params: { customerId: "100101" },
      form: address,
      cookie: await signedInCookie(),
      middleware: [requireUserMiddleware],
    });
    expect(post.location).toBe("/login?came_from=%2Faccount-details%2F100101%2Fedit");
    expect(Object.fromEntries((await draftOf(draftCookie(post)))!.fields)).toEqual(address);
  });
});

describe("what was typed, across the language toggle", () => {
  /** The cookie the toggle's script writes (app/lib/typed-across-languages.ts). */
  const typed = (path: string, fields: [string, string][]) => `${TYPED_COOKIE}=${encodeURIComponent(JSON.stringify({ path, fields }))}`;
  const layout = async (url: string, cookie: string) =>
    callRoute<any>(appLayout.loader as Handler, {
      url,
      params: { customerId: "100101" },
      cookie: `${await signedInCookie()}; ${cookie}`,
      middleware: [requireUserMiddleware, formDraftMiddleware],
    });
  const forgotten = (result: RouteResult) => result.setCookies.some((c) => c.startsWith(`${TYPED_COOKIE}=;`));

  it("gives the page reached by the toggle what was typed in it, once, without its secrets and without a word", async () => {
    const cookie = typed("/support/100101/new", [
      ["category", "wifi"],
      ["subject", "Le Wi-Fi coupe le soir"],
      ["cc_emails", "a@example.com"],
      ["cc_emails", "b@example.com"],
      ["card_number", "4242 4242 4242 4242"],
      ["idempotency_key", "forged"],
    ]);
    const back = await layout("/support/100101/new?lng=fr", cookie);
    expect(back.data.formDraft.values).toEqual({
      category: "wifi",
      subject: "Le Wi-Fi coupe le soir",
      cc_emails: ["a@example.com", "b@example.com"],
    });
    expect(forgotten(back)).toBe(true);
    const notices = await callRoute<any>(({ context }: { context: any }) => takeNotifications(context), {
      url: "/support/100101/new",
      cookie: nextCookie(await signedInCookie(), back.setCookies),
    });
    expect(notices.data).toEqual([]);
  });

  it("gives nothing to another page, to a page not reached by the toggle, or for a cookie that is not the toggle's", async () => {
    const cookie = typed("/support/100101/new", [["subject", "Hello"]]);
    const elsewhere = await layout("/account-details/100101/edit?lng=fr", cookie);
    expect(elsewhere.data.formDraft).toBeNull();
    expect(forgotten(elsewhere)).toBe(true);
    expect((await layout("/support/100101/new", cookie)).data.formDraft).toBeNull();
    for (const odd of [
      `${TYPED_COOKIE}=not-json`,
      `${TYPED_COOKIE}=${encodeURIComponent('{"path":"/support/100101/new","fields":[[1,2]]}')}`,
    ]) {
      const result = await layout("/support/100101/new?lng=fr", odd);
      expect(result.status).toBe(200);
      expect(result.data.formDraft).toBeNull();
    }
  });
});
