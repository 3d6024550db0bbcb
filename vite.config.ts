import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { localeSections } from "./scripts/vite-locale-sections.ts";

/**
 * React Router 7.18's package exports point only at its development build, which carries checks and
 * warnings the browser does not need: the client bundle uses the production build it also ships
 * (17 KB gzipped less). The server keeps the package as exported, so that server.ts, the adapters and
 * the app share one instance.
 */
function reactRouterProductionClient(): Plugin {
  const dist = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");
  const targets: Record<string, string> = {
    "react-router": path.join(dist, "index.mjs"),
    "react-router/dom": path.join(dist, "dom-export.mjs"),
  };
  return {
    name: "react-router-production-client",
    apply: "build",
    enforce: "pre",
    resolveId(source) {
      if (this.environment?.name !== "client") return null;
      return targets[source] ?? null;
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionClient(), localeSections(path.resolve(import.meta.dirname, "locales")), tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
});
