import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentDeps, type ServerContext } from "../../app/context.server";
import { adminAuditLog, orders } from "../../app/db/schema.server";
import { createBlingApi } from "../../app/domain/fiscal/bling/bling-api.server";
import { RequestSpacing } from "../../app/domain/fiscal/bling/bling-http.server";
import { runBlingJob } from "../../app/domain/fiscal/bling/bling-job.server";
import { blingOrderState } from "../../app/domain/fiscal/bling/bling-orders.server";
import { invoiceKeyCheckDigit } from "../../app/lib/invoice-key";
import { orderNumber } from "../../app/lib/order-number";
import { loader as customerOrders } from "../../app/routes/account/orders";
import { action as adminOrderAction, loader as adminOrderLoader } from "../../app/routes/admin/order";
import { action as adminOrdersAction } from "../../app/routes/admin/orders";
import { loader as labelLoader } from "../../app/routes/admin/order-label";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { settingsForms, settingsPage } from "../support/admin-settings";
import {
  connectStoreToBling,
  invoiceEvent,
  postBlingWebhook,
  startFakeBlingForStore,
} from "../support/bling";
import { payInSandbox, postCheckout } from "../support/checkout";
import { createProduct } from "../support/factories";
import type { FakeBling } from "../support/fake-bling-server";
import { startFakeMelhorEnvio, type FakeMelhorEnvio } from "../support/fake-melhor-envio-server";
import { checkoutBody } from "../support/orders";
import { createTestContext, setUpTestStore, signUpBuyer, TEST_BASE_URL } from "../support/test-context";

/**
 * Issue 54, point 5: the label bought with Melhor Envio from the admin's order, with the NF-e's
 * key Bling sent back, paid from the balance, generated, printed, and its tracking code on the
 * order; several at once from the orders list; Melhor Envio's refusals in pt-BR, and a try after
 * one going on without a second shipment. Against loopback fakes of Melhor Envio and Bling.
 */

const store = setUpTestStore();
const TOKEN = "token-do-melhor-envio";
let melhorEnvio: FakeMelhorEnvio;
let bling: FakeBling;
let context: ServerContext;
let admin: TestAdmin;

beforeAll(async () => {
  [melhorEnvio, bling] = await Promise.all([
    startFakeMelhorEnvio({ token: TOKEN }),
    startFakeBlingForStore(),
  ]);
  context = createTestContext(store.database, undefined, {
    BLING_API_URL: bling.apiUrl,
    MELHOR_ENVIO_TOKEN: TOKEN,
    MELHOR_ENVIO_API_URL: melhorEnvio.apiUrl,
  });
  admin = await signedInAdmin(context);
  await connectStoreToBling(context, admin);
  // Quoted by Melhor Envio at its price: SEDEX (service 2) at R$ 20,00.
  await settingsPage(context, admin).post(
    settingsForms.freight({ mode: "quote", services: "SEDEX, PAC", feeCents: "0,00", feeBasisPoints: "0" }),
  );
});
afterAll(() => Promise.all([melhorEnvio?.stop(), bling?.stop()]));

const db = () => store.database.db;
const SEDEX = { service: "melhorenvio:2", seenCents: 2_000 };

/** A new buyer's order of a keyboard with `freight` (SEDEX by Melhor Envio), paid (sandbox PIX). */
async function paidOrder(freight = SEDEX) {
  const buyer = await signUpBuyer(store);
  const product = await createProduct(db(), { name: "Teclado Mecânico", priceCents: 35_000 });
  const placed = await postCheckout(context, buyer, {
    ...checkoutBody(buyer, [{ id: product.id, variantId: product.variantId, quantity: 1 }]),
    freight,
  });
  expect(placed).toMatchObject({ success: true });
  const orderId = placed.orderId!;
  await payInSandbox(context, buyer, orderId);
  return { buyer, orderId };
}

const blingJob = (at = new Date()) =>
  runBlingJob(
    {
      db: db(),
      env: context.env,
      logger: pino({ level: "warn" }),
      store: paymentDeps(context).store,
      spacing: new RequestSpacing({ minIntervalMs: 0 }),
    },
    at,
  );

/** A paid order sent to Bling, its NF-e issued there and told to the store by Bling's webhook. */
async function invoicedOrder() {
  const placed = await paidOrder();
  await blingJob();
  const { salesOrderId } = (await blingOrderState(db(), placed.orderId))!;
  const owner = createBlingApi({ apiUrl: bling.apiUrl, accessToken: bling.grantAccess().accessToken });
  const invoiceId = await owner.generateInvoice(salesOrderId!);
  const invoice = bling.invoiceIssued(salesOrderId!);
  expect((await postBlingWebhook(context, invoiceEvent(invoiceId))).init?.status ?? 200).toBe(200);
  await blingJob();
  return { ...placed, invoiceKey: invoice.chaveAcesso };
}

