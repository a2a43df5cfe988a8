import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_LABEL_PRICE_CENTS,
  startFakeMelhorEnvio,
  type FakeMelhorEnvio,
} from "../../../../tests/support/fake-melhor-envio-server";
import { ProviderError } from "../../payments/provider-http.server";
import { createMelhorEnvioLabels, type LabelParty, type LabelShipment } from "./melhor-envio-labels.server";

const TOKEN = "token-melhor-envio-etiquetas";
const KEY = "35260612345678000190550010000001231000001234";

let fake: FakeMelhorEnvio;
beforeAll(async () => {
  fake = await startFakeMelhorEnvio({ token: TOKEN });
});
afterAll(() => fake?.stop());
beforeEach(() => fake.reset());

const labels = (token = TOKEN) =>
  createMelhorEnvioLabels({ apiUrl: fake.apiUrl, token, userAgent: "Vitrine (contato@vitrine.test)" });

const store: LabelParty = {
  name: "Loja Vitrine Ltda",
  phone: "1133334444",
  email: "contato@vitrine.test",
  document: null,
  companyDocument: "12ABC34501DE35",
  stateRegister: "ISENTO",
  address: "Avenida Paulista",
  number: "1000",
  complement: null,
  district: "Bela Vista",
  city: "São Paulo",
  stateAbbr: "SP",
  postalCode: "01310100",
};
const customer: LabelParty = {
  ...store,
  name: "Maria da Silva",
  email: null,
  document: "52998224725",
  companyDocument: null,
  stateRegister: null,
  address: "Rua do Ouvidor",
  number: "50",
  complement: "Sala 3",
  district: "Centro",
  city: "Rio de Janeiro",
  stateAbbr: "RJ",
  postalCode: "20040030",
};
const shipment: LabelShipment = {
  serviceId: 2,
  from: store,
  to: customer,
  products: [{ name: "Caneca", quantity: 2, unitaryCents: 1999 }],
  volumes: [{ heightCm: 10, widthCm: 15, lengthCm: 20, weightGrams: 1500 }],
  insuranceCents: 3998,
  invoiceKey: KEY,
  tag: "1042",
  tagUrl: "https://loja.test/admin/pedidos/1042",
};

/** What a call that should fail threw: a `ProviderError`. */
async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("createMelhorEnvioLabels", () => {
  it("puts the shipment in the cart in reais, kilograms and the NF-e's key, and gives its id", async () => {
    const id = await labels().addToCart(shipment);

    expect(id).toBe(fake.shipments[0]!.id);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/api/v2/me/cart" });
    expect(sent!.rawBody).toContain('"unitary_value":19.99');
    expect(sent!.rawBody).toContain('"insurance_value":39.98');
    expect(sent!.body).toMatchObject({
      service: 2,
      from: { company_document: "12ABC34501DE35", state_register: "ISENTO", country_id: "BR" },
      to: { document: "52998224725", complement: "Sala 3", postal_code: "20040030" },
      volumes: [{ height: 10, width: 15, length: 20, weight: 1.5 }],
      options: {
        non_commercial: false,
        invoice: { key: KEY },
        tags: [{ tag: "1042", url: "https://loja.test/admin/pedidos/1042" }],
      },
    });
  });

  it("pays, generates and prints the label, and reads the shipment with its Correios tracking", async () => {
    const client = labels();
    const id = await client.addToCart(shipment);

    await client.checkout([id]);
    await client.generate([id]);
    const url = await client.print([id]);
    const read = await client.readShipment(id);

    expect(fake.balanceCents()).toBe(100_000 - FAKE_LABEL_PRICE_CENTS);
    expect(read).toEqual({ id, status: "generated", tracking: expect.stringMatching(/^AA\d{9}BR$/) });
    const pdf = await fetch(url);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await pdf.text()).toMatch(/^%PDF-/);
  });

  it("gives Melhor Envio's refusal of a checkout beyond the balance, and nothing is paid", async () => {
    const client = labels();
    const id = await client.addToCart(shipment);
    fake.setBalance(FAKE_LABEL_PRICE_CENTS - 1);

    const error = await rejection(client.checkout([id]));

    expect(error).toMatchObject({ status: 422, refusal: "Saldo insuficiente para realizar a compra." });
    expect(fake.balanceCents()).toBe(FAKE_LABEL_PRICE_CENTS - 1);
    expect(fake.shipments[0]!.status).toBe("pending");
  });

  it("gives the fields' messages of a refused cart", async () => {
    const error = await rejection(labels().addToCart({ ...shipment, invoiceKey: "123" }));

    expect(error.refusal).toBe("A chave da nota fiscal é inválida.");
    expect(fake.shipments).toEqual([]);
  });

  it("throws the refusal of an unpaid label's generation, given inside a 200 answer", async () => {
    const id = await labels().addToCart(shipment);

    const error = await rejection(labels().generate([id]));

    expect(error.refusal).toBe("Envio não está pago");
    expect(fake.shipments[0]!.tracking).toBeNull();
  });

  it("throws a server error without a refusal, and never names the token", async () => {
    fake.answerNextTo("POST /shipment/checkout", 500, { message: `Falhou para ${TOKEN}` });
    const failed = await rejection(labels().checkout(["qualquer"]));
    const unauthorized = await rejection(labels(`${TOKEN}-errado`).readShipment("qualquer"));

    expect(failed).toMatchObject({ status: 500, refusal: undefined });
    expect(failed.message).toBe("Melhor Envio respondeu HTTP 500 ao pagar as etiquetas");
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.message).not.toContain(TOKEN);
  });
});
