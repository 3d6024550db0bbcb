/**
 * Why files of a field that takes several are refused, each reason once with the names of the files it
 * refuses ("Too large (each file must be 10 MB or smaller): scan.pdf."): a customer who chose five
 * files learns which one to choose again. The key of a reason named so is the reason's own with `_named`
 * (locales/…/api.json); the API's own refusals, which name no file, keep the plain key.
 */
import { messageParts, withValues } from "../lib/form-messages";

/** A file's name as a message names it: at most 60 characters, the extension kept. */
export function shortFileName(name: string): string {
  const chars = [...name];
  if (chars.length <= 60) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 8 ? name.slice(dot) : "";
  return `${chars.slice(0, 59 - [...extension].length).join("")}…${extension}`;
}

export function namedFileProblems(files: readonly File[], problemOf: (file: File) => string | null): string[] {
  const named = new Map<string, { values: Record<string, string | number>; names: string[] }>();
  for (const file of files) {
    const problem = problemOf(file);
    if (problem === null) continue;
    const [key, values] = messageParts(problem);
    const entry = named.get(key) ?? { values: values ?? {}, names: [] };
    const name = shortFileName(file.name);
    if (name && !entry.names.includes(name)) entry.names.push(name);
    named.set(key, entry);
  }
  return [...named].map(([key, { values, names }]) =>
    names.length ? withValues(`${key}_named`, { ...values, files: names.join(", ") }) : values ? withValues(key, values) : key,
  );
}
