import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "../../app/startup/seed/demo-catalog";
import { formatBRL } from "../../app/lib/money";
import {
  randomAlphanumericCnpj,
  randomCpf,
  signIn,
  signInContext,
  signUpCompany,
  signUpCustomer,
  STORE_ADMIN,
  type Customer,
} from "../support/accounts";
import { useBrowser } from "../support/browser";
import { addAddressOverHttp, deleteOrderOverHttp, demoProduct, placeOrderOverHttp } from "../support/orders";
import { brl, textOf, toast } from "../support/page-text";

/** Room for hydration, the server's answers and one or two of the payment page's 3 s polls. */
const WAIT_MS = 15_000;
const WAIT = { timeout: WAIT_MS };

/**
 * Bought by these tests and looked at by no other: every order takes real stock, and the other
 * files count on their products' stock. 140 in stock, so reruns on one store never run out.
 */
const MOUSE_NAME = "Mouse Sem Fio Lume Silent";
/** On the suite's fresh store, product ids follow the demo catalogue's order. */
const MOUSE_INDEX = DEMO_CATALOG.findIndex((product) => product.name === MOUSE_NAME);
const MOUSE = { ...DEMO_CATALOG[MOUSE_INDEX]!, id: MOUSE_INDEX + 1 };
/**
 * Sold out for a moment by one test here (another customer buys all 70, and gives them back by
 * deleting that order) and looked at by no other file.
 */
const GAMEPAD = demoProduct("Controle Gamer Quasar com Fio");

