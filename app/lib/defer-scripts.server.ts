/**
 * Paint first, then load the scripts (docs/architecture.md, "First paint"). Every page is complete and
 * works without JavaScript; its scripts only enhance it. React Router's document asks for them at once:
 * a `<link rel="modulepreload">` per module and a module script that imports the route modules and the
 * client entry. Fetched while the document is parsed, they were evaluated before Chrome's first frame,
 * which then waited for them (and Lighthouse counts them against the first and largest paint).
 *
 * Here the rendered document is rewritten: the preload links are taken out, and the module script is
 * replaced by a small inline script that, once the first frame has been painted (requestAnimationFrame,
 * then a task), adds the same preloads (all modules fetched in parallel, as before) and the same module
 * script, with the page's nonce. Each is added in a task of its own: a preload costs Chrome 1–6 ms on a
 * phone-speed CPU, and the 10 to 20 of a page added at once made one task of 60–200 ms in Lighthouse's
 * simulation, the page's longest after the first layout (docs/performance-log.md, eighth session). A page
 * in a background tab, which paints no frame, loads them after a short timer instead. Hydration finds
 * the document as the server rendered it: React 19 places the preload links it renders itself among
 * those in the head.
 *
 * When React Router's output does not have the expected shape (another version), the document is left
 * as it is: the page then loads its scripts as before (the unit test fails on such a change).
 */

/** React Router's module preloads (`<Scripts>`): `<link rel="modulepreload" href="…" nonce="…"/>`. */
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
/** React Router's bootstrap: the one inline module script, which imports the route modules and the entry. */
const BOOTSTRAP = /<script(?: nonce="([^"]*)")? type="module" async="">([\s\S]*?)<\/script>/;
/** How long a page that paints no frame (a background tab) waits before loading its scripts. */
export const UNPAINTED_DELAY_MS = 300;

/** Text as a JavaScript string literal that can sit inside a <script> element. */
function scriptLiteral(text: string): string {
  return JSON.stringify(text).replace(/</g, "\\u003c");
}

export function deferScripts(html: string): string {
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap) return html;
  const [, nonce = "", code] = bootstrap;
  const hrefs: string[] = [];
  const page = html.replace(PRELOAD, (_link, href: string) => {
    hrefs.push(href);
    return "";
  });
  // Tasks of equal delay run in the order they were set: every preload is added before the module script.
  const loader =
    `(()=>{let done=false;const n=${scriptLiteral(nonce)};const load=()=>{if(done)return;done=true;` +
    `for(const href of ${JSON.stringify(hrefs).replace(/</g, "\\u003c")}){setTimeout(()=>{` +
    `const l=document.createElement("link");l.rel="modulepreload";l.href=href;if(n)l.nonce=n;document.head.append(l)})}` +
    `setTimeout(()=>{const s=document.createElement("script");s.type="module";if(n)s.nonce=n;` +
    `s.textContent=${scriptLiteral(code)};document.body.append(s)})};` +
    `requestAnimationFrame(()=>setTimeout(load));setTimeout(load,${UNPAINTED_DELAY_MS})})()`;
  return page.replace(BOOTSTRAP, () => `<script${nonce ? ` nonce="${nonce}"` : ""}>${loader}</script>`);
}
