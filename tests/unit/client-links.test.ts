/**
 * Which clicks on a ClientLink the router follows (app/lib/client-links.ts): a plain left click on a link
 * of this site, as React Router's Link does; everything else is left to the browser.
 */
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Link } from "react-router";
import { describe, expect, it } from "vitest";
import { ClientLink } from "../../app/components/ClientLink.tsx";
import { followedPath, type AnchorLike, type ClickLike } from "../../app/lib/client-links.ts";

const ORIGIN = "https://portal.example";
const click = (changes: Partial<ClickLike> = {}): ClickLike => ({
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...changes,
});
const anchor = (href: string, { target = "", attributes = [] as string[] } = {}): AnchorLike => ({
  href: new URL(href, ORIGIN).href,
  target,
  hasAttribute: (name) => attributes.includes(name),
});

describe("followedPath", () => {
  it("follows a plain left click on a link of this site, with its query and hash", () => {
    expect(followedPath(click(), anchor("/billing/100101"), ORIGIN)).toBe("/billing/100101");
    expect(followedPath(click(), anchor("/internet/router/7001/reservations/new?mac=aa:bb#form"), ORIGIN)).toBe(
      "/internet/router/7001/reservations/new?mac=aa:bb#form",
    );
    expect(followedPath(click(), anchor("/wifi/5001", { target: "_self" }), ORIGIN)).toBe("/wifi/5001");
  });

  it("leaves to the browser a click with a key held, another button, or one a handler took", () => {
    for (const changes of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      expect(followedPath(click(changes), anchor("/billing/100101"), ORIGIN), JSON.stringify(changes)).toBeNull();
    }
  });

  it("leaves to the browser a link to another tab, a download, a document to load, another site, or no link", () => {
    expect(followedPath(click(), anchor("/billing/100101", { target: "_blank" }), ORIGIN)).toBeNull();
    expect(followedPath(click(), anchor("/billing/100101/invoices/1.pdf", { attributes: ["download"] }), ORIGIN)).toBeNull();
    expect(followedPath(click(), anchor("/dashboard/100101", { attributes: ["data-reload-document"] }), ORIGIN)).toBeNull();
    expect(followedPath(click(), anchor("https://elsewhere.example/billing"), ORIGIN)).toBeNull();
    expect(followedPath(click(), null, ORIGIN)).toBeNull();
  });
});

describe("ClientLink", () => {
  it("writes the HTML React Router's Link writes, so that the router discovers its route", () => {
    const render = (element: ReturnType<typeof h>) => {
      const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
      return renderToString(h(Stub, { initialEntries: ["/dashboard/100101"] }));
    };
    const props = { className: "font-medium", "aria-current": "page" as const };
    expect(render(h(ClientLink, { to: "/billing/100101", ...props, children: "Billing" }))).toBe(
      render(h(Link, { to: "/billing/100101", ...props }, "Billing")),
    );
    expect(render(h(ClientLink, { to: "/billing/100101", children: "Billing" }))).toContain('href="/billing/100101" data-discover="true"');
  });
});
