import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { signIn, signInContext, signUpCustomer, STORE_ADMIN } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { addAddressOverHttp, demoProduct, payOverHttp, placeOrderOverHttp } from "../support/orders";
import { orderNumber } from "../../app/lib/order-number";
import { textOf, toast } from "../support/page-text";

// Issue 29, the shop's side of after-sale on the suite's store (the PIX sandbox refunds at once):
// the admin ships an order, marks it delivered, receives the customer's return and refunds it;
// the customer follows every step on 'Rastrear Pedido'.

/** Bought by this file alone. */
const PHONE = demoProduct("Smartphone Pulse Lite 128 GB");
const WAIT_MS = 15_000;

describe("after-sale in the panel (issue 29)", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT_MS));

  async function asAdmin(page: Page) {
    await page.context().clearCookies();
    await signInContext(page.context(), browser.baseURL, await signIn(browser.baseURL, STORE_ADMIN));
    await page.goto("/admin");
    const gate = page.getByRole("dialog", { name: "Autenticação de Administrador" });
    await gate.getByLabel("Senha").fill(STORE_ADMIN.gatePassword);
    await gate.getByRole("button", { name: "Verificar" }).click();
    await toast(page, "Acesso autorizado!").waitFor();
    await gate.waitFor({ state: "detached" });
  }

  /** Moves the order to the status labelled `label`, and waits for the page to show it. */
  async function moveTo(page: Page, label: string) {
    await page.getByLabel("Novo status").selectOption({ label });
    await page.getByRole("button", { name: "Atualizar status" }).click();
    await toast(page, "Status do pedido atualizado!").waitFor();
    await page
      .getByRole("listitem")
      .filter({ hasText: `→ ${label}` })
      .first()
      .waitFor();
  }

  // Four status changes, a withdrawal and a refund, each a page answer: longer than a test's
  // usual 30 s on a busy machine.
  it("ships, delivers, receives a return and refunds it; the customer sees each step", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL, { name: "Paula Devolve" });
    const addressId = await addAddressOverHttp(baseURL, customer);
    const { orderId } = await placeOrderOverHttp(baseURL, customer, addressId, PHONE);
    await payOverHttp(baseURL, customer, orderId);

    await asAdmin(page);
    // The dashboard's recent orders say where the paid order is, in plain words.
    const recent = page.getByRole("row").filter({ hasText: orderNumber(orderId) });
    expect(await textOf(recent)).toContain("Aguardando envio");
    await page.goto(`/admin/orders/${orderId}`);
    await moveTo(page, "em processamento");
    await page.getByLabel("Código dos Correios").fill("PL123456789BR");
    await page.getByRole("button", { name: "Salvar código" }).click();
    await toast(page, "Código de rastreio salvo!").waitFor();
    await moveTo(page, "enviado");
    await moveTo(page, "entregue");

    // The customer changes their mind within the 7 days and sends it back.
    await page.context().clearCookies();
    await signInContext(page.context(), baseURL, customer);
    await page.goto("/account/orders");
    const card = page.getByRole("listitem", { name: `Pedido #${orderId.slice(0, 8)}`, exact: true });
    await card.getByText("Desistir da compra", { exact: true }).click();
    await card.getByLabel("Motivo (opcional)").fill("Não gostei da câmera");
    await card.getByRole("button", { name: "Confirmar desistência" }).click();
    await toast(
      page,
      "Devolução solicitada. Envie o produto de volta: o reembolso é feito quando o recebermos",
    ).waitFor();

    await asAdmin(page);
    await page.goto(`/admin/orders/${orderId}`);
    await moveTo(page, "devolvido");
    const refunds = page.getByRole("region", { name: "Reembolsos" });
    await refunds.getByLabel("Motivo").fill("Devolução recebida em bom estado");
    // The phone came back: the refund gives back its one unit, which goes back to stock.
    await refunds
      .getByRole("group", { name: "Itens reembolsados" })
      .getByRole("spinbutton", { name: PHONE.name })
      .fill("1");
    await refunds.getByLabel("Devolver ao estoque os itens reembolsados").check();
    // Money leaves the shop only once the admin confirms the amount: cancelled, nothing is refunded.
    await refunds.getByRole("button", { name: "Reembolsar" }).click();
    const confirmation = page.getByRole("dialog", { name: "Confirmar reembolso" });
    expect(await textOf(confirmation)).toMatch(
      /Devolver R\$ [\d.]+,\d{2} ao cliente pelo provedor do pagamento\? Não pode ser desfeito\. É todo o valor que resta deste pagamento\./,
    );
    await confirmation.getByRole("button", { name: "Cancelar" }).click();
    await confirmation.waitFor({ state: "hidden" });
    expect(await textOf(refunds)).toContain("Nenhum reembolso");
    await refunds.getByRole("button", { name: "Reembolsar" }).click();
    await confirmation.getByRole("button", { name: "Confirmar reembolso" }).click();
    await toast(page, "Reembolso confirmado!").waitFor();
    await refunds.getByText("confirmado", { exact: true }).waitFor();
    expect(await textOf(refunds)).toContain(`itens: 1 × ${PHONE.name} (devolvidos ao estoque)`);
    // Nothing is left to refund: the form is gone.
    expect(await refunds.getByRole("button", { name: "Reembolsar" }).count()).toBe(0);

    await page.context().clearCookies();
    await signInContext(page.context(), baseURL, customer);
    await page.goto(`/account/track?order=${orderId}`);
    const timeline = await textOf(page.locator("main"));
    for (const step of [
      "Pagamento confirmado",
      "Status: enviado",
      "Status: entregue",
      "Desistência solicitada",
      "Status: devolução solicitada",
      "Status: devolvido",
    ]) {
      expect(timeline, step).toContain(step);
    }
    expect(timeline).toMatch(/Reembolso de R\$\s[\d.]+,\d{2} confirmado/);
    await page.goto("/account/orders");
    expect(await textOf(card)).toContain("reembolsado");
  }, 90_000);
});

