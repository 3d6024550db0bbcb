/**
 * Recovery codes as shown once: a list to read or select, a text file to download (a data: link with
 * `download`, so it needs no JavaScript) and, once scripts run, Print and Copy buttons (without
 * JavaScript they would do nothing, so they are not shown).
 */
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "~/lib/use-t";

export function RecoveryCodesList({ codes, username, brand }: { codes: string[]; username: string; brand: string }) {
  const { t } = useT("profile");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const file = [t("twoStepCodes.fileHeading", { brand, username }), t("twoStepCodes.fileNote"), "", ...codes, ""].join("\n");
  const copy = () => {
    void navigator.clipboard?.writeText(codes.join("\n")).then(() => setCopied(true));
  };
  return (
    <section aria-labelledby="recovery-codes-title" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-gray-900">
        {t("twoStepCodes.listLabel")}
      </h2>
      <ol className="mt-3 grid grid-cols-1 gap-2 font-mono text-lg text-gray-900 sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded border border-gray-200 bg-gray-50 px-3 py-1">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center print:hidden">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download={t("twoStepCodes.fileName")}
          className="inline-block rounded-md border border-gray-500 bg-white px-5 py-2 text-center font-semibold text-gray-900 no-underline hover:bg-gray-100"
        >
          {t("twoStepCodes.download")}
        </a>
        {hydrated ? (
          <>
            <button
              type="button"
              onClick={() => window.print()}
              className="rounded-md border border-gray-500 bg-white px-5 py-2 font-semibold text-gray-900 hover:bg-gray-100"
            >
              {t("twoStepCodes.print")}
            </button>
            <button
              type="button"
              onClick={copy}
              className="rounded-md border border-gray-500 bg-white px-5 py-2 font-semibold text-gray-900 hover:bg-gray-100"
            >
              {t("twoStepCodes.copy")}
            </button>
          </>
        ) : null}
      </div>
      <p role="status" className="mt-2 text-sm text-gray-800">
        {copied ? t("twoStepCodes.copied") : ""}
      </p>
    </section>
  );
}
