/**
 * Vite plugin: the browser's locale files in parts (app/lib/translate.ts, "sections").
 *
 * Each namespace of each language becomes small ES modules, one per section ("fr/billing/pay.js",
 * "fr/billing/_.js"), and one with the whole namespace ("fr/billing.js", "fr/common.js"), under
 * `assets/locales-<hash>/`, where <hash> is taken from every locale file: the browser keeps them for a
 * year, and a change of any text gives new addresses. The client entry imports
 * `virtual:locale-sections` (that folder) and computes a part's address from its name, so the entry
 * carries no map of hundreds of file names. The root section and the whole namespace also export the
 * namespace's section names (`sections`), which the browser learns with the first of them it loads. The JSON
 * files under locales/ stay as they are written and reviewed; the server reads them whole.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { ROOT_SECTION, sectionNames, type Bundle } from "../app/lib/translate.ts";

const INDEX = "virtual:locale-sections";

interface Locales {
  hash: string;
  /** language → namespace → its texts */
  bundles: Record<string, Record<string, Bundle>>;
  files: string[];
}

function readLocales(dir: string): Locales {
  const bundles: Locales["bundles"] = {};
  const files: string[] = [];
  const hash = createHash("sha256");
  for (const language of readdirSync(dir)
    .filter((entry) => /^[a-z]{2}$/.test(entry))
    .sort()) {
    bundles[language] = {};
    for (const file of readdirSync(path.join(dir, language))
      .filter((name) => /^\w+\.json$/.test(name))
      .sort()) {
      const full = path.join(dir, language, file);
      const text = readFileSync(full, "utf8");
      hash.update(`${language}/${file}\n${text}\n`);
      bundles[language][file.slice(0, -5)] = JSON.parse(text) as Bundle;
      files.push(full);
    }
  }
  return { hash: hash.digest("hex").slice(0, 10), bundles, files };
}

/** Every part of the locales: its path under the folder ("fr/billing/pay") and its texts. */
function* parts(locales: Locales): Generator<[string, Bundle, string[]?]> {
  for (const [language, namespaces] of Object.entries(locales.bundles)) {
    for (const [namespace, bundle] of Object.entries(namespaces)) {
      const names = sectionNames(namespace, bundle);
      if (!names.length) {
        yield [`${language}/${namespace}`, bundle];
        continue;
      }
      // Whole too: a page that shows most of a namespace, or reached after hydration, loads one file.
      yield [`${language}/${namespace}`, bundle, names];
      const inSection = new Set(names);
      yield [
        `${language}/${namespace}/${ROOT_SECTION}`,
        Object.fromEntries(Object.entries(bundle).filter(([key]) => !inSection.has(key))),
        names,
      ];
      for (const name of names) yield [`${language}/${namespace}/${name}`, bundle[name] as Bundle];
    }
  }
}

/** A part's module: its texts, and with the root section and the whole namespace, the section names. */
const moduleOf = (texts: Bundle, sections?: string[]) =>
  `export default ${JSON.stringify(texts)};\n${sections ? `export const sections = ${JSON.stringify(sections)};\n` : ""}`;

export function localeSections(localesDir: string): Plugin {
  let base = "/";
  const folder = (locales: Locales) => `assets/locales-${locales.hash}/`;
  return {
    name: "locale-sections",
    configResolved(config) {
      base = config.base;
    },
    resolveId(source) {
      return source === INDEX ? `\0${INDEX}` : null;
    },
    load(id) {
      if (id !== `\0${INDEX}`) return null;
      const locales = readLocales(localesDir);
      for (const file of locales.files) this.addWatchFile(file);
      return `export const folder = ${JSON.stringify(base + folder(locales))};\n`;
    },
    generateBundle() {
      if (this.environment?.name !== "client") return;
      const locales = readLocales(localesDir);
      for (const [part, texts, sections] of parts(locales)) {
        this.emitFile({ type: "asset", fileName: `${folder(locales)}${part}.js`, source: moduleOf(texts, sections) });
      }
    },
    configureServer(server) {
      // Development: the same addresses, answered from the files as they are now.
      server.middlewares.use((req, res, next) => {
        const locales = readLocales(localesDir);
        const prefix = base + folder(locales);
        const url = req.url?.split("?")[0] ?? "";
        if (!url.startsWith(prefix) || !url.endsWith(".js")) return next();
        const wanted = url.slice(prefix.length, -3);
        for (const [part, texts, sections] of parts(locales)) {
          if (part !== wanted) continue;
          res.setHeader("Content-Type", "text/javascript; charset=utf-8");
          res.end(moduleOf(texts, sections));
          return;
        }
        next();
      });
    },
  };
}
