import { createContext, useContext } from "react";

/**
 * The response's CSP nonce, provided during server rendering. None in the browser, nor in pages
 * kept by the caches (their scripts are allowed by hash): no `nonce=""` attribute on every tag.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
