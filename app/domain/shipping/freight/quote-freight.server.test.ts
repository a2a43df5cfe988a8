import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../config/logger.server";
import {
  meService,
  startFakeMelhorEnvio,
  type FakeMelhorEnvio,
} from "../../../../tests/support/fake-melhor-envio-server";
import type { FreightTableRow, QuoteRequest } from "./freight-quote";
import { createMelhorEnvio } from "./melhor-envio.server";
import { createFreightQuoter, type FreightQuoterOptions } from "./quote-freight.server";

const TOKEN = "token-secreto-melhor-envio";

let fake: FakeMelhorEnvio;
beforeAll(async () => {
  fake = await startFakeMelhorEnvio({ token: TOKEN });
});
afterAll(() => fake?.stop());
beforeEach(() => {
  fake.reset();
  fake.answerServices([
    meService(2, "SEDEX", "Correios", { custom_price: "41.07", custom_delivery_range: { min: 1, max: 2 } }),
    meService(1, "PAC", "Correios", { custom_price: "23.45", custom_delivery_range: { min: 5, max: 7 } }),
    meService(3, ".Package", "Jadlog", { custom_price: "23.45", custom_delivery_range: { min: 4, max: 6 } }),
  ]);
});

const table: FreightTableRow[] = [
  {
    serviceName: "Expressa",
    region: { kind: "uf", ufs: ["RJ"] },
    minGrams: 0,
    maxGrams: 30_000,
    priceCents: 4500,
    daysMin: 2,
    daysMax: 3,
  },
  {
    serviceName: "Econômica",
    region: { kind: "uf", ufs: ["RJ", "SP"] },
    minGrams: 0,
    maxGrams: 30_000,
    priceCents: 2500,
    daysMin: 5,
    daysMax: 9,
  },
];

const request: QuoteRequest = {
  originCep: "01310-100",
  destinationCep: "20040-002",
  boxes: [
    { weightGrams: 1200, heightCm: 41, widthCm: 11, lengthCm: 16 },
    { weightGrams: 800, heightCm: 4, widthCm: 25, lengthCm: 36 },
  ],
  insuredCents: 25_990,
};

/** A quoter over the fake Melhor Envio, logging into `lines`, its clock moved by `advance`. */
function quoterFor(options: Partial<FreightQuoterOptions> & { providerTimeoutMs?: number } = {}) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  let clock = Date.parse("2026-11-29T12:00:00Z");
  const provider = createMelhorEnvio({
    apiUrl: fake.apiUrl,
    token: TOKEN,
    userAgent: "Vitrine (contato@vitrine.test)",
    timeoutMs: options.providerTimeoutMs,
  });
  const quoter = createFreightQuoter({ provider, table, now: () => clock, ...options });
  const logger = createLogger({ LOG_LEVEL: "info" }, destination);
  return {
    quote: (request: QuoteRequest) => quoter.quote(request, logger),
    lines,
    advance(ms: number) {
      clock += ms;
    },
  };
}

const TABLE_FALLBACK = {
  source: "table",
  providerFailed: true,
  quotes: [
    expect.objectContaining({ serviceName: "Econômica", carrier: "Tabela da loja", priceCents: 2500 }),
    expect.objectContaining({ serviceName: "Expressa", carrier: "Tabela da loja", priceCents: 4500 }),
  ],
};

