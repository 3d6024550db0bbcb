/** The LAN settings dialog with JavaScript (Headless UI Dialog), loaded when the dialog first opens. */
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "react-router";
import { useT } from "~/lib/use-t";
import { LanSettingsForm, type LanDialogProps } from "./LanSettingsForm";

export default function LanDialogWidget({ serviceId, settings, constraint, lastResult }: LanDialogProps) {
  const { t } = useT("router");
  const navigate = useNavigate();
  // Back to the page's own address; the router page then gives focus back to "Change LAN settings".
  const close = () => navigate(`/internet/router/${serviceId}`, { preventScrollReset: true });
  return (
    <Dialog open onClose={close} className="fixed inset-0 z-50 overflow-y-auto">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="relative p-4">
        <div className="flex min-h-[calc(100vh-2rem)] items-center justify-center">
          <DialogPanel className="w-full max-w-2xl rounded-lg bg-white p-6 shadow-xl">
            <DialogTitle as="h2" className="mb-1 text-xl font-semibold text-gray-900">
              {t("lanForm.dialogTitle")}
            </DialogTitle>
            <p className="mb-4 text-gray-700">{t("lanForm.dialogIntro")}</p>
            <LanSettingsForm
              settings={settings}
              constraint={constraint}
              lastResult={lastResult}
              action={`/internet/router/${serviceId}?dialog=lan`}
              cancel={
                <button
                  type="button"
                  onClick={close}
                  className="rounded-md border border-gray-500 bg-white px-5 py-2 font-semibold text-gray-900 hover:bg-gray-100"
                >
                  {t("cancel")}
                </button>
              }
            />
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
