/**
 * React Router reloads the page whenever a route module fails to download during a navigation, as often
 * as it happens (`loadRouteModule` in its browser build): three clicks on a link whose code is blocked
 * reload the page three times. Spec section 8: a failed chunk load reloads the page, at most once a
 * minute. This plugin hands the failure to `window.__routeModuleFailed` (app/lib/chunk-reload.ts, set by
 * entry.client.tsx), which applies the rule; without it the router does as before. The build fails if
 * the router's code no longer has the expected reload, so an upgrade cannot drop the rule silently.
 */
import type { Plugin } from "vite";

const FILE = /node_modules\/react-router\/dist\/(production|development)\/[^/]+\.mjs$/;
const RELOAD = /(Error loading route module[\s\S]{0,400}?)window\.location\.reload\(\);\s*return new Promise\(\(\) => \{\s*\}\);/;

export function routeModuleFailures(): Plugin {
  let patched = false;
  return {
    name: "route-module-failures",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!FILE.test(id) || !code.includes("Error loading route module")) return null;
      if (!RELOAD.test(code))
        this.error(`${id}: React Router's reload on a failed route module was not found; update ${import.meta.filename}`);
      patched = true;
      return {
        code: code.replace(
          RELOAD,
          '$1return typeof window.__routeModuleFailed === "function" ? window.__routeModuleFailed(route, error) : (window.location.reload(), new Promise(() => {}));',
        ),
        map: null,
      };
    },
    buildEnd() {
      if (!patched) this.error("React Router's route module loading was not found in the client build (route-module-failures)");
    },
  };
}
