/**
 * What an authenticator app needs of a setup: the QR code (an SVG drawn on the server from the
 * otpauth:// address) and, for those who type it, the key in groups of four and the account's name.
 */
import { useT } from "~/lib/use-t";

export interface TwoStepSetupShown {
  /** The QR code, an SVG document made by the server (qrcode) from the setup's own address. */
  qrSvg: string;
  /** The key in groups of four ("JBSW Y3DP …"). */
  key: string;
  /** The name the app shows ("myLakeshore (resi@example.com)"). */
  account: string;
}

export function TwoStepSetupView({ setup }: { setup: TwoStepSetupShown }) {
  const { t } = useT("profile");
  return (
    <section aria-labelledby="two-step-scan-title" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="two-step-scan-title" className="text-lg font-semibold text-gray-900">
        {t("twoStepSetup.scanTitle")}
      </h2>
      <p className="mt-2 text-gray-800">{t("twoStepSetup.scanText")}</p>
      <div
        role="img"
        aria-label={t("twoStepSetup.qrLabel")}
        data-testid="two-step-qr"
        className="mt-4 h-52 w-52 border border-gray-200 [&>svg]:h-full [&>svg]:w-full"
        // Made by the qrcode library on the server from the setup's address: no text of anyone's in it.
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <h3 className="mt-6 font-semibold text-gray-900">{t("twoStepSetup.typeTitle")}</h3>
      <p className="mt-1 text-gray-800">{t("twoStepSetup.typeText")}</p>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="text-sm text-gray-700">{t("twoStepSetup.keyLabel")}</dt>
        <dd className="font-mono text-lg font-semibold tracking-wide break-words text-gray-900" data-testid="two-step-key">
          {setup.key}
        </dd>
        <dt className="text-sm text-gray-700">{t("twoStepSetup.accountLabel")}</dt>
        <dd className="font-medium break-words text-gray-900">{setup.account}</dd>
      </dl>
    </section>
  );
}
