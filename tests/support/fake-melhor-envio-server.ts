import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseJson, readBody } from "./http";

/** A request as the fake received it. */
export interface MelhorEnvioRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

type Answer = { status: number; body: unknown } | "hang";

/** An answer of Melhor Envio's calculator as its sandbox gives it, trimmed to what the store reads. */
export function meService(id: number, name: string, company: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    name,
    price: "20.00",
    custom_price: "20.00",
    discount: "0.00",
    currency: "R$",
    delivery_time: 5,
    delivery_range: { min: 4, max: 5 },
    custom_delivery_time: 5,
    custom_delivery_range: { min: 4, max: 5 },
    packages: [],
    company: { id, name: company, picture: "" },
    ...fields,
  };
}

/**
 * A stand-in for Melhor Envio's freight calculator on loopback (`POST /shipment/calculate`,
 * Bearer token; 401 for another token), for the tests of the freight quotes. It records every
 * request and answers `services`, or the answers queued with `answerNext` and `hangNext` (a
 * connection that never gets an answer: a provider that hangs).
 */
export async function startFakeMelhorEnvio(options: { token: string }) {
  const requests: MelhorEnvioRequest[] = [];
  const queued: Answer[] = [];
  const defaultServices = [meService(1, "PAC", "Correios"), meService(2, "SEDEX", "Correios")];
  let services: unknown[] = defaultServices;

  const server = http.createServer(async (req, res) => {
    const body = parseJson(await readBody(req));
    const url = new URL(req.url ?? "/", "http://melhorenvio.test");
    requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body });
    const reply = (status: number, answer: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(typeof answer === "string" ? answer : JSON.stringify(answer));
    };
    if (req.headers.authorization !== `Bearer ${options.token}`)
      return reply(401, { message: "Unauthenticated." });
    if (req.method !== "POST" || url.pathname !== "/api/v2/me/shipment/calculate") {
      return reply(404, { message: "Not found" });
    }
    const next = queued.shift();
    if (next === "hang") return;
    if (next) return reply(next.status, next.body);
    reply(200, services);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    /** The API's base, as `createMelhorEnvio` takes it. */
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/me`,
    requests,
    /** What every later request is answered (an array of services). */
    answerServices(list: unknown[]) {
      services = list;
    },
    /** The next request is answered with this status and body (a string is sent as it is). */
    answerNext(status: number, body: unknown) {
      queued.push({ status, body });
    },
    /** The next request is never answered. */
    hangNext() {
      queued.push("hang");
    },
    /** Forgets the requests and the queued answers, and answers the default services again. */
    reset() {
      requests.length = 0;
      queued.length = 0;
      services = defaultServices;
    },
    stop() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeMelhorEnvio = Awaited<ReturnType<typeof startFakeMelhorEnvio>>;
