/**
 * Links drawn as plain anchors (`ClientLink`), followed by the router from one listener on the document.
 *
 * React Router's `Link` is a component with hooks and a click handler of its own: on the server it cost
 * about 8 µs a link more than an `<a>` (React Router's production build, 10,000 renders), and the side
 * navigation alone draws about 30 on every signed-in page. A `ClientLink` writes the same HTML as a
 * `Link` (`href`, and `data-discover`, by which React Router finds the routes a page links to), and
 * `useClientLinks` (in the root) follows its clicks as `Link` does: a plain left click on a link of this
 * site, without a target or `download`, navigates in the browser; any other click (a new tab, a download,
 * another site) is the browser's. Before the scripts run, and without JavaScript, it is an ordinary link.
 */
import { useEffect } from "react";
import { useNavigate } from "react-router";

/** What the listener reads of a click: the mouse button, the keys held, and whether a handler took it. */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/** What it reads of the anchor clicked. */
export interface AnchorLike {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}

/** The anchors it follows: those React Router's discovery reads (a Link takes its own clicks first). */
export const CLIENT_LINK_SELECTOR = "a[data-discover]";

/**
 * The address (path, query and hash) the router should go to for this click on this anchor, or null
 * when the browser should follow it: a modified or non-left click, one a handler already took, a
 * target other than this tab, a download, a document the link asks to load, or another origin.
 */
export function followedPath(event: ClickLike, anchor: AnchorLike | null, origin: string): string | null {
  if (!anchor || event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.hasAttribute("data-reload-document")) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(anchor.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

/** The root's listener: follows the clicks of ClientLinks with the router (a Link to the page shown replaces it, as a Link does). */
export function useClientLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(CLIENT_LINK_SELECTOR) : null;
      const path = followedPath(event, anchor, window.location.origin);
      if (path === null) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      void navigate(path, { replace: pathname + search + hash === path });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
