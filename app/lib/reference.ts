/**
 * The request id (server/http-log.ts) an error page shows as "Reference: …", for a customer to quote to
 * support: the one the log lines of the portal and the API carry. The server renders it from the request
 * (entry.server.tsx); the browser keeps what the document shows while it hydrates, and a failed API call's
 * error data carries its own (app/lib/api.server.ts `failure`).
 */
import { createContext, useContext, useState } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";

export const ReferenceContext = createContext<string | undefined>(undefined);

/** The attribute that holds the reference in the document (read back while hydrating). */
export const REFERENCE_ATTRIBUTE = "data-reference";

export function useReference(error: unknown): string | undefined {
  const fromRequest = useContext(ReferenceContext);
  const { key } = useLocation();
  // The document's first view only ("default" is React Router's key for it): later views are other requests.
  const [fromDocument] = useState(() =>
    fromRequest === undefined && key === "default" && typeof document !== "undefined"
      ? (document.querySelector(`[${REFERENCE_ATTRIBUTE}]`)?.getAttribute(REFERENCE_ATTRIBUTE) ?? undefined)
      : undefined,
  );
  const fromData = isRouteErrorResponse(error) ? (error.data as { reference?: unknown } | null)?.reference : undefined;
  return typeof fromData === "string" ? fromData : (fromRequest ?? fromDocument);
}
