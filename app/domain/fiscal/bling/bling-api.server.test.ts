import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rejection, startFakeBling, type FakeBling } from "../../../../tests/support/fake-bling-server";
import { createBlingApi, type BlingContact, type BlingSalesOrder } from "./bling-api.server";
import { BlingRateLimited, RequestSpacing, reaisOf } from "./bling-http.server";

let fake: FakeBling;
let accessToken: string;
beforeAll(async () => {
  fake = await startFakeBling({ clientId: "client-id", clientSecret: "client-secret" });
});
afterAll(() => fake?.stop());
beforeEach(() => {
  fake.reset();
  accessToken = fake.grantAccess().accessToken;
});

const api = (fields: { timeoutMs?: number; spacing?: RequestSpacing } = {}) =>
  createBlingApi({ apiUrl: fake.apiUrl, accessToken, ...fields });

const contact: BlingContact = {
  nome: "Maria da Silva",
  numeroDocumento: "12345678909",
  tipo: "F",
  email: "maria@cliente.test",
  telefone: "11987654321",
  indicadorIe: 9,
  endereco: {
    endereco: "Rua Augusta",
    numero: "1500",
    complemento: "apto 12",
    bairro: "Consolação",
    cep: "01304001",
    municipio: "São Paulo",
    uf: "SP",
  },
};

const order = (contatoId: number): BlingSalesOrder => ({
  numeroLoja: "1042",
  data: "2026-03-01",
  contatoId,
  itens: [
    { codigo: "CAM-P-AZ", descricao: "Camiseta azul P", quantidade: 2, valorCents: 1999 },
    { codigo: "MEIA-01", descricao: "Meia", quantidade: 1, valorCents: 30 },
  ],
  freteCents: 2345,
  transportador: "Correios",
  parcelas: [{ dataVencimento: "2026-03-01", valorCents: 4193, formaPagamentoId: 77, observacoes: "PIX" }],
  descontoCents: 200,
  observacoes: "Pedido 1042 da Vitrine",
});

describe("reaisOf", () => {
  it("turns centavos into reais exactly, without float drift", () => {
    expect(reaisOf(1999)).toBe(19.99);
    expect(reaisOf(30)).toBe(0.3); // 0.1 + 0.2 would be 0.30000000000000004
    expect(reaisOf(1)).toBe(0.01);
    expect(reaisOf(100_005)).toBe(1000.05);
    expect(reaisOf(0)).toBe(0);
    expect(reaisOf(-150)).toBe(-1.5);
    expect(JSON.stringify([reaisOf(1999), reaisOf(30), reaisOf(123_456_789)])).toBe("[19.99,0.3,1234567.89]");
    expect(() => reaisOf(19.5)).toThrow(RangeError);
  });
});

