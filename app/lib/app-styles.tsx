/**
 * The stylesheet inlined in the document's head. The server gives the text (StylesContext, from
 * entry.server.tsx, so the browser bundle does not carry it); the browser keeps what the server wrote.
 * About 6 KB gzipped on every page, against a render-blocking request before the first paint.
 */
import { createContext, useContext, useState } from "react";

export const StylesContext = createContext<string | undefined>(undefined);

const ID = "app-css";

export function AppStyles({ nonce }: { nonce?: string }) {
  const fromServer = useContext(StylesContext);
  const [css] = useState(() => fromServer ?? globalThis.document?.getElementById(ID)?.textContent ?? "");
  return <style id={ID} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
