import { AxeBuilder } from "@axe-core/playwright";
import jsQR from "jsqr";
import type { Browser, Locator, Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CreatePaymentAnswer } from "../../app/domain/orders/checkout-schema";
import { parseBrCode } from "../../app/domain/payments/br-code";
import type { StoreSettings } from "../../app/domain/store-settings/settings-schema";
import { signInContext, signUpCustomer } from "../support/accounts";
import { STORE_ADMIN_ENV } from "../support/admin-over-http";
import { launchChromium, navigationsWaitForScripts, randomClientIp } from "../support/browser";
import { createProduct } from "../support/factories";
import { addAddressOverHttp } from "../support/orders";
import { brl, textOf, toast } from "../support/page-text";
import { setUpStartedStore } from "../support/started-store";
import { freePort } from "../support/store-server";
import { changeStoppedStore, saveStoreSettings } from "../support/store-settings";

// Issue 28: how the customer chooses to pay in 'Confirmar Dados do Pedido', on stores of their
// own whose owner gives a 5% PIX discount: one that takes no cards, one with the sandbox's.

/** The owner's terms: 5% off by PIX; up to 6 instalments without interest, 12 at 1,99% a.m. */
const PAYMENT_TERMS: StoreSettings["payment"] = {
  pixDiscountBasisPoints: 500,
  maxInstallments: 12,
  installmentsWithoutInterest: 6,
  minInstallmentCents: 500,
  monthlyInterestBasisPoints: 199,
};
/**
 * Bought three at a time. Each unit's discount is R$ 0,995, rounded to R$ 1,00: R$ 56,70 by PIX,
 * where discounting the order's R$ 59,70 would give R$ 56,71 (decision 0031).
 */
const PRICE_CENTS = 1_990;
const QUANTITY = 3;
const LIST_CENTS = PRICE_CENTS * QUANTITY;
const PIX_CENTS = 5_670;
const PRODUCT_NAME = "Cabo HDMI Aurora 2 m";

/** Sign-up, address, product page, cart, checkout and the payment page: more than one page's 30 s. */
const WHOLE_PURCHASE_MS = 90_000;

/** A store of this file's own with `env`, the owner's payment terms and the product on sale. */
function setUpStore(env: NodeJS.ProcessEnv) {
  const storeEnv: NodeJS.ProcessEnv = { SEED_DEMO: "false", ...STORE_ADMIN_ENV, ...env };
  // The store's own address (PUBLIC_URL), where the browser's session is: the card checkout's
  // address and the way back are made from it, and `localhost` would be another site's cookies.
  beforeAll(async () => {
    const port = await freePort();
    storeEnv.PORT = String(port);
    storeEnv.PUBLIC_URL = `http://127.0.0.1:${port}`;
  });
  const started = setUpStartedStore(storeEnv);
  const state = {
    productId: 0,
    browser: undefined as unknown as Browser,
    page: undefined as unknown as Page,
  };
  let pageErrors: string[] = [];

  beforeAll(async () => {
    await changeStoppedStore(started, storeEnv, async (db) => {
      await saveStoreSettings(db, started.data.dataDir, { payment: PAYMENT_TERMS });
      state.productId = (
        await createProduct(db, { name: PRODUCT_NAME, priceCents: PRICE_CENTS, stock: 90 })
      ).id;
    });
    state.browser = await launchChromium();
  });
  afterAll(() => state.browser?.close());

  beforeEach(async () => {
    const context = await state.browser.newContext({
      baseURL: started.store.url,
      locale: "pt-BR",
      extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
    });
    navigationsWaitForScripts(context);
    state.page = await context.newPage();
    state.page.setDefaultTimeout(15_000);
    pageErrors = [];
    state.page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    state.page.on("pageerror", (error) => pageErrors.push(error.message));
  });
  afterEach(async () => {
    await state.page.context().close();
    expect(pageErrors, "erros no console do navegador").toEqual([]);
  });

  /**
   * A signed-in customer with an address and three of the product in the cart, put there from its
   * page and the cart's '+', and the confirmation dialog open.
   */
  async function openConfirmation(): Promise<Locator> {
    const { page } = state;
    const customer = await signUpCustomer(started.store.url, { name: "Maria Compradora" });
    await addAddressOverHttp(started.store.url, customer);
    await signInContext(page.context(), started.store.url, customer);

    await page.goto(`/product/${state.productId}`);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await toast(page, "Produto adicionado ao carrinho").waitFor();
    await page.goto("/cart");
    const quantity = page.getByRole("status", { name: `Quantidade de ${PRODUCT_NAME}` });
    for (let added = 1; added < QUANTITY; added++) {
      // Each change reaches the server's cart before the next page reads it.
      await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === "/api/cart" && response.ok()),
        page.getByRole("button", { name: `Aumentar quantidade de ${PRODUCT_NAME}` }).click(),
      ]);
      await expect.poll(() => textOf(quantity)).toBe(String(added + 1));
    }

    // The checkout page reads the customer's cart from the server: it has the three.
    await page.goto("/checkout");
    const summary = page.getByRole("region", { name: "Resumo do Pedido" });
    await expect
      .poll(() => textOf(summary.getByRole("listitem")))
      .toBe(`${PRODUCT_NAME} x ${QUANTITY} ${brl(LIST_CENTS)}`);
    // A store that takes only PIX keeps the spec's button; with cards, the choice is in the dialog.
    const button = env.CARD_PROVIDER === "none" ? "Pagar com PIX" : "Continuar para pagamento";
    await page.getByRole("button", { name: button, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar Dados do Pedido" });
    await dialog.waitFor();
    return dialog;
  }

  return { started, state, openConfirmation };
}

