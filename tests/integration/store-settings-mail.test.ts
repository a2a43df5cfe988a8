import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../app/config/env.server";
import { createLogger } from "../../app/config/logger.server";
import type { ServerContext } from "../../app/context.server";
import { parseBrCode } from "../../app/domain/payments/br-code";
import { saveSettingsSection } from "../../app/domain/store-settings/store-settings.server";
import type { AdminActor } from "../../app/domain/audit/audit.server";
import { orderNumber } from "../../app/lib/order-number";
import { createMailer, type Mailer } from "../../app/mail/mailer.server";
import { deliverDueMail } from "../../app/mail/outbox.server";
import { loader as receiptLoader } from "../../app/routes/account.order-receipt";
import { action as sandboxPayment } from "../../app/routes/api.sandbox-payment";
import { loader as paymentSuccessLoader } from "../../app/routes/payment-success";
import { postCheckout } from "../support/checkout";
import { createProduct, createUser } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { startSmtpServer, type SmtpFixture } from "../support/smtp-server";
import { ownStoreSettings } from "../support/store-settings";
import {
  createTestContext,
  nextClientIp,
  setUpTestStore,
  signUpBuyer,
  TEST_BASE_URL,
  type Buyer,
} from "../support/test-context";

/**
 * The owner's settings where the store speaks outside its pages: the e-mails (sender, subjects,
 * layout, legal line, delivery estimate), the receipt and the sandbox's BR Code.
 */

const MAIL_FROM = "Vitrine <nao-responda@vitrine.test>";
const LEGAL_LINE = "Aurora Comércio Eletrônico Ltda. · CNPJ 12.ABC.345/01DE-35";

const store = setUpTestStore();
const settings = ownStoreSettings();
let smtp: SmtpFixture;
let mailer: Mailer;
let owner: AdminActor;

type RouteArgs<F extends (args: never) => unknown> = Parameters<F>[0];

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailer = createMailer(loadEnv({ SMTP_URL: smtp.url, MAIL_FROM }), createLogger({ LOG_LEVEL: "silent" }));
  owner = await createUser(store.database.db);
  for (const section of ["identity", "legal", "contacts", "delivery"] as const) {
    await saveSettingsSection(store.database.db, store.context.env, owner, section, settings[section]);
  }
});
afterAll(() => smtp?.stop());

/** A new buyer's order of a new product through checkout, with `context`'s PIX provider. */
async function placeOrder(context: ServerContext = store.context) {
  const buyer = await signUpBuyer(store);
  const product = await createProduct(store.database.db, { name: "Fone Bluetooth" });
  const answer = await postCheckout(context, buyer, checkoutBody(buyer, [{ id: product.id, quantity: 1 }]));
  expect(answer).toMatchObject({ status: 200, success: true });
  return { buyer, orderId: answer.orderId!, brCode: answer.pixData!.brCode };
}

/** The BR Code's merchant name (field 59) and city (field 60). */
function merchantOf(brCode: string) {
  const fields = parseBrCode(brCode);
  return { name: fields["59"], city: fields["60"] };
}

async function payInSandbox(buyer: Buyer, orderId: string) {
  const request = new Request(`${TEST_BASE_URL}/api/sandbox/payment`, {
    method: "POST",
    headers: { cookie: buyer.cookie },
    body: new URLSearchParams({ orderId }),
  });
  const result = await sandboxPayment({ request, context: store.context, params: {} } as RouteArgs<
    typeof sandboxPayment
  >);
  expect(result.data).toEqual({ paid: true });
}

/** The outbox's run, as the job makes it, to the SMTP server on loopback. */
async function deliverMail() {
  await deliverDueMail(store.database.db, mailer, {
    logger: createLogger({ LOG_LEVEL: "silent" }),
    now: new Date(Date.now() + 5_000),
  });
}

function receivedBy(to: string, subject: string) {
  return smtp.messages.find((message) => message.to.includes(to) && message.subject === subject);
}

