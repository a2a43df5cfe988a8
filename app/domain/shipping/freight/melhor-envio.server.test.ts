import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../../payments/provider-http.server";
import {
  meService,
  startFakeMelhorEnvio,
  type FakeMelhorEnvio,
} from "../../../../tests/support/fake-melhor-envio-server";
import type { QuoteRequest } from "./freight-quote";
import { createMelhorEnvio } from "./melhor-envio.server";

const TOKEN = "token-melhor-envio";
const USER_AGENT = "Vitrine (contato@vitrine.test)";

let fake: FakeMelhorEnvio;
beforeAll(async () => {
  fake = await startFakeMelhorEnvio({ token: TOKEN });
});
afterAll(() => fake?.stop());
beforeEach(() => {
  fake.reset();
  fake.answerServices([meService(1, "PAC", "Correios")]);
});

const provider = () => createMelhorEnvio({ apiUrl: fake.apiUrl, token: TOKEN, userAgent: USER_AGENT });

const request: QuoteRequest = {
  originCep: "01310100",
  destinationCep: "20040002",
  boxes: [
    { weightGrams: 300, heightCm: 4, widthCm: 11, lengthCm: 16 },
    { weightGrams: 2600, heightCm: 4, widthCm: 25, lengthCm: 36 },
    { weightGrams: 1250, heightCm: 10, widthCm: 20, lengthCm: 30 },
  ],
  insuredCents: 100_000,
};

describe("createMelhorEnvio", () => {
  it("sends each box as a product in centimetres, kilograms and reais, with the token and the User-Agent", async () => {
    await provider().quote(request);

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/api/v2/me/shipment/calculate" });
    expect(sent!.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      "user-agent": USER_AGENT,
      accept: "application/json",
      "content-type": "application/json",
    });
    // R$ 1.000,00 over three boxes: 333,34 + 333,33 + 333,33.
    expect(sent!.body).toEqual({
      from: { postal_code: "01310100" },
      to: { postal_code: "20040002" },
      products: [
        {
          id: "caixa-1",
          width: 11,
          height: 4,
          length: 16,
          weight: 0.3,
          insurance_value: 333.34,
          quantity: 1,
        },
        {
          id: "caixa-2",
          width: 25,
          height: 4,
          length: 36,
          weight: 2.6,
          insurance_value: 333.33,
          quantity: 1,
        },
        {
          id: "caixa-3",
          width: 20,
          height: 10,
          length: 30,
          weight: 1.25,
          insurance_value: 333.33,
          quantity: 1,
        },
      ],
    });
  });

  it("quotes the account's own price and days over the list's, and leaves out services with an error or no price", async () => {
    fake.answerServices([
      meService(1, "PAC", "Correios", {
        price: "23.45",
        custom_price: "21.90",
        custom_delivery_range: { min: 6, max: 8 },
      }),
      meService(2, "SEDEX", "Correios", {
        price: "41.07",
        custom_price: undefined,
        delivery_range: { min: 1, max: 2 },
        custom_delivery_range: undefined,
      }),
      { id: 3, name: ".Package", error: "Transportadora não atende este trecho." },
      meService(4, ".Com", "Jadlog", { error: "Peso excedido." }),
      meService(17, "Mini Envios", "Correios", { price: undefined, custom_price: undefined }),
    ]);

    expect(await provider().quote(request)).toEqual([
      {
        serviceCode: "melhorenvio:1",
        serviceName: "PAC",
        carrier: "Correios",
        priceCents: 2190,
        daysMin: 6,
        daysMax: 8,
      },
      {
        serviceCode: "melhorenvio:2",
        serviceName: "SEDEX",
        carrier: "Correios",
        priceCents: 4107,
        daysMin: 1,
        daysMax: 2,
      },
    ]);
  });

  it.each([
    ["23.45", 2345],
    ["0.29", 29],
    ["1234.5", 123450],
    ["100", 10000],
    ["19.99", 1999],
  ])("reads the price %s as %i centavos exactly", async (price, cents) => {
    fake.answerServices([meService(1, "PAC", "Correios", { price, custom_price: undefined })]);

    const [quote] = await provider().quote(request);

    expect(quote?.priceCents).toBe(cents);
  });

  it.each([
    ["not a list", { message: "Erro interno" }],
    ["a price it cannot read", [meService(1, "PAC", "Correios", { custom_price: "R$ 20,00" })]],
    ["a service without its company", [{ id: 1, name: "PAC", price: "20.00" }]],
  ])("refuses an answer with %s", async (_, answer) => {
    fake.answerServices(answer as unknown[]);

    await expect(provider().quote(request)).rejects.toThrow(
      new ProviderError("Melhor Envio respondeu HTTP 200 com um formato inesperado ao cotar o frete"),
    );
  });

  it("throws an error status as a ProviderError that names neither the token nor the body", async () => {
    fake.answerNext(500, { message: `Falhou para ${TOKEN}` });

    const error: unknown = await provider()
      .quote(request)
      .catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 500, message: "Melhor Envio respondeu HTTP 500 ao cotar o frete" });
  });

  it("gives up on an answer that does not come in time", async () => {
    fake.hangNext();
    const hurried = createMelhorEnvio({
      apiUrl: fake.apiUrl,
      token: TOKEN,
      userAgent: USER_AGENT,
      timeoutMs: 100,
    });

    await expect(hurried.quote(request)).rejects.toThrow(
      new ProviderError("Melhor Envio: sem resposta em 100 ms ao cotar o frete"),
    );
  });
});
