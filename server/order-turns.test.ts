import { once } from "node:events";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createOrderTurns, type OrderTurnsOptions } from "./order-turns";

const PAGES_WINDOW_MS = 100;

/**
 * A store whose order creation never ends on its own: each order being created is held until the
 * test answers it, so which buyers are being served at any moment can be seen.
 */
async function startStore(
  options: Pick<OrderTurnsOptions, "slotsAlone" | "slotsBesidePages" | "maxWaiting"> & {
    /** None unless a test is about the rest. */
    restBesidePages?: number;
  },
) {
  let clock = 1_000;
  const logLines: { level: number; msg: string }[] = [];
  // The line's wake-ups, run when the test's clock reaches them.
  const timers: { at: number; wake: () => void }[] = [];
  const turns = createOrderTurns({
    restBesidePages: 0,
    ...options,
    pagesWindowMs: PAGES_WINDOW_MS,
    logger: pino({ level: "warn" }, { write: (line: string) => logLines.push(JSON.parse(line)) }),
    now: () => clock,
    setTimer: (wake, ms) => timers.push({ at: clock + ms, wake }),
  });
  const beingCreated: { buyer: string; req: IncomingMessage; res: ServerResponse }[] = [];
  let ordersArrived = 0;
  let ordersClosed = 0;
  const server = http.createServer((req, res) => {
    if (req.url === "/api/create-payment") {
      ordersArrived++;
      res.once("close", () => ordersClosed++);
      turns.takeTurn(req, res, () => beingCreated.push({ buyer: String(req.headers["x-buyer"]), req, res }));
    } else {
      turns.noteOtherRequest();
      res.end("página");
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stops.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    logLines,
    ordersArrived: () => ordersArrived,
    ordersClosed: () => ordersClosed,
    buyersBeingServed: () => beingCreated.map(({ buyer }) => buyer),
    visitPage: () => fetch(`${url}/`).then((response) => response.text()),
    order(buyer: string, signal?: AbortSignal) {
      const answer = fetch(`${url}/api/create-payment`, {
        method: "POST",
        headers: { "x-buyer": buyer },
        signal,
      });
      // An order still held when the test ends is cut off with the server: not a failure.
      answer.catch(() => undefined);
      return answer;
    },
    /** The oldest order being created now waits on the PIX provider. */
    waitOnProvider: () => turns.endTurn(beingCreated[0]!.req),
    /** Answers the oldest order being created. */
    finishOne: () => beingCreated.shift()!.res.end("pedido"),
    passTime(ms: number) {
      clock += ms;
      for (const timer of timers.filter(({ at }) => at <= clock)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.wake();
      }
    },
  };
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

type Store = Awaited<ReturnType<typeof startStore>>;

/** Sends an order and waits until the store has it (being created or waiting). */
async function arrive(store: Store, buyer: string, signal?: AbortSignal) {
  const arrived = store.ordersArrived();
  const answer = store.order(buyer, signal);
  await expect.poll(store.ordersArrived).toBe(arrived + 1);
  return { answer };
}

/** Sends the orders one after another, each arriving before the next. */
async function orderInTurn<const Buyers extends readonly string[]>(store: Store, buyers: Buyers) {
  const answers: Promise<Response>[] = [];
  for (const buyer of buyers) answers.push((await arrive(store, buyer)).answer);
  return answers as { [Index in keyof Buyers]: Promise<Response> };
}

describe("order turns", () => {
  it("creates one order at a time while pages are being served, the others in arrival order", async () => {
    const store = await startStore({ slotsAlone: 10, slotsBesidePages: 1, maxWaiting: 10 });
    expect(await store.visitPage()).toBe("página");
    const answers = await orderInTurn(store, ["ana", "bia", "caio"]);

    await expect.poll(store.buyersBeingServed).toEqual(["ana"]);
    store.finishOne();
    await expect.poll(store.buyersBeingServed).toEqual(["bia"]);
    store.finishOne();
    await expect.poll(store.buyersBeingServed).toEqual(["caio"]);
    store.finishOne();
    const bodies = await Promise.all(answers.map(async (answer) => (await answer).text()));
    expect(bodies).toEqual(["pedido", "pedido", "pedido"]);
  });

  it("rests after each order beside pages for as long as the order took", async () => {
    const store = await startStore({
      slotsAlone: 10,
      slotsBesidePages: 1,
      maxWaiting: 10,
      restBesidePages: 1,
    });
    await store.visitPage();
    await orderInTurn(store, ["ana", "bia"]);
    await expect.poll(store.buyersBeingServed).toEqual(["ana"]);

    store.passTime(30);
    await store.visitPage();
    store.finishOne();
    await expect.poll(store.ordersClosed).toBe(1);
    store.passTime(29);
    await store.visitPage();
    expect(store.buyersBeingServed()).toEqual([]);
    store.passTime(1);
    await expect.poll(store.buyersBeingServed).toEqual(["bia"]);
  });

  it("does not rest between orders when nothing else was asked for lately", async () => {
    const store = await startStore({
      slotsAlone: 1,
      slotsBesidePages: 1,
      maxWaiting: 10,
      restBesidePages: 1,
    });
    await orderInTurn(store, ["ana", "bia"]);
    store.passTime(30);
    store.finishOne();
    await expect.poll(store.buyersBeingServed).toEqual(["bia"]);
  });

  it("creates several orders at once when nothing else was asked for lately", async () => {
    const store = await startStore({ slotsAlone: 2, slotsBesidePages: 1, maxWaiting: 10 });
    await store.visitPage();
    store.passTime(PAGES_WINDOW_MS);
    await orderInTurn(store, ["ana", "bia", "caio"]);

    await expect.poll(store.buyersBeingServed).toEqual(["ana", "bia"]);
    store.finishOne();
    await expect.poll(store.buyersBeingServed).toEqual(["bia", "caio"]);
  });

  it("turns a buyer away with a pt-BR message when the line is full, creating nothing", async () => {
    const store = await startStore({ slotsAlone: 1, slotsBesidePages: 1, maxWaiting: 1 });
    const [, waiting, turnedAway] = await orderInTurn(store, ["ana", "bia", "caio"]);

    const answer = await turnedAway;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    expect(await answer.json()).toEqual({
      success: false,
      error: "Muitos pedidos ao mesmo tempo. Aguarde alguns segundos e tente novamente.",
    });
    expect(store.logLines).toMatchObject([{ level: 40, msg: "Fila de pedidos cheia; comprador recusado" }]);
    store.finishOne();
    await expect.poll(store.buyersBeingServed).toEqual(["bia"]);
    store.finishOne();
    expect(await (await waiting).text()).toBe("pedido");
    expect(store.buyersBeingServed()).toEqual([]);
  });

  it("does not create the order of a buyer who left the line", async () => {
    const store = await startStore({ slotsAlone: 1, slotsBesidePages: 1, maxWaiting: 10 });
    const leaving = new AbortController();
    const [first] = await orderInTurn(store, ["ana"]);
    const { answer: left } = await arrive(store, "bia", leaving.signal);
    await orderInTurn(store, ["caio"]);
    leaving.abort();
    expect(await left.catch((error: Error) => error.name)).toBe("AbortError");
    await expect.poll(store.ordersClosed).toBe(1);

    store.finishOne();
    await first;
    await expect.poll(store.buyersBeingServed).toEqual(["caio"]);
  });

  it("lets the next buyer in while an order waits on the PIX provider, once", async () => {
    const store = await startStore({ slotsAlone: 1, slotsBesidePages: 1, maxWaiting: 10 });
    await orderInTurn(store, ["ana", "bia", "caio"]);
    await expect.poll(store.buyersBeingServed).toEqual(["ana"]);

    store.waitOnProvider();
    store.waitOnProvider();
    await expect.poll(store.buyersBeingServed).toEqual(["ana", "bia"]);
    store.finishOne();
    await expect.poll(store.ordersClosed).toBe(1);
    expect(store.buyersBeingServed()).toEqual(["bia"]);
  });
});
