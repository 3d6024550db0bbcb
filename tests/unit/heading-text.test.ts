/**
 * HeadingText (app/components/PageHeader.tsx): a heading's references stay on one line on a phone, where the
 * browser broke "Support request CS-204803" after the hyphen.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeadingText } from "../../app/components/PageHeader.tsx";

const html = (text: string) => renderToStaticMarkup(h(HeadingText, { text }));

describe("HeadingText", () => {
  it("keeps each reference with a hyphen and a digit on one line, the rest of the words free", () => {
    expect(html("Support request CS-204803")).toBe('Support request <span class="whitespace-nowrap">CS-204803</span>');
    expect(html("Demande de soutien CS-204803 fermée")).toBe('Demande de soutien <span class="whitespace-nowrap">CS-204803</span> fermée');
    expect(html("Payment TX-0000013 and DIA-301-001")).toBe(
      'Payment <span class="whitespace-nowrap">TX-0000013</span> and <span class="whitespace-nowrap">DIA-301-001</span>',
    );
  });

  it("leaves words with hyphens and no digit alone, and a heading without a reference as it is", () => {
    expect(html("Wi-Fi et Île-du-Prince-Édouard")).toBe("Wi-Fi et Île-du-Prince-Édouard");
    expect(html("Billing summary")).toBe("Billing summary");
  });
});
