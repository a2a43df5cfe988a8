import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { STORE_TIME_ZONE } from "../../app/lib/dates";
import { parseJson, readBody } from "./http";

interface FakeEvent {
  codigo: string;
  tipo: string;
  descricao: string;
  dtHrCriado: string;
}

/** The events a test gives a parcel, as the Correios code them. */
const EVENTS = {
  posted: { codigo: "PO", tipo: "01", descricao: "Objeto postado" },
  inTransit: { codigo: "RO", tipo: "01", descricao: "Objeto em transferência - por favor aguarde" },
  absent: { codigo: "BDE", tipo: "02", descricao: "Destinatário ausente - entrega não realizada" },
  delivered: { codigo: "BDE", tipo: "01", descricao: "Objeto entregue ao destinatário" },
} as const;

export type FakeParcelStep = keyof typeof EVENTS;

/** A time as the Correios write it: São Paulo's wall clock, without an offset. */
export function correiosTime(date: Date): string {
  return format(new TZDate(date.getTime(), STORE_TIME_ZONE), "yyyy-MM-dd'T'HH:mm:ss");
}

/**
 * A stand-in for the Correios' API on loopback: the token of a posting card (`POST
 * /token/v1/autentica/cartaopostagem`, Basic auth with the user and access code, the card's
 * `numero` in the body; 201 `{ token, expiraEm }`) and a parcel's events (`GET
 * /srorastro/v1/objetos/{code}`, Bearer token; newest event first, as `resultado=T` answers).
 * A code with no events is answered as the Correios answer one not posted: an object with a
 * `mensagem` and no `eventos`. A refused token or credentials: 401.
 */
export async function startFakeCorreiosServer(options: {
  user: string;
  accessCode: string;
  postingCard: string;
}) {
  const basic = `Basic ${Buffer.from(`${options.user}:${options.accessCode}`).toString("base64")}`;
  const tokens = new Set<string>();
  const parcels = new Map<string, FakeEvent[]>();
  const failures: number[] = [];
  const requests: { method: string; path: string }[] = [];

  const server = http.createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://correios.test");
    requests.push({ method: req.method ?? "", path: url.pathname });

    const failure = failures.shift();
    if (failure !== undefined) return reply(failure, { msgs: ["Falha simulada"] });

    if (req.method === "POST" && url.pathname === "/token/v1/autentica/cartaopostagem") {
      const numero = (parseJson(body) as { numero?: unknown })?.numero;
      if (req.headers.authorization !== basic || numero !== options.postingCard) {
        return reply(401, { msgs: ["Usuário ou senha inválidos"] });
      }
      const token = randomBytes(24).toString("base64url");
      tokens.add(token);
      const now = Date.now();
      return reply(201, {
        ambiente: "PRODUCAO",
        id: options.user,
        perfil: "PJ",
        cartaoPostagem: { numero: options.postingCard, status: "A" },
        emissao: correiosTime(new Date(now)),
        expiraEm: correiosTime(new Date(now + 24 * 60 * 60_000)),
        zoneOffset: "-03:00",
        token,
      });
    }

    const code = /^\/srorastro\/v1\/objetos\/([A-Z0-9]+)$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && code) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!bearer || !tokens.has(bearer)) return reply(401, { msgs: ["Token inválido ou expirado"] });
      const events = parcels.get(code) ?? [];
      const last = url.searchParams.get("resultado") === "U";
      return reply(200, {
        objetos: [
          events.length === 0
            ? { codObjeto: code, mensagem: "SRO-020: Objeto não encontrado na base de dados dos Correios." }
            : { codObjeto: code, eventos: last ? events.slice(0, 1) : events },
        ],
        quantidade: 1,
        resultado: last ? "Último" : "Todos",
        versao: "1.0.0",
      });
    }
    reply(404, { msgs: ["Recurso não encontrado"] });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The requests that asked about this parcel. */
    trackingRequestsOf: (code: string) =>
      requests.filter((request) => request.path === `/srorastro/v1/objetos/${code}`),
    /** The requests for a token. */
    tokenRequests: () => requests.filter((request) => request.method === "POST"),
    /** The parcel's next event (posted, in transit, delivered…), at `at`. */
    record(code: string, step: FakeParcelStep, at = new Date()) {
      parcels.set(code, [{ ...EVENTS[step], dtHrCriado: correiosTime(at) }, ...(parcels.get(code) ?? [])]);
    },
    /** The next request is answered with this status. */
    failNext(status = 503) {
      failures.push(status);
    },
    /** Every token issued so far is refused from now on (401), before its time. */
    revokeTokens() {
      tokens.clear();
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeCorreiosServer = Awaited<ReturnType<typeof startFakeCorreiosServer>>;
