import { beforeEach, describe, expect, it } from "vitest";
import { signInContext, signUpCustomer, type Customer } from "../support/accounts";
import { useBrowser } from "../support/browser";
import {
  addAddressOverHttp,
  demoProduct,
  payOverHttp,
  paymentPath,
  placeOrderOverHttp,
  type PlacedOrder,
} from "../support/orders";
import { toast } from "../support/page-text";

/** Room for hydration, the server's answers and one or two of the payment page's 3 s polls. */
const WAIT_MS = 15_000;
const WAIT = { timeout: WAIT_MS };

/**
 * Bought by these tests and looked at by no other: every order takes real stock, and the other
 * files count on their products' stock. 95 in stock, so reruns on one store never run out.
 */
const CABLE = demoProduct("Cabo USB-C para USB-C Atlas 2 m 100 W Trançado");

function useSignedInBrowser(options: Parameters<typeof useBrowser>[0] = {}) {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, ...options });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT_MS));

  /** A customer with an address, signed in in the test's browser. */
  async function signedIn(): Promise<Customer & { addressId: string }> {
    const customer = await signUpCustomer(browser.baseURL, { name: "Maria Compradora" });
    await signInContext(browser.page.context(), browser.baseURL, customer);
    return { ...customer, addressId: await addAddressOverHttp(browser.baseURL, customer) };
  }

  /** A customer of their own, signed in nowhere, who places an order. */
  async function ordered(customer?: Customer & { addressId: string }): Promise<PlacedOrder> {
    const buyer = customer ?? (await signUpCustomer(browser.baseURL, { name: "Maria Compradora" }));
    const addressId = customer?.addressId ?? (await addAddressOverHttp(browser.baseURL, buyer));
    return placeOrderOverHttp(browser.baseURL, buyer, addressId, CABLE);
  }

  return { browser, signedIn, ordered };
}

describe("the PIX payment page", () => {
  const { browser, signedIn, ordered } = useSignedInBrowser({
    permissions: ["clipboard-read", "clipboard-write"],
  });

  it("copies the PIX code, says so, and offers to copy again after about 2 seconds", async () => {
    const { page } = browser;
    const order = await ordered(await signedIn());
    await page.goto(paymentPath(order));

    // Taken before the click: the button's 2-second timer starts after it, however slowly the click returns.
    const copiedAt = Date.now();
    await page.getByRole("button", { name: "Copiar Código PIX" }).click();

    const copied = page.getByRole("button", { name: "Código Copiado!" });
    await copied.waitFor();
    await toast(page, "Código PIX copiado!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.pixData.brCode);
    await page.getByRole("button", { name: "Copiar Código PIX" }).waitFor();
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(1_500);
    expect(await copied.count()).toBe(0);
  });

  it("returns from 'Pagar agora' in Meus Pedidos to the same code after the tab was closed, and not once paid", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    // Placed at checkout, its payment page closed before the code was copied.
    const order = await ordered(customer);
    await page.goto("/account/orders");
    const card = page.getByRole("listitem", { name: `Pedido #${order.orderId.slice(0, 8)}` });
    await card.getByRole("link", { name: "Pagar agora" }).click();

    await page.waitForURL(`${baseURL}/payment?orderId=${order.orderId}`);
    expect(await page.getByLabel("Código PIX copia e cola").inputValue()).toBe(order.pixData.brCode);

    await payOverHttp(baseURL, customer, order.orderId);
    await page.goto("/account/orders");
    await card.getByText("Pago", { exact: true }).waitFor();
    expect(await card.getByRole("link", { name: "Pagar agora" }).count()).toBe(0);
  });

  it("answers 'Já Paguei - Verificar Status' on an unpaid order with 'Aguardando confirmação do pagamento...'", async () => {
    const { page, baseURL } = browser;
    const order = await ordered(await signedIn());
    await page.goto(paymentPath(order));

    await page.getByRole("button", { name: "Já Paguei - Verificar Status" }).click();

    await toast(page, "Aguardando confirmação do pagamento...").waitFor();
    expect(page.url()).toBe(`${baseURL}${paymentPath(order)}`);
    expect(await page.getByRole("heading", { level: 1, name: "Pagamento via PIX" }).isVisible()).toBe(true);
  });

  it("learns by its own polling of a payment made elsewhere, and goes to the success page", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    const order = await ordered(customer);
    await page.goto(paymentPath(order));

    // Paid from the customer's bank, not from this page: nothing on the page is touched.
    await payOverHttp(baseURL, customer, order.orderId);

    await toast(page, "Pagamento confirmado!").waitFor(WAIT);
    await page.waitForURL(`${baseURL}/payment-success?orderId=${order.orderId}`, WAIT);
    await page.getByRole("heading", { level: 1, name: "Pagamento Confirmado!" }).waitFor();
  });

  it("offers no 'Já Paguei - Verificar Status' when the link has the payment data but no order id", async () => {
    const { page } = browser;
    const { pixData } = await ordered();
    await page.goto(`/payment?data=${encodeURIComponent(JSON.stringify(pixData))}`);

    expect(await page.getByRole("img", { name: "QR Code PIX" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Copiar Código PIX" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Já Paguei - Verificar Status" }).count()).toBe(0);
  });

  it("goes home when the link carries no data", async () => {
    const { page, baseURL } = browser;
    await page.goto("/payment");

    await page.waitForURL(`${baseURL}/`);
    await toast(page, "Dados de pagamento não encontrados").waitFor();
  });

  it("goes home when the data cannot be read", async () => {
    const { page, baseURL } = browser;
    await page.goto("/payment?data=garbage");

    await page.waitForURL(`${baseURL}/`);
    await toast(page, "Erro ao carregar dados de pagamento").waitFor();
  });
});

