import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { centsToDecimalString } from "../../app/lib/money";
import { parseJson, readBody } from "./http";

/** A request as the fake received it. */
export interface MelhorEnvioRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The body as sent, to assert the exact decimals on the wire. */
  rawBody: string;
}

/** A shipment put in the fake's cart (`POST /cart`), as it moves on. */
export interface FakeMelhorEnvioShipment {
  id: string;
  protocol: string;
  serviceId: number;
  /** What its label costs at checkout. */
  priceCents: number;
  /** "pending", then "released" (paid), then "generated". */
  status: string;
  tracking: string | null;
  /** The cart request's body. */
  body: Record<string, unknown>;
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

const API = "/api/v2/me";
/** What every label costs at the fake's checkout: R$ 20,00, the calculator's default price. */
export const FAKE_LABEL_PRICE_CENTS = 2000;
const DEFAULT_BALANCE_CENTS = 100_000;
/** Correios' services (PAC, SEDEX): their tracking codes are AA123456789BR. */
const CORREIOS_SERVICES = [1, 2];

const reais = (cents: number) => Number(centsToDecimalString(cents));
const invalid = (errors: Record<string, string[]>) => ({ message: "The given data was invalid.", errors });

/**
 * A stand-in for Melhor Envio's API on loopback (Bearer token; 401 for another token): the freight
 * calculator (`POST /shipment/calculate`), for the tests of the freight quotes, and the labels'
 * calls (cart, checkout from an in-memory balance, generate, print, read a shipment) with their
 * state kept in memory. It records every request and answers those queued with `answerNextTo`
 * (one call) and `answerNext` and `hangNext` (whatever comes next; `hangNext` is a connection that
 * never gets an answer: a provider that hangs) first. A printed PDF's link needs no token.
 */
export async function startFakeMelhorEnvio(options: { token: string }) {
  const requests: MelhorEnvioRequest[] = [];
  const queued: Answer[] = [];
  // Answers for the next request to one call of the API ("POST /cart"), whatever comes first.
  const queuedFor: { call: string; answer: Answer }[] = [];
  const defaultServices = [meService(1, "PAC", "Correios"), meService(2, "SEDEX", "Correios")];
  let services: unknown[] = defaultServices;
  const shipments: FakeMelhorEnvioShipment[] = [];
  const printed = new Set<string>();
  let balance = DEFAULT_BALANCE_CENTS;
  let sequence = 0;

  const server = http.createServer(async (req, res) => {
    const rawBody = await readBody(req);
    const body = parseJson(rawBody);
    const url = new URL(req.url ?? "/", "http://melhorenvio.test");
    const method = req.method ?? "";
    requests.push({ method, path: url.pathname, headers: req.headers, body, rawBody });
    const reply = (status: number, answer: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(typeof answer === "string" ? answer : JSON.stringify(answer));
    };
    const pdf = /^\/imprimir\/([0-9a-f]+)$/.exec(url.pathname);
    if (pdf && method === "GET" && printed.has(pdf[1]!)) {
      res.writeHead(200, { "content-type": "application/pdf" });
      return res.end("%PDF-1.4\n% etiquetas falsas\n%%EOF\n");
    }
    if (req.headers.authorization !== `Bearer ${options.token}`)
      return reply(401, { message: "Unauthenticated." });
    const path = url.pathname.startsWith(`${API}/`) ? url.pathname.slice(API.length) : null;
    const forCall = queuedFor.findIndex((entry) => entry.call === `${method} ${path}`);
    const next = forCall === -1 ? queued.shift() : queuedFor.splice(forCall, 1)[0]!.answer;
    if (next === "hang") return;
    if (next) return reply(next.status, next.body);

    const payload = (body ?? {}) as Record<string, unknown>;
    const orders = Array.isArray(payload.orders) ? (payload.orders as unknown[]) : [];
    const find = (id: unknown) => shipments.find((shipment) => shipment.id === id);
    const read = /^\/orders\/([^/]+)$/.exec(path ?? "");

    if (method === "POST" && path === "/shipment/calculate") return reply(200, services);
    if (method === "POST" && path === "/cart") {
      const problems = cartProblems(payload);
      if (problems) return reply(422, invalid(problems));
      sequence += 1;
      const shipment: FakeMelhorEnvioShipment = {
        id: randomUUID(),
        protocol: `ORD-2026${String(sequence).padStart(8, "0")}`,
        serviceId: payload.service as number,
        priceCents: FAKE_LABEL_PRICE_CENTS,
        status: "pending",
        tracking: null,
        body: payload,
      };
      shipments.push(shipment);
      return reply(201, shipmentAnswer(shipment));
    }
    if (method === "POST" && path === "/shipment/checkout") {
      const paid = orders.map(find);
      const unpayable = orders.find((id, index) => paid[index]?.status !== "pending");
      if (orders.length === 0 || unpayable !== undefined) {
        return reply(422, { error: `O envio ${String(unpayable ?? "")} não está no carrinho.` });
      }
      const total = paid.reduce((sum, shipment) => sum + shipment!.priceCents, 0);
      if (total > balance) return reply(422, { error: "Saldo insuficiente para realizar a compra." });
      balance -= total;
      for (const shipment of paid) shipment!.status = "released";
      return reply(200, {
        purchase: {
          id: randomUUID(),
          protocol: `PUR-2026${String(++sequence).padStart(8, "0")}`,
          total: reais(total),
          status: "paid",
          orders: paid.map((shipment) => shipmentAnswer(shipment!)),
        },
      });
    }
    if (method === "POST" && path === "/shipment/generate") {
      const answer: Record<string, { status: boolean; message: string }> = {};
      for (const id of orders) {
        const shipment = find(id);
        if (shipment?.status !== "released") {
          answer[String(id)] = { status: false, message: "Envio não está pago" };
          continue;
        }
        sequence += 1;
        shipment.status = "generated";
        shipment.tracking = CORREIOS_SERVICES.includes(shipment.serviceId)
          ? `AA${String(sequence).padStart(9, "0")}BR`
          : String(sequence).padStart(14, "0");
        answer[shipment.id] = { status: true, message: "Envio gerado com sucesso" };
      }
      return reply(200, answer);
    }
    if (method === "POST" && path === "/shipment/print") {
      const unprinted = orders.find((id) => find(id)?.status !== "generated");
      if (orders.length === 0 || unprinted !== undefined) {
        return reply(422, { error: `O envio ${String(unprinted ?? "")} não tem etiqueta gerada.` });
      }
      const name = randomBytes(8).toString("hex");
      printed.add(name);
      return reply(200, { url: `${origin}/imprimir/${name}` });
    }
    if (method === "GET" && read) {
      const shipment = find(decodeURIComponent(read[1]!));
      return shipment ? reply(200, shipmentAnswer(shipment)) : reply(404, { message: "Not found" });
    }
    reply(404, { message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The API's base, as `createMelhorEnvio` and `createMelhorEnvioLabels` take it. */
    apiUrl: `${origin}${API}`,
    requests,
    /** The shipments put in the cart, the oldest first. */
    shipments,
    /** The account's balance, paid from at checkout. */
    balanceCents() {
      return balance;
    },
    setBalance(cents: number) {
      balance = cents;
    },
    /** What every later request is answered (an array of services). */
    answerServices(list: unknown[]) {
      services = list;
    },
    /** The next request is answered with this status and body (a string is sent as it is). */
    answerNext(status: number, body: unknown) {
      queued.push({ status, body });
    },
    /** The next request to `call` ("POST /cart", path after /api/v2/me) gets this answer. */
    answerNextTo(call: string, status: number, body: unknown) {
      queuedFor.push({ call, answer: { status, body } });
    },
    /** The next request is never answered. */
    hangNext() {
      queued.push("hang");
    },
    /**
     * Forgets the requests, the queued answers, the shipments and the printed PDFs, answers the
     * default services again and restores the default balance.
     */
    reset() {
      requests.length = 0;
      queued.length = 0;
      queuedFor.length = 0;
      shipments.length = 0;
      printed.clear();
      services = defaultServices;
      balance = DEFAULT_BALANCE_CENTS;
    },
    stop() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeMelhorEnvio = Awaited<ReturnType<typeof startFakeMelhorEnvio>>;

/** What the fake's cart refuses, Laravel-style (field → messages), or null. */
function cartProblems(payload: Record<string, unknown>): Record<string, string[]> | null {
  const problems: Record<string, string[]> = {};
  const options = (payload.options ?? {}) as { non_commercial?: unknown; invoice?: { key?: unknown } };
  if (typeof payload.service !== "number") problems.service = ["O serviço é obrigatório."];
  const key = options.invoice?.key;
  if (options.non_commercial !== true && !(typeof key === "string" && /^\d{44}$/.test(key))) {
    problems["options.invoice.key"] = ["A chave da nota fiscal é inválida."];
  }
  if (!Array.isArray(payload.volumes) || payload.volumes.length === 0) {
    problems.volumes = ["Informe ao menos um volume."];
  }
  return Object.keys(problems).length > 0 ? problems : null;
}

/** A shipment as Melhor Envio answers it (the cart item, `GET /orders/{id}`), trimmed. */
function shipmentAnswer(shipment: FakeMelhorEnvioShipment) {
  const options = (shipment.body.options ?? {}) as { insurance_value?: unknown };
  return {
    id: shipment.id,
    protocol: shipment.protocol,
    service_id: shipment.serviceId,
    price: reais(shipment.priceCents),
    insurance_value: options.insurance_value ?? 0,
    status: shipment.status,
    tracking: shipment.tracking,
  };
}
