/**
 * The file upload control, in a module of its own: only the forms that take files load it (and
 * the upload rules of api/contract/files.ts).
 */
import { getInputProps } from "@conform-to/react";
import { useRef, useState, type ReactNode } from "react";
import { FILE_RULES, acceptOf, type FilePurpose } from "#contract/files";
import { formatFileSize } from "~/lib/i18n";
import { useT } from "~/lib/use-t";
import { FieldShell, withoutKey, type Meta } from "./Field";

/**
 * File upload: the accepted formats and the size limit of the purpose (api/contract/files.ts) in the hint and the picker.
 * `listFiles` (with `multiple`): once JavaScript runs, files chosen in several goes add up, and the chosen
 * files are listed, each with a button that takes it out before sending. Without JavaScript the browser's
 * own picker is all there is, and the server checks the count.
 */
export function FileInput({
  meta,
  label,
  purpose,
  multiple,
  listFiles,
}: {
  meta: Meta;
  label: ReactNode;
  purpose: FilePurpose;
  multiple?: boolean;
  listFiles?: boolean;
}) {
  const { t, language } = useT();
  const rule = FILE_RULES[purpose];
  const types = rule.extensions.map((e) => e.slice(1).toUpperCase()).join(", ");
  const size = rule.maxBytes / (1024 * 1024);
  const hint = (
    <>
      {t("form.fileTypes", { types })} {t("form.fileSize", { count: multiple ? rule.maxFiles : 1, size })}
    </>
  );
  const props = withoutKey(getInputProps(meta, { type: "file", ariaDescribedBy: meta.descriptionId }));
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const listing = Boolean(listFiles && multiple);

  /** Puts these files in the input (what the form sends) and tells the form they changed. */
  const keep = (files: File[]) => {
    const element = input.current;
    if (!element) return;
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    element.files = transfer.files;
    setChosen(files);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const onChange = listing
    ? (event: React.ChangeEvent<HTMLInputElement>) => {
        const added = Array.from(event.currentTarget.files ?? []);
        const same = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
        keep([...chosen, ...added.filter((file) => !chosen.some((old) => same(old, file)))]);
      }
    : undefined;

  return (
    <FieldShell meta={meta} label={label} hint={hint}>
      <input
        {...props}
        ref={input}
        onChange={onChange}
        accept={acceptOf(purpose)}
        multiple={multiple}
        className="block w-full text-base file:mr-3 file:rounded-md file:border file:border-gray-500 file:bg-white file:px-3 file:py-2 file:font-medium"
      />
      {listing && chosen.length ? (
        <div className="mt-2">
          <p id={`${meta.id}-chosen`} className="text-sm font-medium text-gray-900">
            {t("form.chosenFiles", { count: chosen.length, max: rule.maxFiles })}
          </p>
          <ul aria-labelledby={`${meta.id}-chosen`} className="mt-1 divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
            {chosen.map((file, index) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 break-all text-gray-900">
                  {file.name} <span className="text-sm text-gray-700">({formatFileSize(file.size, language)})</span>
                </span>
                <button
                  type="button"
                  onClick={() => keep(chosen.filter((_, i) => i !== index))}
                  className="shrink-0 rounded-md border border-gray-500 px-3 py-1 text-sm font-semibold text-gray-900 hover:bg-gray-100"
                >
                  {t("form.removeFile")}
                  <span className="sr-only"> {file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </FieldShell>
  );
}