const adminOrder = (orderId: string) =>
  adminOrderLoader({
    request: adminRequest(admin, `/admin/orders/${orderId}`),
    context: { ...context },
    params: { orderId },
  } as never);

const buyLabel = (orderId: string, invoiceKey = "") =>
  adminOrderAction({
    request: adminRequest(admin, `/admin/orders/${orderId}`, { intent: "label", invoiceKey }),
    context: { ...context },
    params: { orderId },
  } as never);

const shipmentsOf = (orderId: string) =>
  melhorEnvio.shipments.filter(
    (shipment) =>
      (shipment.body as { options: { tags: { tag: string }[] } }).options.tags[0]!.tag ===
      orderNumber(orderId),
  );

const parcelOf = async (orderId: string) =>
  (
    await db()
      .select({ status: orders.status, code: orders.trackingCode, carrier: orders.trackingCarrier })
      .from(orders)
      .where(eq(orders.id, orderId))
  )[0];

/** A key Melhor Envio would take (its check digit right) that Bling never issued. */
const typedKey = (seed: number) => {
  const first43 = `3526${String(seed).padStart(39, "0")}`;
  return first43 + invoiceKeyCheckDigit(first43);
};

describe("'Comprar etiqueta' on the admin's order", () => {
  it("buys the label with the NF-e Bling sent back, prints it, and puts its tracking code on the order the customer sees", async () => {
    const { buyer, orderId, invoiceKey } = await invoicedOrder();
    const customerPage = await customerOrders({
      request: new Request(`${TEST_BASE_URL}/account/orders`, { headers: { cookie: buyer.cookie } }),
      context: { ...context },
      params: {},
    } as never);
    // The customer reads the NF-e's key as a DANFE prints it, in groups of four.
    expect(JSON.stringify(customerPage)).toContain(invoiceKey.replace(/(\d{4})(?=\d)/g, "$1 "));
    expect((await adminOrder(orderId)).label).toEqual({
      labelled: false,
      lastError: null,
      invoiceKey,
      buyable: true,
    });
    const balance = melhorEnvio.balanceCents();

    const bought = await buyLabel(orderId);

    const [shipment] = shipmentsOf(orderId);
    expect(bought).toEqual({
      intent: "label",
      ok: true,
      message: `Etiqueta comprada! Código de rastreio: ${shipment!.tracking}`,
    });
    expect(shipment!.body).toMatchObject({
      service: 2,
      from: { company_document: expect.stringMatching(/^\d{14}$/), country_id: "BR" },
      to: { name: "Maria Compradora", document: buyer.cpf },
      products: [{ name: "Teclado Mecânico", quantity: 1, unitary_value: 350 }],
      options: { invoice: { key: invoiceKey }, non_commercial: false, insurance_value: 350 },
    });
    expect(melhorEnvio.balanceCents()).toBe(balance - 2_000);
    // Paid and 'pending' before: being prepared now, with the label's code.
    expect(await parcelOf(orderId)).toEqual({
      status: "processing",
      code: shipment!.tracking,
      carrier: "correios",
    });
    const shown = await customerOrders({
      request: new Request(`${TEST_BASE_URL}/account/orders`, { headers: { cookie: buyer.cookie } }),
      context: { ...context },
      params: {},
    } as never);
    expect(JSON.stringify(shown)).toContain(shipment!.tracking!);
    expect((await adminOrder(orderId)).label).toMatchObject({ labelled: true, buyable: false });
    const audited = await db()
      .select({ after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "order.label"), eq(adminAuditLog.targetId, orderId)));
    expect(audited).toEqual([{ after: { melhorEnvio: shipment!.id } }]);

    // 'Imprimir etiqueta' sends the browser to the PDF Melhor Envio makes of it.
    const printed = await labelLoader({
      request: adminRequest(admin, `/admin/orders/${orderId}/etiqueta`),
      context: { ...context },
      params: { orderId },
    } as never).then(
      () => null,
      (thrown: Response) => thrown,
    );
    expect(printed?.status).toBe(302);
    const pdf = await fetch(printed!.headers.get("Location")!);
    expect((await pdf.text()).startsWith("%PDF-")).toBe(true);

    // Bought once: another try is refused before Melhor Envio is asked.
    expect(await buyLabel(orderId)).toMatchObject({
      ok: false,
      message: "Este pedido já tem código de rastreio",
    });
    expect(shipmentsOf(orderId)).toHaveLength(1);
  });

  it("shows Melhor Envio's reason when the balance is short, and a try after it pays the same shipment", async () => {
    const { orderId } = await paidOrder();
    melhorEnvio.setBalance(1_000);
    try {
      expect(await buyLabel(orderId, typedKey(901))).toEqual({
        intent: "label",
        ok: false,
        message: "O Melhor Envio não pagou a etiqueta: Saldo insuficiente para realizar a compra.",
      });
      expect((await adminOrder(orderId)).label).toMatchObject({
        labelled: false,
        lastError: "O Melhor Envio não pagou a etiqueta: Saldo insuficiente para realizar a compra.",
        invoiceKey: typedKey(901),
      });
      expect((await parcelOf(orderId))?.code).toBeNull();
    } finally {
      melhorEnvio.setBalance(100_000);
    }

    expect(await buyLabel(orderId, typedKey(901))).toMatchObject({ ok: true });
    expect(shipmentsOf(orderId)).toMatchObject([{ status: "generated" }]);
  });

  it("puts a new shipment in the cart when the one of an earlier try was cancelled in Melhor Envio", async () => {
    const { orderId } = await paidOrder();
    melhorEnvio.answerNextTo("POST /shipment/checkout", 503, { message: "Service Unavailable" });
    expect(await buyLabel(orderId, typedKey(904))).toMatchObject({
      ok: false,
      message: "Melhor Envio respondeu HTTP 503 ao pagar as etiquetas",
    });
    const [first] = shipmentsOf(orderId);
    first!.status = "canceled";

    expect(await buyLabel(orderId, typedKey(904))).toMatchObject({ ok: true });

    expect(shipmentsOf(orderId).map(({ status }) => status)).toEqual(["canceled", "generated"]);
  });

  it("refuses a key that is not one before asking, and shows Melhor Envio's refusal of another", async () => {
    const { orderId } = await paidOrder();

    expect(await buyLabel(orderId, "3526 0000 1234")).toMatchObject({
      ok: false,
      message: "Chave de acesso da NF-e inválida: confira os 44 dígitos",
    });
    expect(await buyLabel(orderId)).toMatchObject({
      ok: false,
      message: "Este pedido ainda não tem NF-e autorizada: informe a chave de acesso da nota",
    });
    expect(shipmentsOf(orderId)).toEqual([]);

    melhorEnvio.answerNextTo("POST /cart", 422, {
      message: "The given data was invalid.",
      errors: { "options.invoice.key": ["A chave da nota fiscal é inválida."] },
    });
    expect(await buyLabel(orderId, typedKey(902))).toMatchObject({
      ok: false,
      message: "O Melhor Envio recusou o envio: A chave da nota fiscal é inválida.",
    });
    expect((await parcelOf(orderId))?.code).toBeNull();
  });

  it("is not offered for freight Melhor Envio did not quote, and a crafted request is refused", async () => {
    await settingsPage(context, admin).post(settingsForms.freight());
    // The table's Econômico to SP: R$ 18,00 with the standard fee of R$ 2,00 and 0,1 %.
    const { orderId } = await paidOrder({ service: "tabela:economico", seenCents: 2_180 }).finally(() =>
      settingsPage(context, admin).post(
        settingsForms.freight({
          mode: "quote",
          services: "SEDEX, PAC",
          feeCents: "0,00",
          feeBasisPoints: "0",
        }),
      ),
    );

    expect((await adminOrder(orderId)).label).toBeNull();
    expect(await buyLabel(orderId, typedKey(903))).toMatchObject({
      ok: false,
      message:
        "O frete deste pedido não foi cotado pelo Melhor Envio: compre a etiqueta por fora e informe o código de rastreio",
    });
    expect(shipmentsOf(orderId)).toEqual([]);
  });
});

