import { beforeEach, describe, expect, it } from "vitest";
import type { CreatePaymentAnswer } from "../../app/domain/orders/checkout-schema";
import { cookieHeader, signInContext, signUpCustomer } from "../support/accounts";
import { useBrowser } from "../support/browser";
import {
  addAddressOverHttp,
  checkoutBody,
  demoLine,
  demoProduct,
  postCheckoutOverHttp,
} from "../support/orders";
import { textOf } from "../support/page-text";

// The sandbox's card checkout (CARD_PROVIDER unset beside the sandbox's PIX), as a customer pays on
// it: with the page's scripts and without them.

const WAIT = { timeout: 15_000 };

/** Bought by these tests and looked at by no other: 88 in stock. */
const WATCH = demoProduct("Smartwatch Lume Active");

function useCardBuyer(options: Parameters<typeof useBrowser>[0] = {}) {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, ...options });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  /**
   * A customer signed in in the test's browser with a card order of one watch: the path of its
   * checkout's simulation page, on the origin the browser uses.
   */
  async function cardOrder() {
    const { baseURL } = browser;
    const customer = await signUpCustomer(baseURL, { name: "Maria Compradora" });
    await signInContext(browser.page.context(), baseURL, customer);
    const addressId = await addAddressOverHttp(baseURL, customer);
    const body = {
      ...checkoutBody({ cpf: customer.cpf, addressId }, [demoLine(WATCH, 1)]),
      paymentMethod: "card",
    };
    const response = await postCheckoutOverHttp(baseURL, cookieHeader(customer), body);
    const answer = (await response.json()) as CreatePaymentAnswer;
    expect(answer).toMatchObject({ success: true });
    return new URL(answer.cardCheckoutUrl!).pathname;
  }
  return { browser, cardOrder };
}

describe("the sandbox's card checkout", () => {
  const { browser, cardOrder } = useCardBuyer();

  it("approves a payment in 3 instalments and brings the customer back to the paid order", async () => {
    const { page } = browser;
    await page.goto(await cardOrder());
    await page.getByText("Simulação do Mercado Pago — nenhum pagamento real é feito").waitFor();
    const installments = page.getByLabel("Parcelas");
    const third = await installments.locator("option").nth(2).textContent();
    expect(third).toMatch(/^3x de R\$\s[\d.]+,\d{2} sem juros( \(a primeira de R\$\s[\d.]+,\d{2}\))?$/);
    await installments.selectOption("3");
    await page.getByRole("button", { name: "Aprovar pagamento" }).click();

    await page.getByRole("heading", { level: 1, name: "Pagamento aprovado" }).waitFor();
    expect(await textOf(page.getByRole("main"))).toContain("Cartão de crédito em 3x");
    await page.getByRole("link", { name: "Meus pedidos" }).click();
    await page.waitForURL(/\/account\/orders$/);
  });

  it("after a refused card, pays the same order by PIX, without placing it again", async () => {
    const { page, baseURL } = browser;
    await page.goto(await cardOrder());
    await page.getByRole("button", { name: "Recusar pagamento" }).click();
    await page.getByRole("heading", { level: 1, name: "Pagamento recusado" }).waitFor();
    const orderId = new URL(page.url()).pathname.split("/").at(-1)!;

    await page.getByRole("button", { name: "Pagar com PIX" }).click();
    await page.waitForURL(`${baseURL}/payment?orderId=${orderId}`);
    expect(await page.getByLabel("Código PIX copia e cola").inputValue()).toMatch(/^000201/);
    await page.getByRole("button", { name: "Simular pagamento (sandbox)" }).click();
    await page.getByRole("heading", { name: "Pagamento Confirmado!" }).waitFor();

    await page.goto("/account/orders");
    const card = page.getByRole("listitem", { name: `Pedido #${orderId.slice(0, 8)}` });
    await card.getByText("Pago", { exact: true }).waitFor();
    expect(await textOf(card)).toContain("Pagamento: PIX");
    // One order: the refused card did not leave a second one behind.
    expect(await page.getByRole("listitem", { name: /^Pedido #/ }).count()).toBe(1);
  });
});

describe("the sandbox's card checkout without scripts", () => {
  const { browser, cardOrder } = useCardBuyer({ javaScriptEnabled: false });

  it("issues a boleto, shows the order waiting for it, then pays it", async () => {
    const { page } = browser;
    const checkoutPath = await cardOrder();
    await page.goto(checkoutPath);
    await page.getByRole("button", { name: "Gerar boleto" }).click();
    await page.getByRole("heading", { level: 1, name: "Boleto gerado — aguardando pagamento" }).waitFor();

    await page.goto(checkoutPath);
    await page.getByRole("button", { name: "Pagar boleto" }).click();
    await page.getByRole("heading", { level: 1, name: "Pagamento aprovado" }).waitFor();
    expect(await textOf(page.getByRole("main"))).toContain("Boleto");
  });

  it("refuses a card and offers another try on the same checkout", async () => {
    const { page } = browser;
    await page.goto(await cardOrder());
    await page.getByRole("button", { name: "Recusar pagamento" }).click();
    await page.getByRole("heading", { level: 1, name: "Pagamento recusado" }).waitFor();
    // A refused order offers the checkout again; 'Atualizar' is for one still waiting.
    expect(await page.getByRole("link", { name: "Tentar novamente" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Atualizar" }).count()).toBe(0);
    // Or PIX, as a plain form: the same order's code on the PIX payment page.
    const orderId = new URL(page.url()).pathname.split("/").at(-1)!;
    await page.getByRole("button", { name: "Pagar com PIX" }).click();
    await page.waitForURL(/\/payment\?orderId=/);
    expect(new URL(page.url()).searchParams.get("orderId")).toBe(orderId);
    expect(await page.getByLabel("Código PIX copia e cola").inputValue()).toMatch(/^000201/);
  });
});