describe("contacts", () => {
  it("creates a contact with Bling's documented body and the Bearer token", async () => {
    const id = await api().createContact(contact);

    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/Api/v3/contatos" });
    expect(sent!.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(sent!.body).toEqual({
      nome: "Maria da Silva",
      numeroDocumento: "12345678909",
      tipo: "F",
      email: "maria@cliente.test",
      telefone: "11987654321",
      indicadorIe: 9,
      situacao: "A",
      endereco: {
        geral: {
          endereco: "Rua Augusta",
          numero: "1500",
          complemento: "apto 12",
          bairro: "Consolação",
          cep: "01304001",
          municipio: "São Paulo",
          uf: "SP",
        },
      },
    });
    expect(fake.contacts.map((c) => c.id)).toEqual([id]);
  });

  it("finds a contact by its document's digits, and answers null for an unknown one", async () => {
    const id = await api().createContact(contact);
    fake.requests.length = 0;

    expect(await api().findContactByDocument("123.456.789-09")).toBe(id);
    expect(fake.requests[0]).toMatchObject({
      method: "GET",
      path: "/Api/v3/contatos",
      query: { numeroDocumento: ["12345678909"] },
    });
    expect(await api().findContactByDocument("98765432100")).toBeNull();
  });

  it("refuses to search with an empty document, which would list every contact", async () => {
    await expect(api().findContactByDocument(" .-/ ")).rejects.toThrow(
      "Bling: o contato não tem CPF nem CNPJ para ser buscado",
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("does not take a contact whose document differs from the one asked", async () => {
    fake.answerNext(200, { data: [{ id: 5, nome: "Outro", numeroDocumento: "111.111.111-11" }] });
    expect(await api().findContactByDocument("12345678909")).toBeNull();
  });
});

describe("sales orders", () => {
  it("creates a sales order with items, freight, carrier, parcels and discount in exact reais", async () => {
    const contatoId = await api().createContact(contact);
    fake.requests.length = 0;

    const id = await api().createSalesOrder(order(contatoId));

    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/Api/v3/pedidos/vendas" });
    expect(sent!.body).toEqual({
      numeroLoja: "1042",
      data: "2026-03-01",
      contato: { id: contatoId },
      itens: [
        { codigo: "CAM-P-AZ", descricao: "Camiseta azul P", quantidade: 2, valor: 19.99 },
        { codigo: "MEIA-01", descricao: "Meia", quantidade: 1, valor: 0.3 },
      ],
      transporte: { frete: 23.45, contato: { nome: "Correios" } },
      parcelas: [
        { dataVencimento: "2026-03-01", valor: 41.93, formaPagamento: { id: 77 }, observacoes: "PIX" },
      ],
      desconto: { valor: 2, unidade: "REAL" },
      observacoes: "Pedido 1042 da Vitrine",
    });
    // The decimals as they travel, not as a float prints them after arithmetic.
    expect(sent!.rawBody).toContain('"valor":19.99}');
    expect(sent!.rawBody).toContain('"valor":0.3}');
    expect(sent!.rawBody).toContain('"frete":23.45');
    expect(fake.salesOrders.map((o) => o.id)).toEqual([id]);
  });

  it("leaves out the carrier, payment method and notes it was not given", async () => {
    const contatoId = await api().createContact(contact);
    const bare: BlingSalesOrder = {
      ...order(contatoId),
      transportador: undefined,
      observacoes: undefined,
      parcelas: [{ dataVencimento: "2026-03-31", valorCents: 4193 }],
    };
    await api().createSalesOrder(bare);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      transporte: { frete: 23.45 },
      parcelas: [{ dataVencimento: "2026-03-31", valor: 41.93 }],
    });
    const body = fake.requests.at(-1)!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("observacoes");
    expect(body.transporte).not.toHaveProperty("contato");
    expect((body.parcelas as object[])[0]).not.toHaveProperty("formaPagamento");
  });

  it("finds a sales order by the store's number with Bling's bracketed query key", async () => {
    const id = await api().createSalesOrder(order(await api().createContact(contact)));
    fake.requests.length = 0;

    expect(await api().findSalesOrderByStoreNumber("1042")).toBe(id);
    expect(fake.requests[0]).toMatchObject({
      method: "GET",
      path: "/Api/v3/pedidos/vendas",
      query: { "numerosLojas[]": ["1042"] },
    });
    expect(await api().findSalesOrderByStoreNumber("9999")).toBeNull();
  });

  it("carries Bling's field messages when it refuses a sales order", async () => {
    const error = await rejection(api().createSalesOrder(order(424242)));
    expect(error.status).toBe(400);
    expect(error.refusal).toBe("O contato informado não existe");
    expect(error.message).toBe("Bling respondeu HTTP 400 ao criar o pedido de venda");
  });

  it("falls back to the description, then the message, of a refusal", async () => {
    fake.answerNext(400, {
      error: { type: "VALIDATION_ERROR", message: "Erro", description: "CPF inválido" },
    });
    expect((await rejection(api().createContact(contact))).refusal).toBe("CPF inválido");
    fake.answerNext(400, { error: { type: "VALIDATION_ERROR", message: "Erro de validação", fields: [] } });
    expect((await rejection(api().createContact(contact))).refusal).toBe("Erro de validação");
    fake.answerNext(422, {
      error: {
        type: "VALIDATION_ERROR",
        message: "Erro",
        description: "Não foi possível salvar",
        fields: [
          { msg: "O campo nome é obrigatório", element: "nome" },
          { msg: "O CEP é inválido", element: "cep" },
        ],
      },
    });
    expect((await rejection(api().createContact(contact))).refusal).toBe(
      "O campo nome é obrigatório; O CEP é inválido",
    );
  });

  it("moves a sales order to another situation with PATCH (answered 204)", async () => {
    const id = await api().createSalesOrder(order(await api().createContact(contact)));
    await api().setSalesOrderSituation(id, 9);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "PATCH",
      path: `/Api/v3/pedidos/vendas/${id}/situacoes/9`,
    });
    expect(fake.salesOrders[0]!.situacaoId).toBe(9);
  });
});

