#!/usr/bin/env node
/**
 * First-load JavaScript of each screen as a browser receives it (the build's gzip copies, and its brotli
 * copies beside them: scripts/vite-precompress.ts), measured from the production build: the client entry,
 * the matched routes' modules and everything they import statically, and the locale bundles of one
 * language that the entry loads before hydrating. Chunks that load after hydration (Headless UI
 * widgets, zod validation) are listed apart.
 *
 *   npm run build && node scripts/bundle-size.mjs [--json] [--detail /billing/:customerId/pay]
 *
 * --detail lists the chunks of one screen (as printed), largest first.
 * --check fails (exit 1) when a screen's first load is over the 130 KB budget, or carries zod, which belongs
 *   after hydration: a page that names a contract constant must take it from the zod-free
 *   api/contract/values.ts (npm test runs this).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

/** ../shared/design/ARCHITECTURE.md: JavaScript on first load of any screen, gzipped. */
const BUDGET_KB = 130;
const buildDir = process.env.BUILD_DIR || "build";
const serverBuild = path.resolve(buildDir, "server/index.js");
if (!existsSync(serverBuild)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
// The server bundle (server/entry.ts) exports React Router's build among its parts.
const { build } = await import(serverBuild);
const manifest = build.assets;
const clientDir = path.resolve(buildDir, "client");
const read = (url) => readFileSync(path.join(clientDir, url));
// What a browser receives: the build's compressed copy (scripts/vite-precompress.ts), or the file as it
// is where no copy was smaller. A build without copies (before they were made) is gzipped here.
const precompressed = existsSync(path.join(clientDir, manifest.entry.module + ".gz"));
const served = (url, extension) => {
  const copy = path.join(clientDir, url + extension);
  return existsSync(copy) ? statSync(copy).size : read(url).length;
};
const gz = (url) => (precompressed ? served(url, ".gz") : gzipSync(read(url)).length);
const br = (url) => (precompressed ? served(url, ".br") : brotliCompressSync(read(url)).length);
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

// The entry maps "fr/<namespace>" (common, api: loaded whole) and "fr/<namespace>/<section>" to chunks
// (scripts/vite-locale-sections.ts). Before hydrating, the browser loads "common" and the parts the
// server lists: the sections of the page's namespaces (here: the matched routes' handle.i18n) that it
// shows. Here a section counts when its name starts a key literal ("pay.…", `status.${…}`) in the
// page's own code, and the root section "_" always: an upper bound of what the server lists. The api
// namespace (API error messages) comes with validation after hydration unless a refused form is shown.
const [localeFolder] = readdirSync(path.join(clientDir, "assets")).filter((name) => name.startsWith("locales-"));
if (!localeFolder) throw new Error("No locale parts in the build (assets/locales-*)");
const localeChunk = new Map();
for (const entry of readdirSync(path.join(clientDir, "assets", localeFolder, "fr"), { recursive: true })) {
  if (String(entry).endsWith(".js")) localeChunk.set(String(entry).slice(0, -3), `assets/${localeFolder}/fr/${entry}`);
}
if (!localeChunk.has("common")) throw new Error("No locale chunks found in the client entry");
const sectionsOf = (namespace) =>
  [...localeChunk.keys()].filter((part) => part.startsWith(`${namespace}/`)).map((part) => part.slice(namespace.length + 1));

/** The locale parts a page loads before hydrating, from its namespaces and its code (without locales). */
function localeParts(namespaces, code) {
  const parts = ["common"];
  for (const namespace of namespaces) {
    const sections = sectionsOf(namespace);
    if (!sections.length) {
      if (localeChunk.has(namespace)) parts.push(namespace);
      continue;
    }
    const shown = sections.filter((section) => section === "_" || new RegExp(`["'\`](?:${namespace}:)?${section}\\.`).test(code));
    // As the server lists them (partsToLoad): a namespace shown for two-thirds of its size or more, whole.
    const size = (part) => read(localeChunk.get(part)).length;
    if (shown.reduce((sum, section) => sum + size(`${namespace}/${section}`), 0) * 3 >= size(namespace) * 2) parts.push(namespace);
    else parts.push(...shown.map((section) => `${namespace}/${section}`));
  }
  return parts;
}

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
const brotliResults = {};
const details = {};
const screenFiles = {};
for (const [screen, routeIds] of Object.entries(screens)) {
  const namespaces = new Set();
  const urls = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    urls.push(route.module, ...(route.imports ?? []));
    for (const ns of routes[id].module.handle?.i18n ?? []) if (ns !== "api") namespaces.add(ns);
  }
  const code = [...closure(urls)].map((url) => read(url).toString("utf8")).join("\n");
  for (const part of localeParts(namespaces, code)) urls.push(localeChunk.get(part));
  const files = closure(urls);
  screenFiles[screen] = files;
  results[screen] = kb([...files].reduce((sum, url) => sum + gz(url), 0));
  brotliResults[screen] = kb([...files].reduce((sum, url) => sum + br(url), 0));
  details[screen] = [...files].map((url) => [path.basename(url), kb(gz(url))]).sort((a, b) => b[1] - a[1]);
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

const detail = process.argv.indexOf("--detail");
if (process.argv.includes("--check")) {
  // zod's own error class names itself in its code, minified or not.
  const carrying = Object.entries(screenFiles)
    .filter(([, files]) => [...files].some((url) => read(url).includes("ZodError")))
    .map(([screen]) => screen);
  if (carrying.length) {
    console.error(`zod in the first-load JavaScript of: ${carrying.join(", ")} (a constant from #contract/values instead?)`);
    process.exit(1);
  }
  const over = Object.entries(results).filter(([, size]) => size > BUDGET_KB);
  if (over.length) {
    console.error(
      `First-load JavaScript over the ${BUDGET_KB} KB budget: ${over.map(([screen, size]) => `${screen} ${size} KB`).join(", ")}`,
    );
    process.exit(1);
  }
  console.log(
    `First-load JavaScript of ${Object.keys(details).length} screens carries no zod; the largest is ${Math.max(...Object.values(results))} KB (budget ${BUDGET_KB} KB).`,
  );
} else if (detail > 0) {
  const screen = process.argv[detail + 1];
  if (!details[screen]) {
    console.error(`No screen ${screen}; screens: ${Object.keys(details).join(" ")}`);
    process.exit(1);
  }
  console.log(`${screen}: ${results[screen]} KB`);
  for (const [file, size] of details[screen]) console.log(`  ${file.padEnd(44)} ${String(size).padStart(6)} KB`);
} else if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ firstLoadKB: results, firstLoadBrotliKB: brotliResults, afterHydrationKB: lazy }, null, 2));
} else {
  console.log(
    `First-load JavaScript (${precompressed ? "as served: gzip, and brotli" : "gzipped here: a build without compressed copies"}, French locale bundles):`,
  );
  for (const [screen, size] of Object.entries(results)) {
    console.log(
      `  ${screen.padEnd(28)} ${String(size).padStart(6)} KB${precompressed ? `   brotli ${String(brotliResults[screen]).padStart(6)} KB` : ""}`,
    );
  }
  console.log("Loaded after hydration, on top:");
  for (const [chunk, size] of Object.entries(lazy)) console.log(`  ${chunk.padEnd(26)} ${String(size).padStart(6)} KB`);
  console.log(`Budget: ${BUDGET_KB} KB. Largest: ${Math.max(...Object.values(results))} KB`);
}