/** What a phone's camera reads from the QR code as the page shows it. */
async function scanQrCode(image: Locator): Promise<string> {
  const png = PNG.sync.read(await image.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error("QR Code ilegível");
  return code.data;
}

/** Confirms the dialog's order by PIX and checks the amount the payment page asks for, in both codes. */
async function payByPixAndReadAmount(page: Page, dialog: Locator) {
  await dialog.getByRole("button", { name: "Confirmar e Pagar" }).click();
  await toast(page, "Pedido criado! Redirecionando para pagamento...").waitFor();
  await page.waitForURL(/\/payment\?data=.+&orderId=.+$/);
  await page.getByRole("heading", { level: 1, name: "Pagamento via PIX" }).waitFor();

  const scanned = await scanQrCode(page.getByRole("img", { name: "QR Code PIX" }));
  const copyPaste = await page.getByLabel("Código PIX copia e cola").inputValue();
  // The amount the bank's app will charge: field 54 of the BR Code, in reais.
  expect(parseBrCode(scanned)["54"]).toBe((PIX_CENTS / 100).toFixed(2));
  expect(parseBrCode(copyPaste)["54"]).toBe((PIX_CENTS / 100).toFixed(2));
  expect(scanned).toBe(copyPaste);
  expect(await page.getByText(brl(PIX_CENTS), { exact: true }).isVisible()).toBe(true);
}

describe("a store that takes no cards (CARD_PROVIDER=none)", () => {
  const { state, openConfirmation } = setUpStore({ CARD_PROVIDER: "none" });

  it(
    "asks for no payment method: the dialog is the PIX one, with its discounted total",
    async () => {
      const dialog = await openConfirmation();

      const conditions = dialog.getByRole("region", { name: "Condições da oferta" });
      await conditions.waitFor();
      expect(await dialog.getByRole("group", { name: "Forma de pagamento" }).count()).toBe(0);
      expect(await dialog.getByRole("radio").count()).toBe(0);
      expect(await textOf(dialog)).not.toContain("Cartão de crédito");
      expect(await textOf(conditions.getByRole("listitem").first())).toBe(`Desconto PIX (5%): −${brl(300)}`);
      expect(await textOf(conditions.getByRole("listitem").nth(1))).toBe(`Total: ${brl(PIX_CENTS)}`);
      expect(await textOf(state.page.locator("body"))).not.toContain("sem juros");
    },
    WHOLE_PURCHASE_MS,
  );

  it(
    "charges the PIX total with the owner's discount: the QR code and the copy-paste code ask for it",
    async () => {
      const dialog = await openConfirmation();
      await payByPixAndReadAmount(state.page, dialog);
    },
    WHOLE_PURCHASE_MS,
  );
});

/** The text an option's `aria-describedby` points at: what a screen reader says after its name. */
function descriptionOf(radio: Locator): Promise<string> {
  return radio.evaluate((input) =>
    (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.innerText ?? "")
      .join(" ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** The body of the dialog's create-payment request, as it leaves the browser. */
function createPaymentBody(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((request) => new URL(request.url()).pathname === "/api/create-payment")
    .then((request) => request.postDataJSON() as Record<string, unknown>);
}

describe("a store that takes cards in the sandbox (CARD_PROVIDER=sandbox)", () => {
  const { started, state, openConfirmation } = setUpStore({ CARD_PROVIDER: "sandbox" });

  /** The dialog's choice of method, and each option as a person finds it. */
  function methodsOf(dialog: Locator) {
    const group = dialog.getByRole("group", { name: "Forma de pagamento" });
    return {
      group,
      pix: group.getByRole("radio", { name: "PIX", exact: true }),
      card: group.getByRole("radio", { name: "Cartão de crédito ou boleto", exact: true }),
    };
  }

  it(
    "offers PIX, chosen at first, at its discounted total, and the card at the list total with the instalments",
    async () => {
      const dialog = await openConfirmation();
      const { group, pix, card } = methodsOf(dialog);
      await group.waitFor();
      expect(await group.getByRole("radio").count()).toBe(2);
      expect(await pix.isChecked()).toBe(true);
      expect(await card.isChecked()).toBe(false);
      expect(await descriptionOf(pix)).toBe(`${brl(PIX_CENTS)} à vista (5% de desconto)`);
      expect(await descriptionOf(card)).toBe(
        `${brl(LIST_CENTS)} em até 6x de ${brl(995)} sem juros ` +
          `ou em até 12x de ${brl(564)} com juros de 1,99% a.m. (total ${brl(6_768)})`,
      );

      // The offer's conditions state the total of the method chosen.
      const conditions = dialog.getByRole("region", { name: "Condições da oferta" });
      const total = conditions.getByRole("listitem").filter({ hasText: /^Total:/ });
      expect(await textOf(total)).toBe(`Total: ${brl(PIX_CENTS)}`);
      await card.check();
      expect(await pix.isChecked()).toBe(false);
      expect(await textOf(total)).toBe(`Total: ${brl(LIST_CENTS)}`);
      expect(await textOf(conditions)).not.toContain("Desconto PIX");
      // Read by axe with the card chosen: the chosen option's colours included.
      const axe = await new AxeBuilder({ page: state.page }).include('[role="dialog"]').analyze();
      const severe = axe.violations.filter((violation) =>
        ["serious", "critical"].includes(violation.impact ?? ""),
      );
      expect(severe.map((violation) => violation.id)).toEqual([]);
      await pix.check();
      expect(await textOf(total)).toBe(`Total: ${brl(PIX_CENTS)}`);
    },
    WHOLE_PURCHASE_MS,
  );

  it(
    "by PIX, the method chosen at first, sends the spec's request and charges the discounted total",
    async () => {
      const { page } = state;
      const dialog = await openConfirmation();
      await methodsOf(dialog).group.waitFor();
      const sent = createPaymentBody(page);
      await payByPixAndReadAmount(page, dialog);
      expect(Object.keys(await sent).sort()).toEqual(["addressId", "customer", "products"]);
    },
    WHOLE_PURCHASE_MS,
  );

  it(
    "by card: the sandbox's checkout page, 'Aprovar pagamento', and back on the store, 'Pagamento aprovado'",
    async () => {
      const { page } = state;
      const storeUrl = started.store.url;
      const dialog = await openConfirmation();
      await methodsOf(dialog).card.check();

      // The answer is read on its way to the page: the page leaves at once, and its body with it.
      let answer: CreatePaymentAnswer | undefined;
      await page.route("**/api/create-payment", async (route) => {
        const response = await route.fetch();
        answer = (await response.json()) as CreatePaymentAnswer;
        await route.fulfill({ response });
      });
      const sent = createPaymentBody(page);
      await dialog.getByRole("button", { name: "Confirmar e Pagar" }).click();
      expect((await sent).paymentMethod).toBe("card");

      // The simulation of a card provider's hosted checkout (Mercado Pago's, in production).
      await page.waitForURL(new RegExp(`^${storeUrl}/sandbox/card-checkout/`));
      expect(answer).toEqual({ success: true, orderId: expect.any(String), cardCheckoutUrl: page.url() });
      await page.getByRole("button", { name: "Aprovar pagamento" }).click();

      await page.waitForURL(new RegExp(`^${storeUrl}/payment/card/${answer!.orderId}(\\?|$)`));
      await page.getByRole("heading", { level: 1, name: "Pagamento aprovado" }).waitFor();
    },
    WHOLE_PURCHASE_MS,
  );
});
