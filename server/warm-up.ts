import type { AddressInfo } from "node:net";
import type { Logger } from "../app/config/logger.server";

/**
 * Pages a visitor asks for first, and the catalogue's kinds of listing (a search, a page, a
 * price range, a category), rendered before the store says it is ready. A process's first
 * renders of a page run code not yet compiled or optimised (70-100 ms for a listing at 100,000
 * products, against 15-25 ms once warm); each listing is asked for three times, spelled
 * differently, since a page already kept by the cache would be served, not rendered.
 */
const WARM_UP_PATHS = [
  "/",
  "/catalog",
  ...["a", "e", "o"].flatMap((letter, round) => [
    `/catalog?q=${letter}`,
    `/catalog?q=${letter}r`,
    `/catalog?page=${round + 2}`,
    `/catalog?min=${(round + 1) * 100}&max=10000`,
    `/catalog?category=Notebooks&page=${round + 1}`,
  ]),
];
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
