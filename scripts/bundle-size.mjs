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

// The entry maps "../locales/<lng>/<ns>.json" to chunks; before hydrating it loads "common" and the
// namespaces the page used (the server lists them; here: the matched routes' handle.i18n). The api
// namespace (API error messages) comes with validation after hydration unless a refused form is shown.
const build = await import(serverBuild);
const entrySource = read(manifest.entry.module).toString("utf8");
const localeChunk = new Map(
  [...entrySource.matchAll(/"\.\.\/locales\/fr\/(\w+)\.json":[^"]*?import\("(\.\/[^"]+)"\)/g)].map((m) => [
    m[1],
    path.posix.join(path.posix.dirname(manifest.entry.module), m[2]),
  ]),
);

// Every page route (a leaf of the route tree), with its layouts up to the root.
const routes = build.routes;
const parents = new Set(Object.values(routes).map((r) => r.parentId));
const chain = (id) => (id ? [...chain(routes[id].parentId), id] : []);
const pathOf = (ids) =>
  "/" +
  ids
    .map((id) => routes[id].path ?? "")
    .filter(Boolean)
    .join("/")
    .replace(/\/+/g, "/");
const screens = {};
for (const id of Object.keys(routes)) {
  if (parents.has(id) || id === "root") continue;
  const ids = chain(id);
  screens[routes[id].index ? pathOf(ids) || "/" : pathOf(ids)] = ids;
}

const results = {};
for (const [screen, routeIds] of Object.entries(screens)) {
  const namespaces = new Set(["common"]);
  const urls = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    urls.push(route.module, ...(route.imports ?? []));
    for (const ns of routes[id].module.handle?.i18n ?? []) if (ns !== "api") namespaces.add(ns);
  }
  for (const ns of namespaces) if (localeChunk.has(ns)) urls.push(localeChunk.get(ns));
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
