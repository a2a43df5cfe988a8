import type { AddressInfo } from "node:net";
import type { Logger } from "../app/config/logger.server";

/**
 * Pages a visitor asks for first, and the catalogue's kinds of listing: the code that renders
 * them runs once before the store says it is ready. A process's first render of a page compiles
 * it as it goes (70-100 ms for a listing at 100,000 products, against 15-25 ms after).
 */
const WARM_UP_PATHS = ["/", "/catalog", "/catalog?q=a", "/catalog?page=2", "/catalog?min=100&max=1000"];
const WARM_UP_TIMEOUT_MS = 10_000;

/** Asks the store, over loopback, for each warm-up page once; a page that fails is only logged. */
export async function warmUp(address: AddressInfo, logger: Logger): Promise<void> {
  const base = `http://${loopbackHost(address)}:${address.port}`;
  for (const path of WARM_UP_PATHS) {
    try {
      const response = await fetch(base + path, { signal: AbortSignal.timeout(WARM_UP_TIMEOUT_MS) });
      await response.arrayBuffer();
    } catch (error) {
      logger.warn({ err: error, path }, "Aquecimento: a página não respondeu");
    }
  }
}

/** Where this process's own listener is reached: a wildcard address through loopback. */
function loopbackHost({ address, family }: AddressInfo): string {
  if (address === "0.0.0.0") return "127.0.0.1";
  if (address === "::") return "[::1]";
  return family === "IPv6" ? `[${address}]` : address;
}
