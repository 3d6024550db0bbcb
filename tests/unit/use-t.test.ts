import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Trans } from "../../app/components/Trans.tsx";
import type { Language, Namespace } from "../../app/lib/i18n.ts";
import { resources } from "../../app/lib/i18n.server.ts";
import { completeTexts, translator, type Bundle, type Texts } from "../../app/lib/translate.ts";
import { TextsContext } from "../../app/lib/translate.ts";
import { useT } from "../../app/lib/use-t.ts";

/** Renders a component with every text of a language, as entry.server does; `used` collects the namespaces read. */
function render(child: () => ReactNode, language: Language = "en", used = new Set<string>()): string {
  return renderToString(h(TextsContext.Provider, { value: completeTexts(language, resources[language], used) }, h(child)));
}

function Texts({ namespace, keys }: { namespace: Namespace; keys: string[] }) {
  const { t } = useT(namespace);
  return h("p", null, keys.map((key) => t(key)).join(" | "));
}

describe("useT", () => {
  it("translates plain keys of its namespace, and of others with a prefix", () => {
    const html = render(() => h(Texts, { namespace: "auth", keys: ["login.heading", "common:nav.signOut"] }));
    expect(html).toContain("Sign in | Sign out");
  });

  it("records the parts a page read, prefixed ones included, for the browser to load: sections, and whole common and api", () => {
    const used = new Set<string>();
    render(
      () =>
        h(Texts, {
          namespace: "billing",
          keys: ["pay.heading", "pay.submit", "api:_generic.field", "common:nav.signOut", "auth:login.heading"],
        }),
      "fr",
      used,
    );
    expect([...used].sort()).toEqual(["api", "auth/login", "billing/pay", "common"]);
  });

  it("interpolates and counts when given options", () => {
    function Counted() {
      const { t } = useT("dashboard");
      return h(
        "p",
        null,
        `${t("services.channels", { count: 1 })}; ${t("services.channels", { count: 85 })}; ${t("greeting", { name: "Maya" })}`,
      );
    }
    expect(render(() => h(Counted))).toContain("1 channel; 85 channels; Hello, Maya");
  });

  it("puts elements given to <Trans> around their words", () => {
    function Help() {
      const { t } = useT("auth");
      return h(Trans, {
        t,
        i18nKey: "login.failedHelp",
        values: { phone: "416-555-0150" },
        components: { support: h("a"), reset: h("a") },
      });
    }
    const html = render(() => h(Help));
    expect(html).not.toContain("login.failedHelp");
    expect(html).not.toContain("&lt;");
    expect(html).toContain("<a>customer support at 416-555-0150</a>");
    expect(render(() => h(Help), "fr")).toContain("<a>réinitialisez votre mot de passe</a>");
  });
});

