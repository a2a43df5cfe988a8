import { Agent, getGlobalDispatcher, setGlobalDispatcher } from "undici";

/** How long the store waits on another server that has gone silent before giving up. */
export const OUTGOING_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Every request this process sends with `fetch` gives up after `timeoutMs` of silence: to connect,
 * to get the answer's headers, or between two pieces of its body. The store's own calls set
 * shorter limits of their own (PIX, CEP, image URLs). better-auth's calls to a sign-in provider
 * (discovery at start-up, the code exchange, the user's profile) set none: a provider that accepts
 * the connection and never answers would otherwise hold the customer's request, or every sign-in
 * while the store starts, for Node's own 5 minutes. Returns a function that restores the limits
 * that were in place before.
 */
export function limitOutgoingRequests(timeoutMs = OUTGOING_REQUEST_TIMEOUT_MS): () => void {
  const previous = getGlobalDispatcher();
  setGlobalDispatcher(
    new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }),
  );
  return () => setGlobalDispatcher(previous);
}