describe("invoices", () => {
  async function salesOrder() {
    return api().createSalesOrder(order(await api().createContact(contact)));
  }

  it("generates the NF-e of a sales order, pending, and finds it from the order", async () => {
    const orderId = await salesOrder();
    expect(await api().findSalesOrderInvoice(orderId)).toBeNull();

    const invoiceId = await api().generateInvoice(orderId);

    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/Api/v3/pedidos/vendas/${orderId}/gerar-nfe`,
    });
    expect(fake.invoices).toMatchObject([{ id: invoiceId, salesOrderId: orderId, situacao: 1 }]);
    expect(await api().findSalesOrderInvoice(orderId)).toBe(invoiceId);
    expect(await api().readInvoice(invoiceId)).toEqual({
      id: invoiceId,
      numero: "",
      serie: "1",
      chaveAcesso: null,
      situacao: 1,
      dataEmissao: null,
      xmlUrl: null,
      danfeUrl: null,
    });
  });

  it("sends the NF-e and reads it authorised, with its key and documents", async () => {
    const orderId = await salesOrder();
    const invoiceId = await api().generateInvoice(orderId);

    await api().sendInvoice(invoiceId);
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: `/Api/v3/nfe/${invoiceId}/enviar` });
    expect(fake.invoices[0]!.sent).toBe(true);

    const issued = fake.invoiceIssued(orderId);
    const invoice = await api().readInvoice(invoiceId);
    expect(invoice).toEqual({
      id: invoiceId,
      numero: issued.numero,
      serie: "1",
      chaveAcesso: issued.chaveAcesso,
      situacao: 5,
      dataEmissao: issued.dataEmissao,
      xmlUrl: issued.xml,
      danfeUrl: issued.linkDanfe,
    });
    expect(invoice.chaveAcesso).toMatch(/^\d{44}$/);
    const danfe = await fetch(invoice.danfeUrl!);
    expect(danfe.status).toBe(200);
    await danfe.body?.cancel();
  });

  it("takes linkPDF for the DANFE when linkDanfe is empty, and numbers given as numbers", async () => {
    fake.answerNext(200, {
      data: {
        id: 7,
        numero: 123,
        serie: 1,
        chaveAcesso: "35260312345678000199550010000001231000001234",
        situacao: 5,
        dataEmissao: "2026-03-01 12:00:00",
        xml: "https://bling.test/nfe.xml",
        linkDanfe: "",
        linkPDF: "https://bling.test/danfe.pdf",
      },
    });
    expect(await api().readInvoice(7)).toMatchObject({
      numero: "123",
      serie: "1",
      danfeUrl: "https://bling.test/danfe.pdf",
    });
  });

  it("carries Bling's words when it will not generate the NF-e", async () => {
    const orderId = await salesOrder();
    await api().generateInvoice(orderId);
    const error = await rejection(api().generateInvoice(orderId));
    expect(error.refusal).toBe("O pedido já possui nota fiscal");
    expect(error.message).toBe("Bling respondeu HTTP 400 ao gerar a NF-e do pedido");
  });
});

describe("failures", () => {
  it("throws BlingRateLimited on 429 with Retry-After, without retrying", async () => {
    fake.answerNext(429, { error: { type: "TOO_MANY_REQUESTS" } }, { "Retry-After": "7" });
    const error = await rejection(api().findContactByDocument("12345678909"));
    expect(error).toBeInstanceOf(BlingRateLimited);
    expect((error as BlingRateLimited).retryAfterSeconds).toBe(7);
    expect(error.status).toBe(429);
    expect(error.message).toBe("Bling respondeu HTTP 429 ao buscar o contato");
    expect(fake.requests).toHaveLength(1);
  });

  it("waits one second on a 429 that says nothing of when to come back", async () => {
    fake.answerNext(429, { error: { type: "TOO_MANY_REQUESTS" } });
    const error = await rejection(api().createContact(contact));
    expect((error as BlingRateLimited).retryAfterSeconds).toBe(1);
    expect(error.refusal).toBeUndefined();
  });

  it("names Bling and the action on a 5xx, never the token or the body", async () => {
    fake.answerNext(503, { error: { message: "segredo do corpo", description: "dados da cliente" } });
    const error = await rejection(api().createSalesOrder(order(1)));
    expect(error).not.toBeInstanceOf(BlingRateLimited);
    expect(error.status).toBe(503);
    expect(error.message).toBe("Bling respondeu HTTP 503 ao criar o pedido de venda");
    expect(error.refusal).toBeUndefined();
    expect(`${error.message} ${String(error.cause)}`).not.toMatch(
      new RegExp(`${accessToken}|segredo|cliente`),
    );
  });

  it("names Bling and the action on an answer that is not JSON or not the expected shape", async () => {
    fake.answerNext(200, "<html>manutenção, token " + accessToken + "</html>");
    const notJson = await rejection(api().readInvoice(1));
    expect(notJson.message).toBe("Bling respondeu HTTP 200 sem JSON válido ao ler a NF-e");

    fake.answerNext(200, { data: { id: "abc", observacao: "dados da cliente" } });
    const shape = await rejection(api().createContact(contact));
    expect(shape.message).toBe("Bling respondeu HTTP 200 com um formato inesperado ao criar o contato");
    for (const error of [notJson, shape]) expect(error.message).not.toMatch(/cliente|manutenção|token/);
  });

  it("fails with 401 for an access token Bling no longer knows", async () => {
    fake.expireAccessTokens();
    const error = await rejection(api().findSalesOrderInvoice(1));
    expect(error.status).toBe(401);
    expect(error.message).toBe("Bling respondeu HTTP 401 ao ler o pedido de venda");
    expect(error.message).not.toContain(accessToken);
  });

  it("gives up on a Bling that does not answer in time", async () => {
    fake.hangNext();
    const error = await rejection(api({ timeoutMs: 150 }).findSalesOrderByStoreNumber("1042"));
    expect(error.message).toBe("Bling: sem resposta em 150 ms ao buscar o pedido de venda");
  });
});

describe("RequestSpacing", () => {
  /** A clock that moves only when the spacing sleeps. */
  function clock() {
    const state = { now: 10_000, sleeps: [] as number[] };
    return {
      state,
      now: () => state.now,
      sleep: async (ms: number) => {
        state.sleeps.push(ms);
        state.now += ms;
      },
    };
  }

  it("starts three calls at least minIntervalMs apart, in the order asked", async () => {
    const time = clock();
    const spacing = new RequestSpacing({ now: time.now, sleep: time.sleep });
    const starts: [string, number][] = [];
    await Promise.all(
      ["a", "b", "c"].map((name) => spacing.turn().then(() => starts.push([name, time.state.now]))),
    );
    expect(starts).toEqual([
      ["a", 10_000],
      ["b", 10_340],
      ["c", 10_680],
    ]);
    expect(time.state.sleeps).toEqual([340, 340]);
  });

  it("does not wait for a call that comes after the interval has passed", async () => {
    const time = clock();
    const spacing = new RequestSpacing({ minIntervalMs: 500, now: time.now, sleep: time.sleep });
    await spacing.turn();
    time.state.now += 200;
    await spacing.turn();
    time.state.now += 800;
    await spacing.turn();
    expect(time.state.sleeps).toEqual([300]);
  });

  it("spaces the client's calls when the client is given one", async () => {
    const time = clock();
    const client = api({ spacing: new RequestSpacing({ now: time.now, sleep: time.sleep }) });
    await Promise.all([
      client.findContactByDocument("1"),
      client.findContactByDocument("2"),
      client.findContactByDocument("3"),
    ]);
    expect(time.state.sleeps).toEqual([340, 340]);
    expect(fake.requests.map((r) => r.query.numeroDocumento)).toEqual([["1"], ["2"], ["3"]]);
  });
});
