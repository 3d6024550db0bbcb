/**
 * The newer router type's settings, as a dialog of the router page (?dialog=lan). Without JavaScript
 * (and until the widget loads) it is a panel at the top of that address, with a link back; with
 * JavaScript, a Headless UI Dialog: focus moves into it and stays there, Escape or "Cancel" closes it,
 * and focus returns to the "Change LAN settings" link.
 */
import { Suspense } from "react";
import { lazyEnhancement } from "~/lib/lazy-enhancement";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "~/lib/use-t";
import { LanSettingsForm, type LanDialogProps } from "./LanSettingsForm";
import { BackToRouter } from "./RouterParts";

// A dialog whose code does not download leaves the panel in place (lazyEnhancement).
const DialogWidget = lazyEnhancement<LanDialogProps>(() => import("./LanDialogWidget").then((m) => m.default), LanPanel);

/** The dialog's content as a plain panel: what a browser without JavaScript shows at ?dialog=lan. */
export function LanPanel({ serviceId, settings, constraint, lastResult }: LanDialogProps) {
  const { t } = useT("router");
  return (
    <section aria-labelledby="lan-dialog-title" className="mb-6 rounded-lg border-2 border-primary bg-white p-5 shadow-md">
      <h2 id="lan-dialog-title" className="mb-1 text-xl font-semibold text-gray-900">
        {t("lanForm.dialogTitle")}
      </h2>
      <p className="mb-4 text-gray-700">{t("lanForm.dialogIntro")}</p>
      <LanSettingsForm
        settings={settings}
        constraint={constraint}
        lastResult={lastResult}
        action={`/internet/router/${serviceId}?dialog=lan`}
        cancel={<BackToRouter serviceId={serviceId} />}
      />
    </section>
  );
}

export function LanDialog(props: LanDialogProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <LanPanel {...props} />;
  return (
    <Suspense fallback={<LanPanel {...props} />}>
      <DialogWidget {...props} />
    </Suspense>
  );
}
