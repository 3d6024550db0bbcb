/**
 * pageUrl (app/lib/page-url.ts): loaders, actions and middleware get a client navigation's data request as
 * it came (future.v8_passThroughRequests); what they name as the page (a sign-in's came_from, a kept draft,
 * a filter's link, the tag of a page) must be the address the customer sees.
 */
import { describe, expect, it } from "vitest";
import { pageUrl } from "~/lib/page-url";

const of = (address: string) => {
  const url = pageUrl(new Request(`http://portal.test${address}`));
  return url.pathname + url.search;
};

describe("pageUrl", () => {
  it("names a page's data request by the page's own address", () => {
    expect(of("/billing/100101.data?_routes=routes%2Fbilling%2Fsummary")).toBe("/billing/100101");
    expect(of("/_root.data")).toBe("/");
    expect(of("/billing-details/100101/payments.data?from_date=2026-01-01&_routes=x")).toBe(
      "/billing-details/100101/payments?from_date=2026-01-01",
    );
  });

  it("drops an empty index but keeps one with a value, as React Router did", () => {
    expect(of("/contacts/200301?index&sort=name")).toBe("/contacts/200301?sort=name");
    expect(of("/contacts/200301?index=2")).toBe("/contacts/200301?index=2");
  });

  it("leaves a document's address as it came, its query's spelling included", () => {
    expect(of("/account-activity/100101?kind=payment&q=a+b")).toBe("/account-activity/100101?kind=payment&q=a+b");
    expect(of("/data.csv")).toBe("/data.csv");
  });
});
