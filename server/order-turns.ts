import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../app/config/logger.server";
import type { CreatePaymentAnswer } from "../app/domain/orders/checkout-schema";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface OrderTurnsOptions {
  /** Orders created at once when nothing else is being asked of the store. */
  slotsAlone: number;
  /** Orders created at once while pages and other requests keep arriving. */
  slotsBesidePages: number;
  /** Orders waiting for a turn; the next one is turned away at once. */
  maxWaiting: number;
  /** How recent another request must be for the store to count as serving pages. */
  pagesWindowMs: number;
  /**
   * Beside pages, how long the line rests after an order, as a share of the time that order
   * took: 1 leaves pages at least half of the time, whatever an order costs.
   */
  restBesidePages: number;
  /** Where a buyer turned away is told to the shop owner. */
  logger: Logger;
  now?: () => number;
  /** Wakes the line once a rest is over. */
  setTimer?: (wake: () => void, ms: number) => void;
}

/** The checkout's own answer shape, so its page shows the message. */
const BUSY_ANSWER = JSON.stringify({
  success: false,
  error: "Muitos pedidos ao mesmo tempo. Aguarde alguns segundos e tente novamente.",
} satisfies CreatePaymentAnswer);

/**
 * Order creation takes turns. An order costs the store's one thread a few milliseconds of CPU in
 * several pieces; twenty at once interleave all their pieces ahead of every visitor's page, which
 * then waits behind all of them. So while other requests keep arriving, orders are created
 * `slotsBesidePages` at a time and the rest wait in arrival order; when the store does nothing
 * else, `slotsAlone` at a time, enough to keep both CPUs and the database busy. Beside pages the
 * line also rests after each order, so that cheaper orders leave pages more time rather than
 * make room for more orders. A buyer who gives up while waiting leaves the line. See
 * docs/decisions/0006-order-turns.md.
 */
export function createOrderTurns(options: OrderTurnsOptions) {
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((wake, ms) => setTimeout(wake, ms));
  let running = 0;
  let lastOtherRequest = -Infinity;
  let restUntil = -Infinity;
  let wakeScheduled = false;
  const waiting = new Set<() => void>();
  const turnEnds = new WeakMap<IncomingMessage, () => void>();

  const besidePages = () => now() - lastOtherRequest < options.pagesWindowMs;
  const slots = () => (besidePages() ? options.slotsBesidePages : options.slotsAlone);
  const resting = () => now() < restUntil;

  const wakeAfterRest = () => {
    if (wakeScheduled) return;
    wakeScheduled = true;
    setTimer(() => {
      wakeScheduled = false;
      startWaiting();
    }, restUntil - now());
  };

  const startWaiting = () => {
    if (resting()) return wakeAfterRest();
    for (const start of waiting) {
      if (running >= slots()) return;
      waiting.delete(start);
      start();
    }
  };

  return {
    /** Counts a request that is not an order: the store is serving pages. */
    noteOtherRequest() {
      lastOtherRequest = now();
    },
    /** Runs `handle` for an order creation now, or once its turn comes. */
    takeTurn(req: IncomingMessage, res: ServerResponse, handle: Handler) {
      const start = () => {
        running++;
        const startedAt = now();
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          running--;
          const endedAt = now();
          if (besidePages()) restUntil = endedAt + (endedAt - startedAt) * options.restBesidePages;
          startWaiting();
        };
        turnEnds.set(req, end);
        res.once("close", end);
        handle(req, res);
      };
      if (waiting.size === 0 && running < slots() && !resting()) return start();
      if (waiting.size >= options.maxWaiting) {
        options.logger.warn({ waiting: waiting.size }, "Fila de pedidos cheia; comprador recusado");
        res.writeHead(503, {
          "Content-Type": "application/json; charset=utf-8",
          "Cache-Control": "no-store",
          "Retry-After": "5",
        });
        res.end(BUSY_ANSWER);
        return;
      }
      waiting.add(start);
      res.once("close", () => waiting.delete(start));
    },
    /**
     * Ends the order's turn before its answer: what is left is waiting on a remote PIX provider,
     * which would hold the next buyer for nothing. Does nothing for other requests.
     */
    endTurn(req: IncomingMessage) {
      turnEnds.get(req)?.();
    },
  };
}
