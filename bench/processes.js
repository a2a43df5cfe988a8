// What the benchmarks share: a free port, and waiting for a started process to answer.
import net from "node:net";

export function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; rejects if `child` exits first or after two minutes. */
export async function waitFor(url, child) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (child.exitCode !== null) throw new Error(`processo terminou (${child.exitCode}) antes de ${url}`);
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`sem resposta de ${url}`);
}
