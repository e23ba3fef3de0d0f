import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");

/** Supplies the request's CSP nonce to the document (server render only). */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce() {
  return useContext(NonceContext);
}
