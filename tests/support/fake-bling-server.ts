import { expect } from "vitest";
import { ProviderError } from "../../app/domain/payments/provider-http.server";
import { invoiceKeyCheckDigit } from "../../app/lib/invoice-key";
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseJson, readBody } from "./http";

/** A request as the fake received it: `query` keeps Bling's bracketed keys (`numerosLojas[]`). */
export interface BlingRequest {
  method: string;
  path: string;
  query: Record<string, string[]>;
  headers: http.IncomingHttpHeaders;
  /** JSON, or a form's fields (the token endpoint). */
  body: unknown;
  /** The body as sent, to assert the exact decimals on the wire. */
  rawBody: string;
}

export interface FakeBlingContact {
  id: number;
  [field: string]: unknown;
}

export interface FakeBlingSalesOrder {
  id: number;
  numeroLoja?: string;
  notaFiscalId: number;
  situacaoId: number;
  body: Record<string, unknown>;
}

export interface FakeBlingInvoice {
  id: number;
  salesOrderId: number;
  numero: string;
  serie: string;
  chaveAcesso: string;
  situacao: number;
  dataEmissao: string | null;
  xml: string;
  linkDanfe: string;
  linkPDF: string;
  sent: boolean;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | "hang";

const API = "/Api/v3";
/** An NF-e's access key of São Paulo (35), 2026 (26), with its check digit. */
const accessKeyOf = (invoiceId: number) => {
  const first43 = `3526${String(invoiceId).padStart(39, "0")}`;
  return first43 + invoiceKeyCheckDigit(first43);
};
const token = () => randomBytes(20).toString("hex");
const blingError = (
  type: string,
  message: string,
  description = message,
  fields?: { msg: string; element: string }[],
) => ({
  error: { type, message, description, ...(fields ? { fields } : {}) },
});

/**
 * A stand-in for Bling's API v3 on loopback, for the tests of the fiscal hand-off: OAuth (an
 * authorize page, codes used once, refresh tokens used once), the contacts, sales orders and NF-e
 * calls the store makes with their state kept in memory, and webhooks sent signed to the store.
 * It records every request and answers those queued with `answerNext` and `hangNext` first.
 */
export async function startFakeBling(options: {
  clientId: string;
  clientSecret: string;
  redirectUri?: string;
  expiresIn?: number;
}) {
  const requests: BlingRequest[] = [];
  const queued: Answer[] = [];
  // Answers for the next request to one call of the API ("POST /pedidos/vendas"), whatever comes first.
  const queuedFor: { call: string; answer: Answer }[] = [];
  const contacts: FakeBlingContact[] = [];
  const salesOrders: FakeBlingSalesOrder[] = [];
  const invoices: FakeBlingInvoice[] = [];
  const issuedTokens: { accessToken: string; refreshToken: string }[] = [];
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const codes = new Set<string>();
  let redirectUri = options.redirectUri;
  let expiresIn = options.expiresIn ?? 21_600;
  let nextId = 1000;
  let nextNumero = 1;

  const grant = () => {
    const pair = { accessToken: token(), refreshToken: token() };
    accessTokens.add(pair.accessToken);
    refreshTokens.add(pair.refreshToken);
    issuedTokens.push(pair);
    return pair;
  };

  const server = http.createServer(async (req, res) => {
    const rawBody = await readBody(req);
    const url = new URL(req.url ?? "/", "http://bling.test");
    const form = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
    const body = form ? Object.fromEntries(new URLSearchParams(rawBody)) : parseJson(rawBody);
    const query: Record<string, string[]> = {};
    for (const [key, value] of url.searchParams) (query[key] ??= []).push(value);
    const method = req.method ?? "";
    requests.push({ method, path: url.pathname, query, headers: req.headers, body, rawBody });
    const reply = (status: number, answer?: unknown, headers: Record<string, string> = {}) => {
      if (answer === undefined) return res.writeHead(status, headers).end();
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(typeof answer === "string" ? answer : JSON.stringify(answer));
    };
    const page = (status: number, html: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(html);
    };

    const call = `${method} ${url.pathname.slice(API.length)}`;
    const forCall = queuedFor.findIndex((entry) => entry.call === call);
    const next = forCall === -1 ? queued.shift() : queuedFor.splice(forCall, 1)[0]!.answer;
    if (next === "hang") return;
    if (next) return reply(next.status, next.body, next.headers);

    const path = url.pathname.startsWith(API) ? url.pathname.slice(API.length) : null;
    if (path === null) {
      const document = /^\/documentos\/nfe\/(\d+)\.(xml|pdf)$/.exec(url.pathname);
      if (!document) return reply(404, blingError("RESOURCE_NOT_FOUND", "Recurso não encontrado"));
      res.writeHead(200, { "content-type": document[2] === "xml" ? "application/xml" : "application/pdf" });
      return res.end(document[2] === "xml" ? `<nfeProc><NFe id="${document[1]}"/></nfeProc>` : "%PDF-1.4");
    }

    if (path === "/oauth/authorize" || path === "/oauth/authorize/approve") {
      const fields =
        method === "POST" ? (body as Record<string, string>) : Object.fromEntries(url.searchParams);
      if (fields.client_id !== options.clientId) return page(400, "<h1>Aplicativo não encontrado</h1>");
      const approved = method === "POST" || path === "/oauth/authorize/approve";
      if (!approved) {
        return page(
          200,
          `<!doctype html><title>Autorizar aplicativo</title><h1>Autorizar aplicativo</h1>
<form method="post" action="${API}/oauth/authorize">
<input type="hidden" name="client_id" value="${escapeHtml(fields.client_id)}">
<input type="hidden" name="state" value="${escapeHtml(fields.state ?? "")}">
<button type="submit">Autorizar</button></form>`,
        );
      }
      if (!redirectUri) return page(400, "<h1>Aplicativo sem URL de retorno</h1>");
      const code = token();
      codes.add(code);
      const to = new URL(redirectUri);
      to.searchParams.set("code", code);
      to.searchParams.set("state", fields.state ?? "");
      res.writeHead(302, { location: to.toString() }).end();
      return;
    }

    if (path === "/oauth/token" && method === "POST") {
      const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64");
      if (req.headers.authorization !== `Basic ${basic}`) {
        return reply(401, blingError("invalid_client", "invalid_client", "Client credentials are invalid"));
      }
      const fields = (body ?? {}) as Record<string, string>;
      let valid = false;
      if (fields.grant_type === "authorization_code") valid = codes.delete(fields.code ?? "");
      else if (fields.grant_type === "refresh_token")
        valid = refreshTokens.delete(fields.refresh_token ?? "");
      if (!valid) return reply(400, blingError("invalid_grant", "invalid_grant", "Invalid grant"));
      const pair = grant();
      return reply(200, {
        access_token: pair.accessToken,
        expires_in: expiresIn,
        token_type: "Bearer",
        scope: "98309 5990556 106168710",
        refresh_token: pair.refreshToken,
      });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !accessTokens.has(bearer)) {
      return reply(401, blingError("invalid_token", "invalid_token", "The access token provided is invalid"));
    }
    const notFound = () => reply(404, blingError("RESOURCE_NOT_FOUND", "Recurso não encontrado"));
    const payload = (body ?? {}) as Record<string, unknown>;
    let match: RegExpExecArray | null;

    if (path === "/contatos" && method === "GET") {
      const document = url.searchParams.get("numeroDocumento");
      const list = contacts.filter((c) => !document || c.numeroDocumento === document);
      return reply(200, {
        data: list.map((c) => ({ id: c.id, nome: c.nome, numeroDocumento: c.numeroDocumento })),
      });
    }
    if (path === "/contatos" && method === "POST") {
      const missing = ["nome", "tipo"].filter((field) => !payload[field]);
      if (missing.length > 0) {
        return reply(
          400,
          blingError(
            "VALIDATION_ERROR",
            "Não foi possível salvar o contato",
            "Não foi possível salvar o contato",
            missing.map((field) => ({ msg: `O campo ${field} é obrigatório`, element: field })),
          ),
        );
      }
      const contact = { ...payload, id: nextId++ };
      contacts.push(contact);
      return reply(201, { data: { id: contact.id } });
    }
    if (path === "/pedidos/vendas" && method === "GET") {
      const wanted = url.searchParams.getAll("numerosLojas[]");
      const list = salesOrders.filter((o) => wanted.length === 0 || wanted.includes(o.numeroLoja ?? ""));
      return reply(200, {
        data: list.map((o) => ({ id: o.id, numeroLoja: o.numeroLoja, situacao: { id: o.situacaoId } })),
      });
    }
    if (path === "/pedidos/vendas" && method === "POST") {
      const contato = payload.contato as { id?: number } | undefined;
      if (!contacts.some((c) => c.id === contato?.id)) {
        return reply(
          400,
          blingError(
            "VALIDATION_ERROR",
            "Não foi possível salvar a venda",
            "Não foi possível salvar a venda",
            [{ msg: "O contato informado não existe", element: "contato" }],
          ),
        );
      }
      const order = {
        id: nextId++,
        numeroLoja: payload.numeroLoja as string | undefined,
        notaFiscalId: 0,
        situacaoId: 6,
        body: payload,
      };
      salesOrders.push(order);
      return reply(201, { data: { id: order.id, alertas: [] } });
    }
    if ((match = /^\/pedidos\/vendas\/(\d+)(\/.*)?$/.exec(path))) {
      const order = salesOrders.find((o) => o.id === Number(match![1]));
      if (!order) return notFound();
      const rest = match[2] ?? "";
      if (rest === "" && method === "GET") {
        return reply(200, {
          data: {
            ...order.body,
            id: order.id,
            numeroLoja: order.numeroLoja,
            situacao: { id: order.situacaoId, valor: 0 },
            notaFiscal: { id: order.notaFiscalId },
          },
        });
      }
      if (rest === "/gerar-nfe" && method === "POST") {
        if (order.notaFiscalId) {
          return reply(
            400,
            blingError("VALIDATION_ERROR", "Não foi possível gerar a nota", "O pedido já possui nota fiscal"),
          );
        }
        const invoice: FakeBlingInvoice = {
          id: nextId++,
          salesOrderId: order.id,
          numero: "",
          serie: "1",
          chaveAcesso: "",
          situacao: 1,
          dataEmissao: null,
          xml: "",
          linkDanfe: "",
          linkPDF: "",
          sent: false,
        };
        invoices.push(invoice);
        order.notaFiscalId = invoice.id;
        return reply(200, { data: { idNotaFiscal: invoice.id } });
      }
      const situation = /^\/situacoes\/(\d+)$/.exec(rest);
      if (situation && method === "PATCH") {
        order.situacaoId = Number(situation[1]);
        return reply(204);
      }
      return notFound();
    }
    if ((match = /^\/nfe\/(\d+)(\/enviar)?$/.exec(path))) {
      const invoice = invoices.find((i) => i.id === Number(match![1]));
      if (!invoice) return notFound();
      if (match[2] && method === "POST") {
        invoice.sent = true;
        return reply(200, { data: { xml: invoice.xml } });
      }
      if (!match[2] && method === "GET") {
        const { salesOrderId: _order, sent: _sent, ...fields } = invoice;
        return reply(200, { data: { ...fields, tipo: 1 } });
      }
    }
    return notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The API's base, as the client takes it. */
    apiUrl: `${origin}${API}`,
    requests,
    contacts,
    salesOrders,
    invoices,
    /** Every pair of tokens issued, the oldest first. */
    issuedTokens,
    /** A valid pair of tokens without the OAuth dance (for the tests of the API calls). */
    grantAccess: grant,
    /** Where the authorize page sends the admin back. */
    setRedirectUri(uri: string) {
      redirectUri = uri;
    },
    /** The `expires_in` of the next tokens issued. */
    setExpiresIn(seconds: number) {
      expiresIn = seconds;
    },
    /** The next request is answered with this status and body (a string is sent as it is). */
    answerNext(status: number, body: unknown, headers?: Record<string, string>) {
      queued.push({ status, body, headers });
    },
    /** The next request to `call` ("POST /pedidos/vendas", path after /Api/v3) gets this answer. */
    answerNextTo(call: string, status: number, body: unknown, headers?: Record<string, string>) {
      queuedFor.push({ call, answer: { status, body, headers } });
    },
    /** The next request is never answered. */
    hangNext() {
      queued.push("hang");
    },
    /** Every access token issued so far is refused from now on (401); refresh tokens still work. */
    expireAccessTokens() {
      accessTokens.clear();
    },
    /** POSTs a webhook as Bling sends it, signed with the client secret unless told otherwise. */
    async sendWebhook(
      url: string,
      event: { event: string; data: unknown; eventId?: string; date?: string; version?: string },
      signing: { secret?: string; signature?: string } = {},
    ): Promise<number> {
      const rawBody = JSON.stringify({
        eventId: event.eventId ?? randomBytes(16).toString("hex"),
        date: event.date ?? blingDate(new Date()),
        version: event.version ?? "v1",
        event: event.event,
        companyId: "fake-company",
        data: event.data,
      });
      const hmac = createHmac("sha256", signing.secret ?? options.clientSecret)
        .update(rawBody)
        .digest("hex");
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Bling-Signature-256": signing.signature ?? `sha256=${hmac}`,
        },
        body: rawBody,
      });
      await response.body?.cancel();
      return response.status;
    },
    /** The NF-e of a sales order authorised by SEFAZ: its number, key and documents. */
    invoiceIssued(salesOrderId: number, fields: Partial<Omit<FakeBlingInvoice, "id" | "salesOrderId">> = {}) {
      const invoice = invoices.find((i) => i.salesOrderId === salesOrderId);
      if (!invoice) throw new Error(`O pedido ${salesOrderId} não tem NF-e no Bling falso`);
      Object.assign(invoice, {
        numero: String(nextNumero++).padStart(6, "0"),
        serie: "1",
        chaveAcesso: accessKeyOf(invoice.id),
        situacao: 5,
        dataEmissao: blingDate(new Date()),
        xml: `${origin}/documentos/nfe/${invoice.id}.xml`,
        linkDanfe: `${origin}/documentos/nfe/${invoice.id}.pdf`,
        linkPDF: `${origin}/documentos/nfe/${invoice.id}.pdf`,
        ...fields,
      });
      return invoice;
    },
    /** Forgets the requests, the queued answers, the records and every token and code. */
    reset() {
      for (const list of [requests, queued, queuedFor, contacts, salesOrders, invoices, issuedTokens]) {
        list.length = 0;
      }
      accessTokens.clear();
      refreshTokens.clear();
      codes.clear();
      expiresIn = options.expiresIn ?? 21_600;
      redirectUri = options.redirectUri;
    },
    stop() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeBling = Awaited<ReturnType<typeof startFakeBling>>;

/** "2024-09-27 11:24:56", as Bling writes its dates. */
function blingDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a call to Bling that should fail threw: a `ProviderError`, for its message and status. */
export async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
