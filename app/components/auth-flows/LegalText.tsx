/** A legal text of the API (terms of use, service agreement) in the page's language, in a scrollable region. */
import type { LegalDocument } from "#contract/auth-flows";
import { formatDate } from "~/lib/i18n";
import { useT } from "~/lib/use-t";

export function LegalText({ id, title, document, versionKey }: { id: string; title: string; document: LegalDocument; versionKey: string }) {
  const { t, language } = useT();
  return (
    <div>
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="text-sm text-gray-700">
        {t(versionKey, { version: document.version, date: formatDate(document.effective_on, language) })}
      </p>
      {/* A long text scrolls in its own region, which keyboard users can reach and scroll. */}
      <div
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        lang={document.language === "fr" ? "fr-CA" : "en-CA"}
        className="mt-3 max-h-96 space-y-4 overflow-y-auto rounded-md border border-gray-300 bg-gray-50 p-4"
      >
        {document.title !== title ? <p className="font-semibold text-gray-900">{document.title}</p> : null}
        {document.sections.map((section) => (
          <div key={section.heading}>
            <h3 className="font-semibold text-gray-900">{section.heading}</h3>
            <p className="mt-1 whitespace-pre-line text-gray-800">{section.body}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
