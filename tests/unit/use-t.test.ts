import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, Trans } from "react-i18next";
import { describe, expect, it } from "vitest";
import { getI18n } from "../../app/lib/i18n.server.ts";
import { useT } from "../../app/lib/use-t.ts";
import { RouterContextProvider } from "react-router";
import type { Namespace } from "../../app/lib/i18n.ts";

/** Renders a component under the English instance, as entry.server does (no language set: English). */
function render(child: () => ReactNode): string {
  return renderToString(h(I18nextProvider, { i18n: getI18n(new RouterContextProvider()) }, h(child)));
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

  it("gives <Trans> its namespace, so rich texts resolve", () => {
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
    expect(html).toContain("<a>customer support at 416-555-0150</a>");
  });
});
