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
import { textOf, toast } from "../support/page-text";
import { formatDate } from "../../app/lib/dates";

// The sandbox's card checkout (CARD_PROVIDER unset beside the sandbox's PIX), as a customer pays on
// it: with the page's scripts and without them.

const WAIT = { timeout: 15_000 };
const DAY = 86_400_000;

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
    // As much as a PIX order's success page says: when and how it was paid, what was bought.
    const paid = await textOf(page.getByRole("main"));
    expect(paid).toContain("Cartão de crédito em 3x");
    expect(paid).toMatch(/Pago em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    expect(paid).toContain(WATCH.name);
    await page.getByRole("link", { name: "Baixar Comprovante de Pedido" }).waitFor();
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

describe("a boleto on a phone", () => {
  const { browser, cardOrder } = useCardBuyer({
    viewport: { width: 390, height: 844 },
    permissions: ["clipboard-read", "clipboard-write"],
  });

  it("shows its due date and linha digitável, and copies the line", async () => {
    const { page } = browser;
    // The sandbox's boleto is due in BOLETO_EXPIRES_DAYS (3) from the order.
    const dueDates = [0, 1].map((late) => formatDate(Date.now() + 3 * DAY + late * 60_000));
    await page.goto(await cardOrder());
    await page.getByRole("button", { name: "Gerar boleto" }).click();
    await page.getByRole("heading", { level: 1, name: "Boleto gerado — aguardando pagamento" }).waitFor();

    const boleto = page.getByRole("region", { name: "Boleto" });
    const due = /Vencimento: (\d{2}\/\d{2}\/\d{4})/.exec(await textOf(boleto))?.[1];
    expect(dueDates).toContain(due);
    const line = await boleto.getByLabel("Linha digitável").inputValue();
    expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    await page.getByRole("link", { name: "Ver o boleto para pagar" }).waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Taken before the click: the button's 2-second timer starts after it, however slowly the click returns.
    const copiedAt = Date.now();
    await boleto.getByRole("button", { name: "Copiar linha digitável" }).click();
    const copied = boleto.getByRole("button", { name: "Linha Copiada!" });
    await copied.waitFor();
    await toast(page, "Linha digitável copiada!").waitFor();
    // The digits alone, as a bank's app takes them.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line.replace(/\D/g, ""));
    await boleto.getByRole("button", { name: "Copiar linha digitável" }).waitFor();
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(1_500);
    expect(await copied.count()).toBe(0);
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
    // Its due date and line are there before any script.
    const boleto = await textOf(page.getByRole("region", { name: "Boleto" }));
    expect(boleto).toMatch(/Vencimento: \d{2}\/\d{2}\/\d{4}/);
    expect(boleto).toContain("Linha digitável");

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
