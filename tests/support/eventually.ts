/** Polls until `read` gives a value, e.g. a message the outbox sends every few seconds. */
export async function eventually<T>(read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("Tempo esgotado esperando");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Polls until `check` holds, e.g. a store's readiness once its database is back. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await check());) {
    if (Date.now() > deadline) throw new Error("a condição não se cumpriu a tempo");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
