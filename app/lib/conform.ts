/**
 * conform's form hook, loaded after hydration. `useForm` carries conform's whole form model
 * (@conform-to/dom, 9 KB gzipped), which a form page needs only once the customer starts typing: the
 * server renders the form with it, and the browser shows that HTML, a working form on its own, while
 * the module arrives. A component that calls `useDeferredForm` suspends until then; the layouts wrap
 * their outlet in <Suspense>, so during hydration React keeps the server's HTML of the page (the header,
 * menus and switcher hydrate at once) and hydrates the page when the module is in. On a client-side
 * navigation the previous page stays on screen meanwhile. The small helpers (getFormProps,
 * getInputProps…) are imported from "@conform-to/react" directly; they do not pull the form model in.
 *
 * The server (entry.server.tsx) and tests hand the module over synchronously with `provideConform`,
 * so no server render ever waits for it.
 */
import type * as Conform from "@conform-to/react";
import { use } from "react";

type ConformModule = typeof Conform;

/** A promise that React's `use` reads synchronously once settled (its documented thenable fields). */
type Tracked<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

let conform: Tracked<ConformModule> | undefined;

function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked = promise as Tracked<T>;
  tracked.status = "pending";
  tracked.then(
    (value) => {
      tracked.status = "fulfilled";
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = "rejected";
      tracked.reason = reason;
    },
  );
  return tracked;
}

/** Starts loading conform's form model (once). A failed load reaches the route's error boundary, like
 * any module that fails to load (root.tsx reloads the page once when a new build replaced the old). */
export function loadConform(): Tracked<ConformModule> {
  if (!conform) conform = track(import("@conform-to/react"));
  return conform;
}

/** Server and tests: the module, already imported, so that `useDeferredForm` never suspends. */
export function provideConform(module: ConformModule) {
  const ready = Promise.resolve(module) as Tracked<ConformModule>;
  ready.status = "fulfilled";
  ready.value = module;
  conform = ready;
}

/** conform's `useForm`, once its module is in (the caller suspends until then). */
export function useDeferredForm<Schema extends Record<string, unknown>, FormValue = Schema, FormError = string[]>(
  options: Parameters<typeof Conform.useForm<Schema, FormValue, FormError>>[0],
) {
  const { useForm } = use(loadConform() as Promise<ConformModule>);
  return useForm<Schema, FormValue, FormError>(options);
}

// In the browser, the download starts as soon as a page with a form is loaded, beside hydration.
if (typeof document !== "undefined") loadConform();
