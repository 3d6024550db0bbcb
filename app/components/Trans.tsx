/**
 * A translated text with elements inside it: a pair of tags `<support>…</support>` in the text becomes
 * the `support` element given, with the translated words between the tags as its children (tags are not
 * nested).
 */
import { cloneElement, Fragment, type ReactElement } from "react";
import type { T, TOptions } from "~/lib/translate";

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: T;
  i18nKey: string;
  values?: TOptions;
  components: Record<string, ReactElement>;
}) {
  const text = t(i18nKey, values);
  const parts: (string | ReactElement)[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[match[1]];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