describe("the payment success page", () => {
  const { browser, signedIn, ordered } = useSignedInBrowser();

  it("goes home with 'Pedido não encontrado' when the link names no order", async () => {
    const { page, baseURL } = browser;
    await signedIn();
    await page.goto("/payment-success");

    await page.waitForURL(`${baseURL}/`);
    await toast(page, "Pedido não encontrado").waitFor();
  });

  it("sends an unpaid order back to its payment with 'Pagamento ainda não confirmado'", async () => {
    const { page, baseURL } = browser;
    const { orderId } = await ordered(await signedIn());
    await page.goto(`/payment-success?orderId=${orderId}`);

    await page.waitForURL(`${baseURL}/payment?orderId=${orderId}`);
    await toast(page, "Pagamento ainda não confirmado").waitFor();
    await page.getByRole("heading", { level: 1, name: "Pagamento via PIX" }).waitFor();
    expect(await page.getByRole("heading", { name: "Pagamento Confirmado!" }).count()).toBe(0);
  });

  it("does not show another customer's paid order: 'Pedido não encontrado', as for no order", async () => {
    const { page, baseURL } = browser;
    await signedIn();
    const other = await signUpCustomer(baseURL, { name: "Outra Compradora" });
    const { orderId } = await placeOrderOverHttp(
      baseURL,
      other,
      await addAddressOverHttp(baseURL, other),
      CABLE,
    );
    await payOverHttp(baseURL, other, orderId);
    await page.goto(`/payment-success?orderId=${orderId}`);

    await page.waitForURL(`${baseURL}/`);
    await toast(page, "Pedido não encontrado").waitFor();
    expect(await page.getByRole("heading", { name: "Pagamento Confirmado!" }).count()).toBe(0);
  });

  it("goes home with 'Erro ao verificar pagamento' when the order cannot be checked", async () => {
    const { page, baseURL } = browser;
    await signedIn();
    await page.goto("/payment-success?orderId=not-an-order");

    await page.waitForURL(`${baseURL}/`);
    await toast(page, "Erro ao verificar pagamento").waitFor();
  });

  it("leads to the order list with 'Ver Meus Pedidos' and home with 'Continuar Comprando'", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    const { orderId } = await ordered(customer);
    await payOverHttp(baseURL, customer, orderId);
    const success = `${baseURL}/payment-success?orderId=${orderId}`;
    await page.goto(success);
    await page.getByRole("heading", { level: 1, name: "Pagamento Confirmado!" }).waitFor();

    await page.getByRole("link", { name: "Ver Meus Pedidos" }).click();
    await page.waitForURL(`${baseURL}/account/orders`);
    await page.getByRole("listitem", { name: `Pedido #${orderId.slice(0, 8)}`, exact: true }).waitFor();

    await page.goBack();
    await page.waitForURL(success);
    await page.getByRole("link", { name: "Continuar Comprando" }).click();
    await page.waitForURL(`${baseURL}/`);
  });
});
