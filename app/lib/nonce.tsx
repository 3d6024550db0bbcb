/** The CSP nonce of this response, for React Router's inline scripts (empty in the browser). */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