describe("translator", () => {
  const bundles: Record<string, Bundle> = {
    common: {
      item_one: "{{count}} item",
      item_other: "{{count}} items",
      plain: "Hello {{name}}, {{missing}}",
      sentence: "You will lose your access to {{name}}. Then {{name}}?",
      nested: { deep: { key: "Deep" } },
    },
  };
  const t = translator(completeTexts("fr", bundles), "common");

  it("chooses plural forms by the language's rules and falls back to _other", () => {
    expect(t("item", { count: 1 })).toBe("1 item");
    expect(t("item", { count: 0 })).toBe("0 item"); // French: 0 is singular
    expect(t("item", { count: 1_000_000 })).toBe("1000000 items"); // French "many" falls back to _other
    expect(translator(completeTexts("en", bundles), "common")("item", { count: 0 })).toBe("0 items");
  });

  it("keeps a placeholder not given, empties one given as undefined, and reads nested keys", () => {
    expect(t("plain", { name: "Léa" })).toBe("Hello Léa, {{missing}}");
    expect(t("plain", { name: "Léa", missing: undefined })).toBe("Hello Léa, ");
    expect(t("nested.deep.key")).toBe("Deep");
  });

  it("ends a sentence whose last value ends in a full stop with that one stop (Inc., p.m.)", () => {
    expect(t("sentence", { name: "Harbourfront Logistics Inc." })).toBe(
      "You will lose your access to Harbourfront Logistics Inc. Then Harbourfront Logistics Inc.?",
    );
    expect(t("sentence", { name: "Acme" })).toBe("You will lose your access to Acme. Then Acme?");
    const en = translator(completeTexts("en", resources.en), "orders");
    expect(en("confirmed.when", { date: "Monday, December 1", from: "1:00 p.m.", to: "5:00 p.m." })).toMatch(/ 5:00 p\.m\.$/);
  });

  it("reads a key whose own name holds a dot, as the WiFi bands are named", () => {
    const wifi = translator(completeTexts("en", resources.en), "wifi");
    expect(wifi("connections.2.4GHz")).toBe("WiFi 2.4\u00a0GHz");
    expect(wifi("services:bands.2.4GHz")).toBe("2.4\u00a0GHz");
    expect(translator(completeTexts("fr", resources.fr), "services")("bands.2.4GHz")).toBe("2,4\u00a0GHz");
    expect(wifi("bands.6GHz.nope")).toBe("bands.6GHz.nope");
  });

  it("finds a nested text that a growing bundle gains after a miss, and the same text again", () => {
    const growing: Bundle = { billing: {} };
    const billing = translator(completeTexts("en", { common: {}, billing: growing }), "billing");
    expect(billing("billing.pay.title")).toBe("billing.pay.title");
    growing.billing = { pay: { title: "Pay your bill" } };
    expect(billing("billing.pay.title")).toBe("Pay your bill");
    expect(billing("billing.pay.title")).toBe("Pay your bill");
  });

  it("gives the default value, else the key, for a key without text", () => {
    expect(t("status.nope", { defaultValue: "Unknown {{x}}", x: 1 })).toBe("Unknown 1");
    expect(t("common:status.nope")).toBe("status.nope");
  });

  it("suspends on a namespace not loaded yet (browser), with one promise until it is there", async () => {
    const loaded: Partial<Record<Namespace, Bundle>> = {};
    let loads = 0;
    let pending: Promise<void> | undefined;
    const texts: Texts = {
      language: "en",
      get: (ns) => loaded[ns],
      load: (part) =>
        (pending ??= Promise.resolve().then(() => {
          loads++;
          loaded[part as Namespace] = { hello: "Hi" };
        })),
      sections: () => undefined,
    };
    const tb = translator(texts, "billing");
    let thrown: unknown;
    try {
      tb("hello");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Promise);
    expect(() => tb("hello")).toThrow();
    await thrown;
    expect(loads).toBe(1);
    expect(tb("hello")).toBe("Hi");
  });

  it("suspends on a section not loaded yet although its namespace has others, and reads it once it is there", async () => {
    const bundle: Bundle = { pay: { heading: "Pay" }, summary: { heading: "Summary" }, title_one: "One bill" };
    const parts = new Map<string, Bundle>();
    const asked: string[] = [];
    const texts: Texts = {
      language: "en",
      get: () => (parts.size ? Object.assign({}, ...parts.values()) : undefined),
      load: (part) => {
        asked.push(part);
        return Promise.resolve().then(() => {
          const [, section] = part.split("/");
          parts.set(part, section === "_" ? { title_one: bundle.title_one } : { [section]: bundle[section] });
        });
      },
      sections: () => new Set(["pay", "summary"]),
      has: (part) => parts.has(part),
    };
    parts.set("billing/pay", { pay: bundle.pay });
    const tb = translator(texts, "billing");
    expect(tb("pay.heading")).toBe("Pay");
    let thrown: unknown;
    try {
      tb("summary.heading");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    expect(tb("summary.heading")).toBe("Summary");
    // A key outside every section is in the root section "_".
    expect(() => tb("title", { count: 1 })).toThrow();
    await texts.load("billing/_");
    expect(tb("title", { count: 1 })).toBe("One bill");
    expect(asked).toEqual(["billing/summary", "billing/_", "billing/_"]);
  });

  it("lists for the browser the sections a page showed, with the root section, or a namespace it mostly showed whole", () => {
    const used = new Set<string>();
    const texts = completeTexts("fr", resources.fr, used);
    render(() => h(Texts, { namespace: "billing", keys: ["pay.title", "pay.payBalance", "common:nav.signOut"] }), "fr", used);
    expect(texts.parts!()).toEqual(["billing/_", "billing/pay", "common"]);
    // All the router page may show (its section errors and offline notice too): about half of the
    // namespace, under two-thirds, so in sections, which weigh less than the whole file.
    const routerPage = ["_", "duration", "errors", "offline", "overview", "lan", "leases", "rules", "upnp", "statistics"];
    const size = (value: unknown) => JSON.stringify(value).length;
    const router = resources.fr.router as Record<string, unknown>;
    const rootSize = size(Object.fromEntries(Object.entries(router).filter(([key]) => !texts.sections("router")!.has(key))));
    const shown = routerPage.reduce((sum, section) => sum + (section === "_" ? rootSize : size(router[section])), 0) / size(router);
    expect(shown).toBeGreaterThan(0.4);
    expect(shown).toBeLessThan(2 / 3);
    for (const section of routerPage) used.add(`router/${section}`);
    expect(texts.parts!()).toEqual(["billing/_", "billing/pay", "common", ...routerPage.map((s) => `router/${s}`).sort()]);
    // Every section of router: one file rather than a dozen.
    for (const section of texts.sections("router")!) used.add(`router/${section}`);
    expect(texts.parts!()).toEqual(["billing/_", "billing/pay", "common", "router"]);
  });
});
