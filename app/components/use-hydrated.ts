import { useSyncExternalStore } from "react";

function subscribeToNothing(): () => void {
  return () => {};
}

/**
 * False while the server renders and during hydration, true afterwards (and at once on a client
 * navigation): for what only the browser knows, such as the cart in localStorage.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
