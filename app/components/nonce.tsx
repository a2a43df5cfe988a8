import { createContext, useContext } from "react";

/**
 * The response's CSP nonce, provided during server rendering; none in pages kept by the caches
 * (their scripts are allowed by hash), so they carry no `nonce=""` on every tag. The browser hides
 * a nonce (the attribute reads ""): hydration renders "" where the page had one, and nothing where
 * it had none, so both markups agree.
 */
const browserNonce =
  typeof document === "undefined" || !document.querySelector("script[nonce]") ? undefined : "";

export const NonceContext = createContext<string | undefined>(browserNonce);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
