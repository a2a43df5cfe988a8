/** Polls until `read` gives a value, e.g. a message the outbox sends every few seconds. */
export async function eventually<T>(read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("Tempo esgotado esperando");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