describe("createFreightQuoter", () => {
  it("answers the provider's quotes, cheapest first, then quickest", async () => {
    const { quote, lines } = quoterFor();

    const result = await quote(request);

    expect(result.source).toBe("provider");
    expect(result.providerFailed).toBe(false);
    expect(result.quotes.map((quoted) => [quoted.serviceName, quoted.priceCents, quoted.daysMin])).toEqual([
      [".Package", 2345, 4],
      ["PAC", 2345, 5],
      ["SEDEX", 4107, 1],
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({
      from: { postal_code: "01310100" },
      to: { postal_code: "20040002" },
    });
    expect(lines).toEqual([]);
  });

  it("asks again after an error status, and answers the second answer", async () => {
    fake.answerNext(502, { message: "Bad Gateway" });
    const { quote, lines } = quoterFor();

    const result = await quote(request);

    expect(result).toMatchObject({ source: "provider", providerFailed: false });
    expect(fake.requests).toHaveLength(2);
    expect(lines).toEqual([]);
  });

  it("falls back to the table after two error statuses, logging the provider and the reason once", async () => {
    fake.answerNext(503, { message: `Falhou para ${TOKEN}` });
    fake.answerNext(503, { message: `Falhou para ${TOKEN}` });
    const { quote, lines } = quoterFor();

    expect(await quote(request)).toEqual(TABLE_FALLBACK);
    expect(fake.requests).toHaveLength(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      provider: "Melhor Envio",
      reason: "Melhor Envio respondeu HTTP 503 ao cotar o frete",
      msg: "Cotação de frete falhou: usando a tabela da loja",
    });
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });

  it("falls back to the table when the provider does not answer in time", async () => {
    fake.hangNext();
    fake.hangNext();
    const { quote, lines } = quoterFor({ providerTimeoutMs: 100 });

    expect(await quote(request)).toEqual(TABLE_FALLBACK);
    expect(fake.requests).toHaveLength(2);
    expect(lines).toEqual([
      expect.objectContaining({ reason: "Melhor Envio: sem resposta em 100 ms ao cotar o frete" }),
    ]);
  });

  it("bounds each attempt itself when given a timeout", async () => {
    fake.hangNext();
    fake.hangNext();
    const { quote, lines } = quoterFor({ timeoutMs: 100 });

    expect(await quote(request)).toEqual(TABLE_FALLBACK);
    expect(lines).toEqual([expect.objectContaining({ reason: "sem resposta em 100 ms" })]);
  });

  it("falls back to the table on an answer it cannot read, logged once", async () => {
    fake.answerNext(200, "<html>Manutenção</html>");
    fake.answerNext(200, { data: [] });
    const { quote, lines } = quoterFor();

    expect(await quote(request)).toEqual(TABLE_FALLBACK);
    expect(fake.requests).toHaveLength(2);
    expect(lines).toEqual([
      expect.objectContaining({
        provider: "Melhor Envio",
        reason: "Melhor Envio respondeu HTTP 200 com um formato inesperado ao cotar o frete",
      }),
    ]);
  });

  it("falls back to the table, without asking again, when the provider offers no service", async () => {
    fake.answerServices([
      meService(1, "PAC", "Correios", { error: "Transportadora não atende este trecho." }),
    ]);
    const { quote, lines } = quoterFor();

    expect(await quote(request)).toEqual(TABLE_FALLBACK);
    expect(fake.requests).toHaveLength(1);
    expect(lines).toEqual([expect.objectContaining({ reason: "nenhum serviço disponível" })]);
  });

  it("quotes by the table alone when there is no provider", async () => {
    const { quote, lines } = quoterFor({ provider: null });

    expect(await quote(request)).toEqual({ ...TABLE_FALLBACK, providerFailed: false });
    expect(fake.requests).toEqual([]);
    expect(lines).toEqual([]);
  });

  it("quotes by the table's weight band for the boxes' total weight", async () => {
    const light: FreightTableRow = { ...table[1]!, serviceName: "Leve", maxGrams: 1999 };
    const heavy: FreightTableRow = { ...table[1]!, serviceName: "Pesada", minGrams: 2000, priceCents: 3800 };
    const { quote } = quoterFor({ provider: null, table: [light, heavy] });

    const result = await quote(request);

    expect(result.quotes.map((quoted) => quoted.serviceName)).toEqual(["Pesada"]);
  });

  it("does not ask the provider about an invalid CEP", async () => {
    const { quote } = quoterFor();

    expect(await quote({ ...request, destinationCep: "2004000" })).toEqual({
      source: "table",
      quotes: [],
      providerFailed: false,
    });
    expect(fake.requests).toEqual([]);
  });

  it("reuses a quote for 15 minutes, and asks again for another CEP", async () => {
    const { quote, advance } = quoterFor();

    const first = await quote(request);
    advance(15 * 60_000 - 1);
    expect(await quote({ ...request, originCep: "01310100", destinationCep: "20040002" })).toEqual(first);
    expect(fake.requests).toHaveLength(1);

    await quote({ ...request, destinationCep: "30130010" });
    expect(fake.requests).toHaveLength(2);

    advance(1);
    await quote(request);
    expect(fake.requests).toHaveLength(3);
  });

  it("tells apart requests by their boxes and declared value", async () => {
    const { quote } = quoterFor();

    await quote(request);
    await quote({ ...request, insuredCents: 25_991 });
    await quote({ ...request, boxes: request.boxes.slice(0, 1) });

    expect(fake.requests).toHaveLength(3);
  });

  it("reuses the table's fallback for a minute only, then asks the provider again", async () => {
    fake.answerNext(500, {});
    fake.answerNext(500, {});
    const { quote, advance } = quoterFor();

    expect(await quote(request)).toMatchObject({ source: "table", providerFailed: true });
    advance(59_999);
    expect(await quote(request)).toMatchObject({ source: "table", providerFailed: true });
    expect(fake.requests).toHaveLength(2);

    advance(1);
    expect(await quote(request)).toMatchObject({ source: "provider", providerFailed: false });
    expect(fake.requests).toHaveLength(3);
  });

  it("makes one request for identical quotes asked at the same time", async () => {
    const { quote } = quoterFor();

    const results = await Promise.all([quote(request), quote(request), quote(request)]);

    expect(fake.requests).toHaveLength(1);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });

  it("forgets the oldest quote when it remembers as many as it may", async () => {
    const { quote } = quoterFor({ cacheEntries: 2 });
    const to = (destinationCep: string) => ({ ...request, destinationCep });

    await quote(to("20040002"));
    await quote(to("30130010"));
    await quote(to("30130010"));
    expect(fake.requests).toHaveLength(2);

    await quote(to("40010000"));
    await quote(to("30130010"));
    expect(fake.requests).toHaveLength(3);
    await quote(to("20040002"));
    expect(fake.requests).toHaveLength(4);
  });
});
