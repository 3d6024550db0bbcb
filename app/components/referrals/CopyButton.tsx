/** Copies a text to the clipboard; shown only with JavaScript (without it the text is there to select). */
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated || typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <p className="mt-2">
      <button
        type="button"
        className="cursor-pointer rounded-md border border-gray-500 bg-white px-3 py-1 text-sm font-semibold text-gray-900 hover:bg-gray-100"
        onClick={() => {
          void navigator.clipboard.writeText(text).then(() => setCopied(true));
        }}
      >
        {label}
      </button>
      <span role="status" className="ml-3 text-sm text-success">
        {copied ? done : ""}
      </span>
    </p>
  );
}
