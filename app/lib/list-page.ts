/**
 * A list of accounts cut into pages, with a search (the account list, the e-mail choices): the search and
 * page an address asks for, one page of the list, and the address of another page. Plain GET parameters
 * `q` and `page`, so every page has an address of its own and works without JavaScript.
 */
import { pageUrl } from "./page-url.ts";

/** The longest search kept (a longer one is cut). */
export const QUERY_MAX = 100;

export interface ListAddress {
  q: string;
  page: number;
}

/** The search and page this request asks for: the first page when `page` is not a whole number above 1. */
export function listAddressOf(request: Request): ListAddress {
  const params = pageUrl(request).searchParams;
  const page = Number(params.get("page"));
  return { q: (params.get("q") ?? "").trim().slice(0, QUERY_MAX), page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}

/** The address of a page of the list at `path`; what is at its default is left out. */
export function listHref(path: string, { q, page }: ListAddress): string {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The page `page` of `items`, `size` a page: its items, the number of pages and the position of its first
 * item (from 1). `past` when the page is past the end (the list got shorter since the link was made): the
 * caller sends the customer to the last page.
 */
export function pageOf<T>(
  items: T[],
  page: number,
  size: number,
): { items: T[]; page: number; pages: number; from: number; past: boolean } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const start = (page - 1) * size;
  return { items: items.slice(start, start + size), page, pages, from: start + 1, past: page > pages };
}
