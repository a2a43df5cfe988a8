import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseJson, readBody } from "../../../../tests/support/http";
import { ProviderError } from "../../payments/provider-http.server";
import { createCorreiosPrices } from "./correios-prices.server";
import type { QuoteRequest } from "./freight-quote";

const CREDENTIALS = { user: "loja", accessCode: "codigo-de-acesso", postingCard: "0073423759" };
const TOKEN = "token-do-cartao";

type Reply = { status: number; body: unknown };

/**
 * The Correios' Preço e Prazo API on loopback: a token for the posting card (Basic auth), then a
 * service's price (`/preco/v1/nacional/{code}`) and days (`/prazo/v1/nacional/{code}`) as the test
 * sets them, with the token. Every request is recorded.
 */
async function startFakeCorreiosPrices() {
  const requests: { method: string; path: string; query: Record<string, string>; authorization?: string }[] =
    [];
  const prices = new Map<string, Reply>();
  const deadlines = new Map<string, Reply>();
  const basic = `Basic ${Buffer.from(`${CREDENTIALS.user}:${CREDENTIALS.accessCode}`).toString("base64")}`;

  const server = http.createServer(async (req, res) => {
    const body = parseJson(await readBody(req));
    const url = new URL(req.url ?? "/", "http://correios.test");
    const authorization = req.headers.authorization;
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization,
    });
    const reply = ({ status, body }: Reply) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/token/v1/autentica/cartaopostagem") {
      const numero = (body as { numero?: unknown } | undefined)?.numero;
      if (authorization !== basic || numero !== CREDENTIALS.postingCard) {
        return reply({ status: 401, body: { msgs: ["Usuário ou senha inválidos"] } });
      }
      return reply({ status: 201, body: { token: TOKEN, expiraEm: "2099-01-01T00:00:00" } });
    }
    if (authorization !== `Bearer ${TOKEN}`)
      return reply({ status: 401, body: { msgs: ["Token inválido"] } });
    const [, kind, code] = /^\/(preco|prazo)\/v1\/nacional\/(\d+)$/.exec(url.pathname) ?? [];
    const answer = code && (kind === "preco" ? prices : deadlines).get(code);
    reply(answer || { status: 404, body: { msgs: ["Serviço não encontrado"] } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** A service's answer to every box's price and to its days. */
    service(code: string, price: Reply, days: Reply = { status: 200, body: { prazoEntrega: 5 } }) {
      prices.set(code, price);
      deadlines.set(code, days);
    },
    reset() {
      requests.length = 0;
      prices.clear();
      deadlines.clear();
    },
    stop() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let fake: Awaited<ReturnType<typeof startFakeCorreiosPrices>>;
beforeAll(async () => {
  fake = await startFakeCorreiosPrices();
});
afterAll(() => fake?.stop());
beforeEach(() => fake.reset());

const provider = () => createCorreiosPrices({ apiUrl: fake.url, ...CREDENTIALS });

const request: QuoteRequest = {
  originCep: "01310100",
  destinationCep: "20040002",
  boxes: [
    { weightGrams: 300, heightCm: 4, widthCm: 11, lengthCm: 16 },
    { weightGrams: 2600, heightCm: 5, widthCm: 25, lengthCm: 36 },
  ],
  insuredCents: 15_001,
};

const price = (pcFinal: string): Reply => ({ status: 200, body: { coProduto: "03298", pcFinal } });

describe("createCorreiosPrices", () => {
  it("asks with the posting card's token for each box's price and the service's days", async () => {
    fake.service("03298", price("25,30"));
    fake.service("03220", price("40,00"), { status: 200, body: { prazoEntrega: 2 } });

    await provider().quote(request);

    const tokenRequests = fake.requests.filter((sent) => sent.path.startsWith("/token/"));
    expect(tokenRequests).toEqual([
      expect.objectContaining({
        method: "POST",
        authorization: `Basic ${Buffer.from("loja:codigo-de-acesso").toString("base64")}`,
      }),
    ]);
    const pacPrices = fake.requests.filter((sent) => sent.path === "/preco/v1/nacional/03298");
    // R$ 150,01 declared over two boxes: 75,01 and 75,00.
    expect(pacPrices.map((sent) => sent.query)).toEqual([
      {
        cepOrigem: "01310100",
        cepDestino: "20040002",
        psObjeto: "300",
        tpObjeto: "2",
        comprimento: "16",
        largura: "11",
        altura: "4",
        vlDeclarado: "75.01",
      },
      {
        cepOrigem: "01310100",
        cepDestino: "20040002",
        psObjeto: "2600",
        tpObjeto: "2",
        comprimento: "36",
        largura: "25",
        altura: "5",
        vlDeclarado: "75.00",
      },
    ]);
    const pacDays = fake.requests.filter((sent) => sent.path === "/prazo/v1/nacional/03298");
    expect(pacDays.map((sent) => sent.query)).toEqual([{ cepOrigem: "01310100", cepDestino: "20040002" }]);
    const withToken = fake.requests.filter((sent) => !sent.path.startsWith("/token/"));
    expect(withToken).toHaveLength(6);
    expect(withToken.every((sent) => sent.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it("quotes each service at the sum of its boxes' prices, its days those of the Correios", async () => {
    fake.service("03298", price("25,30"));
    fake.service("03220", price("1.234,56"), { status: 200, body: { prazoEntrega: 2 } });

    expect(await provider().quote(request)).toEqual([
      {
        serviceCode: "correios:03298",
        serviceName: "PAC",
        carrier: "Correios",
        priceCents: 5060,
        daysMin: 5,
        daysMax: 5,
      },
      {
        serviceCode: "correios:03220",
        serviceName: "SEDEX",
        carrier: "Correios",
        priceCents: 246_912,
        daysMin: 2,
        daysMax: 2,
      },
    ]);
  });

  it("quotes the services it is given, leaving out the declared value when there is none", async () => {
    fake.service("04227", price("12,00"));
    const miniEnvios = createCorreiosPrices({
      apiUrl: fake.url,
      ...CREDENTIALS,
      services: [{ code: "04227", name: "Mini Envios" }],
    });

    const quotes = await miniEnvios.quote({ ...request, boxes: request.boxes.slice(0, 1), insuredCents: 0 });

    expect(quotes.map((quote) => [quote.serviceCode, quote.serviceName, quote.priceCents])).toEqual([
      ["correios:04227", "Mini Envios", 1200],
    ]);
    expect(fake.requests.find((sent) => sent.path.startsWith("/preco/"))?.query).not.toHaveProperty(
      "vlDeclarado",
    );
  });

  it.each([
    [
      "a price with an error message",
      { status: 200, body: { txErro: "CEP de destino não atendido" } },
      undefined,
    ],
    ["a refusal (HTTP 400)", { status: 400, body: { msgs: ["PRC-101: Serviço indisponível"] } }, undefined],
    [
      "days with an error message",
      price("40,00"),
      { status: 200, body: { prazoEntrega: 0, txErro: "Serviço indisponível para o trecho" } },
    ],
  ])("leaves out a service answered with %s and quotes the others", async (_, sedexPrice, sedexDays) => {
    fake.service("03298", price("25,30"));
    fake.service("03220", sedexPrice, sedexDays);

    const quotes = await provider().quote(request);

    expect(quotes.map((quote) => quote.serviceName)).toEqual(["PAC"]);
  });

  it("fails the whole quote when a service's answer fails (HTTP 503)", async () => {
    fake.service("03298", price("25,30"));
    fake.service("03220", { status: 503, body: { msgs: ["Indisponível"] } });

    await expect(provider().quote(request)).rejects.toThrow(
      new ProviderError("Correios respondeu HTTP 503 ao cotar o preço", { status: 503 }),
    );
  });

  it("refuses a price it cannot read", async () => {
    fake.service("03298", price("vinte e cinco"));
    fake.service("03220", price("40,00"));

    await expect(provider().quote(request)).rejects.toThrow(
      new ProviderError("Correios respondeu HTTP 200 com um formato inesperado ao cotar o preço"),
    );
  });

  it("asks for one token for the calls made together, and keeps it for the next quote", async () => {
    fake.service("03298", price("25,30"));
    fake.service("03220", price("40,00"));
    const correios = provider();

    await correios.quote(request);
    await correios.quote(request);

    expect(fake.requests.filter((sent) => sent.path.startsWith("/token/"))).toHaveLength(1);
  });
});
