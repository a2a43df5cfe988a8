import http from "node:http";
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

/**
 * Asks the store, on a loopback `port`, for each warm-up page once, as a client of `host` (the
 * address the store will listen on: the visitors' page cache keeps pages by origin); a page that
 * fails is only logged.
 */
export async function warmUp(port: number, host: string, logger: Logger): Promise<void> {
  for (const path of WARM_UP_PATHS) {
    try {
      await get(port, host, path);
    } catch (error) {
      logger.warn({ err: error, path }, "Aquecimento: a página não respondeu");
    }
  }
}

/** One GET read to its end (node:http: fetch does not send a Host of the caller's choice). */
function get(port: number, host: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path, headers: { host }, timeout: WARM_UP_TIMEOUT_MS },
      (response) => {
        response.on("error", reject).on("end", resolve).resume();
      },
    );
    request.on("timeout", () => request.destroy(new Error(`sem resposta em ${WARM_UP_TIMEOUT_MS} ms`)));
    request.on("error", reject);
  });
}