describe("the e-mails after the owner saved identity, legal details, contacts and delivery", () => {
  it("confirm a sandbox payment from the store's name, with its delivery estimate and legal line", async () => {
    const { buyer, orderId } = await placeOrder();
    await payInSandbox(buyer, orderId);
    await deliverMail();

    const confirmation = receivedBy(buyer.email, `Pagamento confirmado — pedido #${orderNumber(orderId)}`);
    expect(confirmation).toBeDefined();
    expect(confirmation!.fromName).toBe("Empório Açaí & Cia");
    expect(confirmation!.from).toContain("<nao-responda@vitrine.test>");
    expect(confirmation!.text.startsWith("Empório Açaí & Cia\n\n")).toBe(true);
    expect(confirmation!.text).toContain("Prazo de entrega: até 12 dias úteis");
    expect(confirmation!.text).toContain("Dúvidas? Fale com a gente: ajuda@aurora.example");
    expect(confirmation!.text).toContain(LEGAL_LINE);
    expect(confirmation!.html).toContain('font-weight:bold;">Empório Açaí &amp; Cia</td>');
    expect(confirmation!.html).toContain("Prazo de entrega: até 12 dias úteis");
    expect(confirmation!.html).toContain('href="mailto:ajuda@aurora.example"');
    expect(confirmation!.html).toContain(LEGAL_LINE);
  });

  it("ask a new account to confirm its address in the store's name", async () => {
    const buyer = await signUpBuyer(store);
    await deliverMail();

    const link = receivedBy(buyer.email, "Confirme seu e-mail na Empório Açaí & Cia");
    expect(link?.fromName).toBe("Empório Açaí & Cia");
    expect(link!.text).toContain("Se você não criou uma conta na Empório Açaí & Cia, ignore este e-mail.");
    expect(link!.text).toContain(LEGAL_LINE);
  });

  it("are announced on the payment page as coming from the store's name", async () => {
    const { buyer, orderId } = await placeOrder();
    await payInSandbox(buyer, orderId);
    const request = new Request(`${TEST_BASE_URL}/payment-success?orderId=${orderId}`, {
      headers: { cookie: buyer.cookie },
    });
    const page = await paymentSuccessLoader({ request, context: store.context, params: {} } as RouteArgs<
      typeof paymentSuccessLoader
    >);
    expect(page).toMatchObject({ problem: null, sender: "Empório Açaí & Cia <nao-responda@vitrine.local>" });
  });
});

describe("the receipt", () => {
  it("names the store and the seller: razão social, CNPJ, address and SAC", async () => {
    const { buyer, orderId } = await placeOrder();
    const response = await receiptLoader({
      request: new Request(`${TEST_BASE_URL}/account/orders/${orderId}/receipt`, {
        headers: { cookie: buyer.cookie },
      }),
      context: store.context,
      params: { orderId },
    } as RouteArgs<typeof receiptLoader>);
    const html = await response.text();
    expect(html).toContain('<p class="store">Empório Açaí &amp; Cia</p>');
    expect(html).toContain("Razão social:</span> Aurora Comércio Eletrônico Ltda.");
    expect(html).toContain("CNPJ:</span> 12.ABC.345/01DE-35");
    expect(html).toContain("Rua Álvares Cabral, 500 - Sala 3 - Centro, Ribeirão Preto/SP, CEP 14015-000");
    expect(html).toContain("SAC:</span> sac@aurora.example · (16) 3333-4444");
    expect(html).toContain('href="mailto:ajuda@aurora.example"');
  });
});

describe("the sandbox's BR Code", () => {
  it("names the store and its city, without accents, in capitals, when PIX_MERCHANT_* are unset", async () => {
    const { brCode } = await placeOrder();
    expect(merchantOf(brCode)).toEqual({ name: "EMPORIO ACAI & CIA", city: "RIBEIRAO PRETO" });
  });

  it("names PIX_MERCHANT_NAME when it is set, and the settings' city beside it", async () => {
    const context = createTestContext(store.database, nextClientIp(), {
      PIX_MERCHANT_NAME: "Loja da Variável",
    });
    const { brCode } = await placeOrder(context);
    expect(merchantOf(brCode)).toEqual({ name: "Loja da Variavel", city: "RIBEIRAO PRETO" });
  });

  it("follows a new save at the next charge, cut to the BR Code's 25 and 15 characters", async () => {
    const renamed = { ...settings.identity, name: "Café Ñandú Eletrônicos do Brasil" };
    await saveSettingsSection(store.database.db, store.context.env, owner, "identity", renamed);
    const moved = { ...settings.legal, address: { ...settings.legal.address, city: "São José dos Campos" } };
    await saveSettingsSection(store.database.db, store.context.env, owner, "legal", moved);

    const { brCode } = await placeOrder();
    expect(merchantOf(brCode)).toEqual({ name: "CAFE NANDU ELETRONICOS DO", city: "SAO JOSE DOS CA" });
  });
});
