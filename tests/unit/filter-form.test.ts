/**
 * The date filter of the activity, payments, bandwidth and power screens, rendered as the server renders
 * it: a GET form whose refused date says so next to the field, wired to it (aria-invalid,
 * aria-describedby), and whose quick ranges mark the range shown.
 */
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { FilterForm } from "../../app/components/FilterForm.tsx";
import { resources } from "../../app/lib/i18n.server.ts";
import { TextsContext, completeTexts } from "../../app/lib/translate.ts";

function render(props: Parameters<typeof FilterForm>[0]): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => h(FilterForm, props) }]);
  return renderToString(
    h(TextsContext.Provider, { value: completeTexts("en", resources.en, new Set()) }, h(Stub, { initialEntries: ["/"] })),
  );
}
const tagOf = (html: string, id: string) => html.match(new RegExp(`<(?:input|select)[^>]*id="${id}"[^>]*>`))?.[0] ?? "";

describe("FilterForm", () => {
  it("shows a refused date next to its field and wires it to the field only", () => {
    const html = render({
      namespace: "billingHistory",
      keys: "payments.filter",
      idPrefix: "filter",
      values: { from_date: "2026-11-10", to_date: "2026-11-01" },
      errors: { to_date: ["The end date is before the start date."] },
      clearTo: "/billing-details/100101/payments",
    });
    expect(html).toMatch(/<form[^>]*method="get"/);
    expect(html).toMatch(/<div id="filter-to_date-error"[^>]*>.*The end date is before the start date\./);
    const to = tagOf(html, "filter-to_date");
    expect(to).toContain('aria-invalid="true"');
    expect(to).toContain('aria-describedby="filter-hint filter-to_date-error"');
    const from = tagOf(html, "filter-from_date");
    expect(from).not.toContain("aria-invalid");
    expect(from).toContain('aria-describedby="filter-hint"');
    expect(html).toContain(">Show payments</button>");
    expect(html).toMatch(/<a[^>]*href="\/billing-details\/100101\/payments"[^>]*>Clear<\/a>/);
  });

  it("offers the quick ranges, the range shown marked, and no day after today", () => {
    const html = render({
      namespace: "business",
      keys: "range",
      idPrefix: "range",
      values: { from_date: "2026-11-01", to_date: "2026-11-15" },
      errors: {},
      max: "2026-11-15",
      presets: { thisMonth: { from_date: "2026-11-01", to_date: "2026-11-15" }, last7: { from_date: "2026-11-09", to_date: "2026-11-15" } },
    });
    expect(tagOf(html, "range-from_date")).toContain('max="2026-11-15"');
    expect(html).toMatch(/<nav aria-label="Quick ranges"/);
    expect(html).toMatch(/<a[^>]*aria-current="true"[^>]*>This month<\/a>/);
    expect(html).not.toMatch(/<a[^>]*aria-current="true"[^>]*>Last 7 days<\/a>/);
  });
});
