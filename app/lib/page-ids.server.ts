/**
 * Ids in a page's address. One that is not a number fails the page's validation: the spec's fallback,
 * 404 "This page could not be found" (the unmatched page), before the API is asked. A well-formed id
 * that names nothing is the API's to answer (the 404 "404 Not Found" page, or 403).
 */
import { data } from "react-router";

const ID = /^\d{1,12}$/;

/** Whether an address segment is an id (a number of at most 12 digits). */
export const isPageId = (raw: string | undefined): raw is string => Boolean(raw && ID.test(raw));

/** The 404 of a page whose address fails its validation: "This page could not be found". */
export const invalidPage = () => data({ kind: "unmatched" as const }, { status: 404 });

/** An id of the address as a number: the unmatched page (404) when it is not one. */
export function pageId(raw: string | undefined): number {
  if (!isPageId(raw)) throw invalidPage();
  return Number(raw);
}
