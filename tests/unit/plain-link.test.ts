/**
 * PlainLink (app/components/PlainLink.tsx) draws on the server the anchor React Router's Link writes, so
 * that the browser's Link hydrates it as its own: the same HTML, attribute for attribute.
 */
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Link } from "react-router";
import { describe, expect, it } from "vitest";
import { PlainLink } from "../../app/components/PlainLink.tsx";

function render(element: ReturnType<typeof h>) {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(h(Stub, { initialEntries: ["/billing/100101"] }));
}

describe("PlainLink on the server", () => {
  it("writes the HTML React Router's Link writes, with its discovery mark", () => {
    const cases = [
      { to: "/billing/100101" as const, className: "font-medium", "aria-current": "page" as const },
      { to: "/internet/router/7001/reservations/new?mac=00:11:32:AB:CD:10" as const, "aria-label": "Reserve an address for nas" },
      { to: "/support/100101/tickets/T-1%202" as const, className: "ml-3" },
    ];
    for (const props of cases) {
      expect(render(h(PlainLink, { ...props, children: "Go" })), props.to).toBe(render(h(Link, { ...props, children: "Go" })));
    }
    expect(render(h(PlainLink, { to: "/billing/100101", children: "Billing" }))).toContain('href="/billing/100101" data-discover="true"');
  });
});
