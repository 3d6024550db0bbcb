import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { localeSections } from "./scripts/vite-locale-sections.ts";
import { precompress } from "./scripts/vite-precompress.ts";
import { routeModuleFailures } from "./scripts/vite-route-module-failures.ts";

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

/**
 * The browser bundle, minified by terser (3–4 KB gzipped less on every page than esbuild's output of
 * React's unminified production builds), with the modules every page loads in one chunk: gzipped one by
 * one, a dozen files of a few hundred bytes cost more than their text. (Only modules that every page
 * loads: a manual chunk takes in the static imports of its modules, so a "form kit" chunk took conform's
 * whole form model, which loads after hydration, into every form page.)
 */
const FRAMEWORK = [
  /node_modules\/(react|react-router)\/|node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)/,
  /app\/lib\/(translate|i18n|page-texts|use-t|use-hydrated|chunk-reload|lazy-enhancement)\.tsx?$/,
  /app\/components\/(PageFrame|PageOutlet|PageTitle|PageHeader|PlainLink|Brand|LanguageToggle|ErrorPage)\.tsx$/,
  /vite\/preload-helper/,
];
/**
 * What a conform form loads before hydrating (its props, and the hooks that load conform's form model and
 * the validation only once the page is hydrated: they import them dynamically, so this chunk takes neither
 * in), in one chunk rather than four small ones: 0.2–2.6 KB less on 61 screens, up to 1.9 KB more on six
 * that use part of it. Not the error texts or the submit button, which a GET filter without conform shows too.
 */
const FORM_KIT = /app\/lib\/(use-portal-form|use-lazy-validation|conform)\.ts$|node_modules\/@conform-to\/react\/dist\/helpers\.mjs$/;
function clientChunks(): Plugin {
  return {
    name: "client-chunks",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return null;
      return {
        build: {
          minify: "terser",
          terserOptions: { compress: { passes: 2 }, module: true },
          rollupOptions: {
            output: {
              manualChunks(id: string) {
                if (FRAMEWORK.some((pattern) => pattern.test(id))) return "framework";
                if (FORM_KIT.test(id)) return "form-kit";
                return null;
              },
            },
          },
        },
      };
    },
  };
}

/**
 * The server build's input is server/entry.ts (React Router's `node-custom-server` shape): the Express
 * application and the routes in one bundle, one copy of each module between them.
 */
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/entry.ts" } } : {},
  plugins: [
    reactRouterProductionClient(),
    routeModuleFailures(),
    clientChunks(),
    localeSections(path.resolve(import.meta.dirname, "locales")),
    tailwindcss(),
    reactRouter(),
    precompress(),
  ],
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
}));