function maskedCpf(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

function maskedCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

/** The top bar's cart link says the count to everyone, and the badge shows it (hidden at 0). */
async function expectBadge(page: Page, quantity: number) {
  const label = quantity === 1 ? "Carrinho, 1 item" : `Carrinho, ${quantity} itens`;
  await page.getByRole("link", { name: label, exact: true }).waitFor();
  if (quantity === 0) await expect.poll(() => page.getByTestId("cart-badge").count(), WAIT).toBe(0);
  else await expect.poll(() => textOf(page.getByTestId("cart-badge")), WAIT).toBe(String(quantity));
}

/** A definition in a summary, found by its term, as a person reads "Total ... R$ 10,00". */
function summaryValue(summary: Locator, term: string) {
  return summary
    .locator("div")
    .filter({
      has: summary
        .page()
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${term}$`) }),
    })
    .getByRole("definition");
}

describe("checkout and PIX payment", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT_MS));

  /** A customer as checkout takes them: the name letters only, as the spec's payload requires. */
  async function signedIn(overrides: Partial<Customer> = { name: "Maria Compradora" }): Promise<Customer> {
    const customer = await signUpCustomer(browser.baseURL, overrides);
    await signInContext(browser.page.context(), browser.baseURL, customer);
    return customer;
  }

  /** On the addresses page, as the customer would: the CEP lookup fills the street. */
  async function addAddress() {
    const { page } = browser;
    await page.goto("/account/addresses");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Novo endereço" }).click();
    const form = page.getByRole("dialog", { name: "Novo endereço" });
    await form.getByLabel("CEP").fill("01310100");
    await form.getByLabel("Número").focus(); // leaving the CEP field looks it up
    await expect.poll(() => form.getByLabel("Rua").inputValue(), WAIT).toBe("Avenida Paulista");
    await form.getByLabel("Número").fill("1000");
    await form.getByRole("button", { name: "Salvar endereço" }).click();
    await toast(page, "Endereço adicionado com sucesso!").waitFor();
    await page.getByRole("listitem", { name: "Avenida Paulista, 1000" }).waitFor();
  }

  /** From the product's own page, as a shopper does. */
  async function addToCart(product: { id: number; name: string } = MOUSE) {
    const { page } = browser;
    await page.goto(`/product/${product.id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(product.name);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await toast(page, "Produto adicionado ao carrinho").waitFor();
    await expectBadge(page, 1);
  }

  async function openConfirmDialog(): Promise<Locator> {
    const { page } = browser;
    await page.goto("/checkout");
    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar Dados do Pedido" });
    await dialog.waitFor();
    return dialog;
  }

  it("buys a product with PIX: cart, checkout, confirmation, payment, receipt and the order list", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    await addAddress();
    await addToCart();

    await page.getByRole("link", { name: "Carrinho, 1 item", exact: true }).click();
    await page.waitForURL(`${baseURL}/cart`);
    await page.getByRole("link", { name: "Finalizar Compra" }).click();
    await page.waitForURL(`${baseURL}/checkout`);

    await page.getByRole("heading", { level: 1, name: "Finalizar Compra" }).waitFor();
    const summary = page.getByRole("region", { name: "Resumo do Pedido" });
    await expect
      .poll(() => textOf(summary.getByRole("listitem")), WAIT)
      .toBe(`${MOUSE_NAME} x 1 ${brl(MOUSE.priceCents)}`);
    expect(await textOf(summaryValue(summary, "Subtotal"))).toBe(brl(MOUSE.priceCents));
    expect(await textOf(summaryValue(summary, "Frete"))).toBe("Grátis");
    expect(await textOf(summaryValue(summary, "Total"))).toBe(brl(MOUSE.priceCents));
    expect(await page.getByRole("link", { name: "Voltar ao carrinho" }).getAttribute("href")).toBe("/cart");

    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar Dados do Pedido" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Nome completo").inputValue()).toBe(customer.name);
    expect(await dialog.getByLabel("Telefone").inputValue()).toBe("(11) 98765-4321");
    expect(await dialog.getByLabel("E-mail").inputValue()).toBe(customer.email);
    expect(await dialog.getByLabel("CPF").inputValue()).toBe(maskedCpf(customer.cpf));
    const addressSelect = dialog.getByLabel("Endereço de entrega");
    expect(await textOf(addressSelect.locator("option:checked"))).toBe("Avenida Paulista, 1000 (padrão)");
    // The preview of the chosen address, below the selector.
    const preview = await textOf(dialog);
    expect(preview).toContain("Avenida Paulista, 1000");
    expect(preview).toContain("Bela Vista - São Paulo/SP");
    expect(preview).toContain("CEP 01310-100");

    await dialog.getByRole("button", { name: "Confirmar e Pagar" }).click();
    await toast(page, "Pedido criado! Redirecionando para pagamento...").waitFor();
    await page.waitForURL(/\/payment\?data=.+&orderId=.+$/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const number = orderId.slice(0, 8);

    await page.getByRole("heading", { level: 1, name: "Pagamento via PIX" }).waitFor();
    const qr = page.getByRole("img", { name: "QR Code PIX" });
    expect(await qr.isVisible()).toBe(true);
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth), WAIT)
      .toBeGreaterThan(0);
    expect(await page.getByText(formatBRL(MOUSE.priceCents), { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/^Expira em (29|30) minutos$/).isVisible()).toBe(true);
    expect(await page.getByLabel("Código PIX copia e cola").inputValue()).not.toBe("");
    expect(await page.getByRole("button", { name: "Copiar Código PIX" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Já Paguei - Verificar Status" }).isVisible()).toBe(true);
    await expectBadge(page, 0);

    await page.getByRole("button", { name: "Simular pagamento (sandbox)" }).click();
    await toast(page, "Pagamento confirmado!").waitFor();
    await page.waitForURL(`${baseURL}/payment-success?orderId=${orderId}`, WAIT);
    await page.getByRole("heading", { level: 1, name: "Pagamento Confirmado!" }).waitFor();
    expect(await page.getByText(`#${number.toUpperCase()}`, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(MOUSE_NAME, { exact: true }).isVisible()).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Baixar Comprovante de Pedido" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`comprovante-pedido-${number}.html`);
    expect(await readFile((await download.path())!, "utf8")).toContain(MOUSE_NAME);
    await toast(page, "Comprovante baixado com sucesso!").waitFor();
    // A receipt that cannot be had is said so, never 'baixado'.
    browser.expectedConsoleErrors.push(/^Failed to load resource: .* status of 500 /);
    await page.route(/\/receipt$/, (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("link", { name: "Baixar Comprovante de Pedido" }).click();
    await toast(page, "Erro ao baixar comprovante").waitFor();
    await page.unroute(/\/receipt$/);

    await page.goto("/account/orders");
    const order = page.getByRole("listitem", { name: `Pedido #${number}`, exact: true });
    await order.waitFor();
    expect(await order.getByText("Pago", { exact: true }).isVisible()).toBe(true);
    expect(await order.getByText(MOUSE_NAME, { exact: true }).isVisible()).toBe(true);
    expect(await order.getByText(`Total: ${formatBRL(MOUSE.priceCents)}`).isVisible()).toBe(true);
    await expectBadge(page, 0);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const { page, baseURL } = browser;
    await page.goto("/checkout");

    await page.waitForURL(`${baseURL}/auth?redirectTo=%2Fcheckout`);
    await toast(page, "Você precisa estar logado para finalizar a compra").waitFor();
  });

  it("sends a customer with an empty cart back to the cart", async () => {
    const { page, baseURL } = browser;
    await signedIn();
    await page.goto("/checkout");

    await page.waitForURL(`${baseURL}/cart`);
    await toast(page, "Seu carrinho está vazio").waitFor();
    await page.getByRole("heading", { name: "Seu carrinho está vazio" }).waitFor();
  });

  it("on a phone, takes a new account from sign-up back to the purchase, and its delivery address inside the checkout", async () => {
    const { page, baseURL } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await addToCart();
    await page.goto("/checkout");
    await page.waitForURL(`${baseURL}/auth?redirectTo=%2Fcheckout`);

    await page.getByRole("tab", { name: "Cadastro" }).click();
    await page.getByLabel("Nome completo").fill("Joana Compradora");
    await page.getByLabel("CPF").fill(randomCpf());
    await page.getByLabel("Telefone").fill("11987654321");
    await page.getByLabel("E-mail").fill(`checkout-${Date.now()}@example.com`);
    await page.getByLabel("Senha", { exact: true }).fill("senha-segura-1");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    const welcome = page.getByRole("dialog", { name: "Bem-vindo!" });
    await welcome.getByRole("link", { name: "Continuar a compra" }).click();
    await page.waitForURL(`${baseURL}/checkout`);
    const summary = page.getByRole("region", { name: "Resumo do Pedido" });
    await expect
      .poll(() => textOf(summary.getByRole("listitem")), WAIT)
      .toBe(`${MOUSE_NAME} x 1 ${brl(MOUSE.priceCents)}`);

    // No address yet: the checkout says so and asks for it in place, with the CEP filling the street.
    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    await toast(page, "Cadastre um endereço antes de finalizar a compra").waitFor();
    expect(page.url()).toBe(`${baseURL}/checkout`);
    expect(await page.getByRole("dialog", { name: "Confirmar Dados do Pedido" }).count()).toBe(0);
    const delivery = page.getByRole("region", { name: "Endereço de entrega" });
    await delivery.getByLabel("CEP").fill("01310100");
    await delivery.getByLabel("Número").focus(); // leaving the CEP field looks it up
    await expect.poll(() => delivery.getByLabel("Rua").inputValue(), WAIT).toBe("Avenida Paulista");
    await delivery.getByLabel("Número").fill("1000");
    await delivery.getByRole("button", { name: "Salvar endereço" }).click();
    await toast(page, "Endereço adicionado com sucesso!").waitFor();
    await expect.poll(() => delivery.count(), WAIT).toBe(0);

    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar Dados do Pedido" });
    const address = dialog.getByLabel("Endereço de entrega");
    expect(await address.locator("option:checked").textContent()).toBe("Avenida Paulista, 1000 (padrão)");
    await dialog.getByRole("button", { name: "Confirmar e Pagar" }).click();
    await page.waitForURL(/\/payment\?data=.+&orderId=.+$/);
    expect(await page.getByLabel("Código PIX copia e cola").inputValue()).toMatch(/^000201/);
  });

  it("refuses an invalid CPF in the confirmation dialog", async () => {
    await signedIn();
    await addAddress();
    await addToCart();
    const dialog = await openConfirmDialog();
    const confirm = dialog.getByRole("button", { name: "Confirmar e Pagar" });
    expect(await confirm.isEnabled()).toBe(true);

    await dialog.getByLabel("CPF").fill("12345678900");

    expect(await dialog.getByLabel("CPF").inputValue()).toBe("123.456.789-00");
    await dialog.getByText("CPF inválido", { exact: true }).waitFor();
    expect(await confirm.isDisabled()).toBe(true);
  });

  it("says why a name from the profile cannot be used, and takes a corrected one", async () => {
    await signedIn({ name: "Cliente Teste 7" });
    await addAddress();
    await addToCart();
    const dialog = await openConfirmDialog();
    const confirm = dialog.getByRole("button", { name: "Confirmar e Pagar" });
    const nameError = dialog.getByText("Nome deve conter apenas letras", { exact: true });

    await nameError.waitFor();
    expect(await confirm.isDisabled()).toBe(true);

    await dialog.getByLabel("Nome completo").fill("Cliente Teste Sete");
    await dialog.getByLabel("Telefone").focus();

    await expect.poll(() => nameError.count(), WAIT).toBe(0);
    expect(await confirm.isEnabled()).toBe(true);
  });

  it("sends a signed-in account without a profile to complete it", async () => {
    const { page, baseURL } = browser;
    // The store's first admin is made at start-up with no profile: the account that has none.
    await signInContext(page.context(), baseURL, await signIn(baseURL, STORE_ADMIN));
    await addToCart();
    await page.goto("/checkout");

    await page.getByRole("button", { name: "Continuar para pagamento" }).click();

    // Sent to complete it, and back here once it exists (tests/integration/checkout-page.test.ts).
    await page.waitForURL(`${baseURL}/account/profile?redirectTo=%2Fcheckout`);
    await toast(page, "Complete seu perfil antes de finalizar a compra").waitFor();
    expect(await page.getByRole("dialog", { name: "Confirmar Dados do Pedido" }).count()).toBe(0);
  });

  it("asks a company for its CNPJ, prefilled and masked, and refuses an invalid one", async () => {
    const { page, baseURL } = browser;
    const company = await signUpCompany(baseURL);
    await signInContext(page.context(), baseURL, company);
    await addAddressOverHttp(baseURL, company);
    await addToCart();
    const dialog = await openConfirmDialog();
    const cnpj = dialog.getByLabel("CNPJ");
    const confirm = dialog.getByRole("button", { name: "Confirmar e Pagar" });

    expect(await dialog.getByLabel("Razão social").inputValue()).toBe(company.name);
    expect(await cnpj.inputValue()).toBe(maskedCnpj(company.cnpj));
    expect(await dialog.getByLabel("CPF").count()).toBe(0);
    expect(await confirm.isEnabled()).toBe(true);

    await cnpj.fill("11222333000180");

    expect(await cnpj.inputValue()).toBe("11.222.333/0001-80");
    await dialog.getByText("CNPJ inválido", { exact: true }).waitFor();
    expect(await confirm.isDisabled()).toBe(true);
  });

  it("takes a company's alphanumeric CNPJ in upper case, refuses a wrong check digit, and places the order", async () => {
    const { page, baseURL } = browser;
    const company = await signUpCompany(baseURL, { cnpj: randomAlphanumericCnpj() });
    await signInContext(page.context(), baseURL, company);
    await addAddressOverHttp(baseURL, company);
    await addToCart();
    const dialog = await openConfirmDialog();
    const cnpj = dialog.getByLabel("CNPJ");
    const confirm = dialog.getByRole("button", { name: "Confirmar e Pagar" });
    expect(await cnpj.inputValue()).toBe(maskedCnpj(company.cnpj));

    const wrong = company.cnpj.slice(0, 13) + String((Number(company.cnpj[13]) + 1) % 10);
    await cnpj.fill(wrong.toLowerCase());
    expect(await cnpj.inputValue()).toBe(maskedCnpj(wrong));
    await dialog.getByText("CNPJ inválido", { exact: true }).waitFor();
    expect(await confirm.isDisabled()).toBe(true);

    await cnpj.fill(company.cnpj.toLowerCase());
    expect(await cnpj.inputValue()).toBe(maskedCnpj(company.cnpj));
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/payment\?data=.+&orderId=.+$/);
  });

  it("closes the confirmation with 'Cancelar' and keeps the cart", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    await addAddressOverHttp(baseURL, customer);
    await addToCart();
    const dialog = await openConfirmDialog();

    await dialog.getByRole("button", { name: "Cancelar" }).click();

    await dialog.waitFor({ state: "detached" });
    expect(page.url()).toBe(`${baseURL}/checkout`);
    const summary = page.getByRole("region", { name: "Resumo do Pedido" });
    expect(await textOf(summary.getByRole("listitem"))).toBe(`${MOUSE_NAME} x 1 ${brl(MOUSE.priceCents)}`);
    await expectBadge(page, 1);
  });

  it("says why an order failed (the stock went meanwhile) and keeps the cart and the dialog", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    await addAddressOverHttp(baseURL, customer);
    await addToCart(GAMEPAD);
    const dialog = await openConfirmDialog();
    // Another customer buys every unit while this one looks at the confirmation.
    const other = await signUpCustomer(baseURL, { name: "Outra Compradora" });
    const { orderId } = await placeOrderOverHttp(
      baseURL,
      other,
      await addAddressOverHttp(baseURL, other),
      GAMEPAD,
      GAMEPAD.stock,
    );
    // The store refuses the order with 422, which the browser reports in its console.
    browser.expectedConsoleErrors.push(/^Failed to load resource: .* status of 422 /);
    try {
      await dialog.getByRole("button", { name: "Confirmar e Pagar" }).click();

      await toast(page, `Estoque insuficiente: ${GAMEPAD.name}`).waitFor();
      expect(await dialog.isVisible()).toBe(true);
      await expect
        .poll(() => dialog.getByRole("button", { name: "Confirmar e Pagar" }).isEnabled(), WAIT)
        .toBe(true);
      expect(page.url()).toBe(`${baseURL}/checkout`);
      expect(await toast(page, "Pedido criado! Redirecionando para pagamento...").count()).toBe(0);
      // Still in the cart, once the customer closes the dialog.
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await dialog.waitFor({ state: "detached" });
      const summary = page.getByRole("region", { name: "Resumo do Pedido" });
      expect(await textOf(summary.getByRole("listitem"))).toBe(
        `${GAMEPAD.name} x 1 ${brl(GAMEPAD.priceCents)}`,
      );
      await expectBadge(page, 1);
    } finally {
      await deleteOrderOverHttp(baseURL, other, orderId);
    }
  });
});
