/**
 * The parts of namespaces a page's texts came from (sections, or whole namespaces of which the page
 * shows most), for the browser to load before hydrating. The server records them while rendering
 * (Texts.used, listed by Texts.parts); this element comes last in the body, so the whole page has been
 * rendered when it is, and lists them as JSON. The browser reads it (entry.client.tsx) and
 * keeps it as the server wrote it.
 */
import { useContext, useState } from "react";
import { TextsContext } from "./translate";

export const PAGE_TEXTS_ID = "page-texts";

export function PageTexts() {
  const texts = useContext(TextsContext);
  const [list] = useState(() =>
    texts?.parts ? JSON.stringify(texts.parts()) : (globalThis.document?.getElementById(PAGE_TEXTS_ID)?.textContent ?? "[]"),
  );
  return <script type="application/json" id={PAGE_TEXTS_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: list }} />;
}
