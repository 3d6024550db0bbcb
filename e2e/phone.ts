/** Checks of what a page looks like on a phone, shared by e2e/every-screen.spec.ts and the specs of single screens. */
import { expect, type Page } from "@playwright/test";
import { hasJs } from "./support";

export const PHONE_WIDTHS = [320, 390];

export interface PhoneProblems {
  /** The document's and the body's width when wider than the window, with the elements that stick out. */
  overflow: string[];
  /** Charts wider than the window, their labels outside them or on top of another label. */
  labels: string[];
}

/** What sticks out of the page at its current width: run in the page. */
export async function phoneProblems(page: Page): Promise<PhoneProblems> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const testId = el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : "";
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${testId}> "${text}"`;
    };
    const width = window.innerWidth;
    const overflow: string[] = [];
    const doc = document.documentElement.scrollWidth;
    const body = document.body.scrollWidth;
    if (doc > width || body > width) {
      overflow.push(`document ${doc} px, body ${body} px wide in a window of ${width} px`);
      // The outermost elements whose box reaches past the window and that no scroll box holds (an absolutely
      // positioned element is held only by a scroll box at or above its containing block).
      const heldByScrollBox = (el: Element) => {
        let skipToPositioned = getComputedStyle(el).position === "absolute";
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (skipToPositioned) {
            if (style.position === "static") continue;
            skipToPositioned = false;
          }
          if (style.overflowX !== "visible" && p.getBoundingClientRect().right <= width + 0.5) return true;
          if (style.position === "absolute") skipToPositioned = true;
        }
        return false;
      };
      const culprits: Element[] = [];
      for (const el of document.body.querySelectorAll("*")) {
        if (el.getBoundingClientRect().right <= width + 0.5) continue;
        if (culprits.some((c) => c.contains(el)) || heldByScrollBox(el)) continue;
        culprits.push(el);
      }
      overflow.push(...culprits.slice(0, 5).map((el) => `${describe(el)} reaches ${Math.round(el.getBoundingClientRect().right)} px`));
    }

    const labels: string[] = [];
    for (const svg of document.querySelectorAll("svg")) {
      const texts = [...svg.querySelectorAll("text")].filter((t) => (t.textContent ?? "").trim());
      const box = svg.getBoundingClientRect();
      if (!texts.length || box.width === 0 || box.height === 0) continue;
      const name = svg.querySelector("title")?.textContent ?? svg.getAttribute("data-testid") ?? "chart";
      // A chart is read whole: never wider than the window (scrolling inside a region is not enough).
      if (box.left < -0.5 || box.right > width + 0.5) {
        labels.push(`"${name}" is ${Math.round(box.width)} px wide, from ${Math.round(box.left)} to ${Math.round(box.right)} px`);
      }
      const boxes = texts.map((t) => ({ text: t.textContent!.trim(), box: t.getBoundingClientRect() }));
      for (const { text, box: b } of boxes) {
        if (b.left < box.left - 0.5 || b.right > box.right + 0.5 || b.top < box.top - 0.5 || b.bottom > box.bottom + 0.5) {
          labels.push(
            `"${text}" of "${name}" at ${Math.round(b.left)}–${Math.round(b.right)} × ${Math.round(b.top)}–${Math.round(b.bottom)}, outside ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)}`,
          );
        }
      }
      // Two labels on top of each other (a glyph's box has some air: 1 px of overlap is let through).
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i].box;
          const b = boxes[j].box;
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > 1 && y > 1) labels.push(`"${boxes[i].text}" and "${boxes[j].text}" of "${name}" overlap`);
        }
      }
    }
    return { overflow, labels };
  });
}

/** Waits until the page is what its visitor gets: loaded, and with JavaScript hydrated and its lazy parts in. */
export async function settled(page: Page) {
  await page.waitForLoadState("load");
  if (hasJs()) {
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.waitForLoadState("networkidle");
  }
}

/** The page at this width neither scrolls sideways nor has a chart label outside its chart or on another. */
export async function expectFitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  const problems = await phoneProblems(page);
  expect(problems.overflow, `at ${width} px the page scrolls sideways`).toEqual([]);
  expect(problems.labels, `at ${width} px chart labels`).toEqual([]);
}
