import { Suspense } from "react";
import { Outlet } from "react-router";

/**
 * A layout's outlet. A page whose form waits for conform's form model (app/lib/conform.ts) suspends
 * here: during hydration React keeps the server's HTML of the page while the layout around it hydrates;
 * on a client-side navigation the previous page stays until the module is in.
 */
export function PageOutlet() {
  return (
    <Suspense>
      <Outlet />
    </Suspense>
  );
}
