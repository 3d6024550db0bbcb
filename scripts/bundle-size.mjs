#!/usr/bin/env node
/**
 * First-load JavaScript of each screen, gzipped, measured from the production build: the client entry,
 * the matched routes' modules and everything they import statically, and the locale bundles of one
 * language that the entry loads before hydrating. Chunks that load after hydration (Headless UI
 * widgets, zod validation) are listed apart.
 *
 *   npm run build && node scripts/bundle-size.mjs [--json]
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const buildDir = process.env.BUILD_DIR || "build";
const serverBuild = path.resolve(buildDir, "server/index.js");
if (!existsSync(serverBuild)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const { assets: manifest } = await import(serverBuild);
const clientDir = path.resolve(buildDir, "client");
const read = (url) => readFileSync(path.join(clientDir, url));
const gz = (url) => gzipSync(read(url)).length;
const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/** A chunk and its static imports, transitively. */
function closure(urls) {
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    const source = read(url).toString("utf8");
    for (const match of source.matchAll(/import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      visit(path.posix.join(path.posix.dirname(url), match[1]));
    }
  };
  urls.forEach(visit);
  return seen;
}

// The entry maps "../locales/<lng>/<ns>.json" to chunks it imports before hydrating, except the deferred
// namespaces (app/lib/i18n.ts DEFERRED_NAMESPACES), which only the pages that use them load.
const entrySource = read(manifest.entry.module).toString("utf8");
const deferred = (/DEFERRED_NAMESPACES[^=]*=\s*\[([^\]]*)\]/.exec(readFileSync("app/lib/i18n.ts", "utf8"))?.[1] ?? "").match(/\w+/g) ?? [];
const localeChunks = (language) =>
  [...entrySource.matchAll(new RegExp(`"\\.\\./locales/${language}/(\\w+)\\.json":[^"]*?import\\("(\\./[^"]+)"\\)`, "g"))]
    .filter((m) => !deferred.includes(m[1]))
    .map((m) => path.posix.join(path.posix.dirname(manifest.entry.module), m[2]));

const screens = {
  "/login": ["root", "routes/_public", "routes/login"],
  "/dashboard/{id}": ["root", "routes/_app", "routes/dashboard"],
  "/accounts": ["root", "routes/_app", "routes/accounts"],
  "/account-details/{id}": ["root", "routes/_app", "routes/services/account-details"],
  "/wifi/{packageId}": ["root", "routes/_app", "routes/wifi/settings"],
  "unmatched (404)": ["root", "routes/_public", "routes/not-found"],
  "/contacts/{id}": ["root", "routes/_app", "routes/contacts/list"],
  "/contacts/{id}/{contactId}": ["root", "routes/_app", "routes/contacts/contact"],
  "/support/{id}": ["root", "routes/_app", "routes/support/tickets"],
  "/support/{id}/new": ["root", "routes/_app", "routes/support/new"],
};

const results = {};
for (const [screen, routeIds] of Object.entries(screens)) {
  const urls = [manifest.entry.module, ...manifest.entry.imports, ...localeChunks("fr")];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    urls.push(route.module, ...(route.imports ?? []));
  }
  const files = closure(urls);
  results[screen] = kb([...files].reduce((sum, url) => sum + gz(url), 0));
}

// Loaded on demand after hydration: anything the entry or routes import dynamically, minus locales.
const firstLoad = new Set(Object.values(manifest.routes).flatMap((r) => [r.module, ...(r.imports ?? [])]));
const lazy = {};
for (const url of [...firstLoad, manifest.entry.module]) {
  const source = read(url).toString("utf8");
  for (const match of source.matchAll(/import\("(\.\/[^"]+\.js)"\)/g)) {
    const chunk = path.posix.join(path.posix.dirname(url), match[1]);
    if (/\/(common|auth|dashboard)-/.test(chunk) && entrySource.includes(match[1])) continue;
    const files = [...closure([chunk])].filter((f) => !firstLoad.has(f) && f !== manifest.entry.module);
    lazy[path.basename(chunk).replace(/-[\w-]+\.js$/, "")] = kb(files.reduce((sum, f) => sum + gz(f), 0));
  }
}

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ firstLoadKB: results, afterHydrationKB: lazy }, null, 2));
} else {
  console.log("First-load JavaScript (gzip, French locale bundles):");
  for (const [screen, size] of Object.entries(results)) console.log(`  ${screen.padEnd(28)} ${String(size).padStart(6)} KB`);
  console.log("Loaded after hydration, on top:");
  for (const [chunk, size] of Object.entries(lazy)) console.log(`  ${chunk.padEnd(26)} ${String(size).padStart(6)} KB`);
  console.log(`Budget: 130 KB. Largest: ${Math.max(...Object.values(results))} KB`);
}
