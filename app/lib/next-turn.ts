/**
 * Resolves once the event loop has turned: requests that arrived meanwhile get their share of the
 * thread before a long task goes on.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