describe("'Comprar etiquetas dos selecionados' on the orders list", () => {
  it("buys several labels in one payment and one PDF, and names each order left out with why", async () => {
    const [first, second] = [await invoicedOrder(), await invoicedOrder()];
    const { orderId: withoutInvoice } = await paidOrder();
    const before = melhorEnvio.requests.length;

    const form = new URLSearchParams();
    for (const orderId of [first.orderId, withoutInvoice, second.orderId]) form.append("orderId", orderId);
    const none = await adminOrdersAction({
      request: adminRequest(admin, "/admin/orders", {}),
      context: { ...context },
      params: {},
    } as never);
    expect(none).toMatchObject({ message: "Selecione de 1 a 20 pedidos para comprar as etiquetas" });

    const bought = await adminOrdersAction({
      request: new Request(`${TEST_BASE_URL}/admin/orders`, {
        method: "POST",
        headers: { cookie: admin.cookie },
        body: form,
      }),
      context: { ...context },
      params: {},
    } as never);

    expect(bought.refused).toEqual([
      {
        number: orderNumber(withoutInvoice),
        message: "Este pedido ainda não tem NF-e autorizada: informe a chave de acesso da nota",
      },
    ]);
    expect(bought.labelled.map(({ number }) => number)).toEqual([
      orderNumber(first.orderId),
      orderNumber(second.orderId),
    ]);
    const calls = melhorEnvio.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    expect(calls.filter((call) => call.endsWith("/shipment/checkout"))).toHaveLength(1);
    expect(calls.filter((call) => call.endsWith("/shipment/print"))).toHaveLength(1);
    expect(bought.printUrl).toMatch(/\/imprimir\//);
    for (const { orderId } of [first, second]) {
      expect((await parcelOf(orderId))?.code).toMatch(/^[A-Z]{2}\d{9}BR$/);
    }
  });
});
