/**
 * React.lazy for a widget that enhances what the server rendered (the account switcher's and the account
 * menu's native forms, a panel that exists only with JavaScript). When its code fails to download, the
 * native control it enhances stays (or nothing, for a panel of its own): no error page, no reload, and
 * the page keeps working as it does without JavaScript. docs/decisions/070-failed-code-downloads.md.
 */
import { lazy, type ComponentType } from "react";

export function lazyEnhancement<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P>): ComponentType<P> {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      console.warn("[enhancement] its code did not download; the page keeps the control it enhances.", error);
      return { default: fallback };
    }
  }) as unknown as ComponentType<P>;
}

/** A fallback that renders nothing (a panel that exists only with JavaScript), whatever its props. */
export function Nothing(): null {
  return null;
}
