/**
 * HeadingText (app/components/HeadingText.tsx): a heading's reference stays on one line on a phone, where the
 * browser broke "Support request CS-204803" after the hyphen.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeadingText } from "../../app/components/HeadingText.tsx";

const html = (text: string, reference?: string) => renderToStaticMarkup(h(HeadingText, { text, reference }));

describe("HeadingText", () => {
  it("keeps the reference on one line, the rest of the words free", () => {
    expect(html("Support request CS-204803", "CS-204803")).toBe('Support request <span class="whitespace-nowrap">CS-204803</span>');
    expect(html("Fermer la demande CS-204803 ?", "CS-204803")).toBe('Fermer la demande <span class="whitespace-nowrap">CS-204803</span> ?');
  });

  it("leaves a heading without its reference, or without one, as it is", () => {
    expect(html("Billing summary")).toBe("Billing summary");
    expect(html("Billing summary", "CS-204803")).toBe("Billing summary");
  });
});
