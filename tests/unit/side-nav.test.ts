/**
 * The signed-in area's side navigation, rendered as the server renders it: the link of the page shown is
 * marked (aria-current and its look), an `end` link only on its own address, Profile settings on its
 * pages too.
 */
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { isCurrent, SideNav } from "../../app/components/SideNav.tsx";
import { resources } from "../../app/lib/i18n.server.ts";
import { sideNavigation } from "../../app/lib/navigation.ts";
import { TextsContext, completeTexts } from "../../app/lib/translate.ts";

const business = { customer_id: 200301, isResidential: false, isBillingAuthoritative: true, credit_card_allowed: true };

function render(path: string): string {
  const items = sideNavigation(business as Parameters<typeof sideNavigation>[0], { autopayBilling: true });
  const Stub = createRoutesStub([{ path: "*", Component: () => h(SideNav, { id: "nav", items, withAccountItems: true }) }]);
  return renderToString(
    h(TextsContext.Provider, { value: completeTexts("en", resources.en, new Set()) }, h(Stub, { initialEntries: [path] })),
  );
}
const current = (html: string) => [...html.matchAll(/<a [^>]*aria-current="page"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe("SideNav", () => {
  it("marks the link of the page shown, and only it", () => {
    const html = render("/billing/200301/autopay");
    expect(current(html)).toEqual(["/billing/200301/autopay"]);
    expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*class="[^"]*font-semibold[^"]*"/);
    // The billing summary's link is `end`: a page under it is not the summary.
    expect(html).toMatch(/<a (?![^>]*aria-current)[^>]*class="[^"]*text-gray-900[^"]*"[^>]*href="\/billing\/200301"/);
  });

  it("marks Profile settings on its own pages, and nothing on a page no link leads to", () => {
    expect(current(render("/profile-settings/password"))).toEqual(["/profile-settings"]);
    expect(current(render("/internet/view/8001/bandwidth"))).toEqual([]);
  });

  it("compares addresses as NavLink does: in any case, a page under a link only when it is not `end`", () => {
    expect(isCurrent("/Billing/200301", "/billing/200301", true)).toBe(true);
    expect(isCurrent("/billing/200301/autopay", "/billing/200301", true)).toBe(false);
    expect(isCurrent("/profile-settings/password", "/profile-settings", false)).toBe(true);
    expect(isCurrent("/profile-settingsx", "/profile-settings", false)).toBe(false);
  });
});