describe("a parcel sent by Jadlog, on a phone (issue 51, point 6)", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT_MS));

  it("the admin chooses Jadlog and its code; the customer follows it on Jadlog's page", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL, { name: "Joana Jadlog" });
    const addressId = await addAddressOverHttp(baseURL, customer);
    const { orderId } = await placeOrderOverHttp(baseURL, customer, addressId, PHONE);
    await payOverHttp(baseURL, customer, orderId);
    const jadlogPage = "https://www.jadlog.com.br/jadlog/tracking?cte=10080155188760";

    await page.context().clearCookies();
    await signInContext(page.context(), baseURL, await signIn(baseURL, STORE_ADMIN));
    await page.goto("/admin");
    const gate = page.getByRole("dialog", { name: "Autenticação de Administrador" });
    await gate.getByLabel("Senha").fill(STORE_ADMIN.gatePassword);
    await gate.getByRole("button", { name: "Verificar" }).click();
    await gate.waitFor({ state: "detached" });
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByLabel("Novo status").selectOption({ label: "em processamento" });
    await page.getByRole("button", { name: "Atualizar status" }).click();
    await page.getByRole("listitem").filter({ hasText: "→ em processamento" }).first().waitFor();

    await page.getByLabel("Transportadora", { exact: true }).selectOption({ label: "Jadlog" });
    const code = page.getByLabel("Código da Jadlog");
    // A Correios code is not Jadlog's: refused at once, by the field.
    await code.fill("PL123456789BR");
    await page.getByRole("button", { name: "Salvar código" }).click();
    await page
      .getByText("Código da Jadlog inválido: são os 14 dígitos do número de rastreio (ex.: 10080155188760)")
      .waitFor();
    expect(await code.getAttribute("aria-invalid")).toBe("true");
    await code.fill("10080155188760");
    await page.getByRole("button", { name: "Salvar código" }).click();
    await toast(page, "Código de rastreio salvo!").waitFor();
    expect(await page.getByRole("link", { name: "Rastrear na Jadlog" }).getAttribute("href")).toBe(
      jadlogPage,
    );

    await page.context().clearCookies();
    await signInContext(page.context(), baseURL, customer);
    await page.goto(`/account/track?order=${orderId}`);
    expect(await textOf(page.locator("main"))).toContain("Código de rastreio (Jadlog): 10080155188760");
    const link = page.getByRole("link", { name: "Rastrear na Jadlog" });
    expect(await link.getAttribute("href")).toBe(jadlogPage);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.isVisible()).toBe(true);

    await page.goto("/account/orders");
    const card = page.getByRole("listitem", { name: `Pedido #${orderId.slice(0, 8)}`, exact: true });
    expect(await card.getByRole("link", { name: "Rastrear na Jadlog" }).getAttribute("href")).toBe(
      jadlogPage,
    );
  }, 60_000);
});
