import { beforeEach, describe, expect, it } from "vitest";
import { formatBRL } from "../../app/lib/money";
import { signInContext, signUpCustomer, type Customer } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { addAddressOverHttp, demoProduct, placeOrderOverHttp } from "../support/orders";
import { readable, textOf, toast } from "../support/page-text";

/** Room for hydration and the server's answers on a busy machine. */
const WAIT_MS = 15_000;
const WAIT = { timeout: WAIT_MS };

/**
 * Bought by these tests and looked at by no other: every order takes real stock, and the other
 * files count on their products' stock. 210 in stock, so reruns on one store never run out.
 */
const CHARGER = demoProduct("Carregador Turbo Lume 25 W USB-C");

/** "dd/MM/yyyy às HH:mm" in São Paulo, as the order list says when an order was placed. */
function placedAt(instant: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

describe("the customer's orders (Meus Pedidos)", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT_MS));

  async function signedIn(): Promise<Customer & { addressId: string }> {
    const customer = await signUpCustomer(browser.baseURL, { name: "Maria Compradora" });
    await signInContext(browser.page.context(), browser.baseURL, customer);
    return { ...customer, addressId: await addAddressOverHttp(browser.baseURL, customer) };
  }

  const heading = () => browser.page.getByRole("heading", { level: 1, name: /^Meus Pedidos/ });
  const orderCard = (orderId: string) =>
    browser.page.getByRole("listitem", { name: `Pedido #${orderId.slice(0, 8)}`, exact: true });

  it("says 'Nenhum pedido ainda' and offers 'Começar a Comprar' when there is no order", async () => {
    const { page, baseURL } = browser;
    await signedIn();
    await page.goto("/account/orders");

    expect(await textOf(heading())).toBe("Meus Pedidos (0 Pedidos)");
    expect(await page.getByText("Nenhum pedido ainda", { exact: true }).isVisible()).toBe(true);
    const start = page.getByRole("link", { name: "Começar a Comprar" });
    expect(await start.getAttribute("href")).toBe("/");

    await start.click();
    await page.waitForURL(`${baseURL}/`);
  });

  it("shows an unpaid order: '(1 Pedido)', 'Pendente', when it was placed, its line and its total", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    const before = Date.now();
    const { orderId } = await placeOrderOverHttp(baseURL, customer, customer.addressId, CHARGER, 2);
    const after = Date.now();
    await page.goto("/account/orders");

    expect(await textOf(heading())).toBe("Meus Pedidos (1 Pedido)");
    const order = orderCard(orderId);
    expect(await order.getByText("Pendente", { exact: true }).isVisible()).toBe(true);
    expect(await order.getByText("Pago", { exact: true }).count()).toBe(0);
    const date = await textOf(order.getByText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/));
    expect([placedAt(before), placedAt(after)]).toContain(date);

    const line = order.getByRole("listitem").filter({ hasText: CHARGER.name });
    expect(await line.getByText(CHARGER.name, { exact: true }).isVisible()).toBe(true);
    expect(await textOf(line.getByText(/^\d+ x /))).toBe(`2 x ${readable(formatBRL(CHARGER.priceCents))}`);
    const lineTotal = readable(formatBRL(2 * CHARGER.priceCents));
    expect(await line.getByText(formatBRL(2 * CHARGER.priceCents), { exact: true }).isVisible()).toBe(true);
    expect(await textOf(order.getByText(/^Total:/))).toBe(`Total: ${lineTotal}`);
  });

  it("counts two orders as '(2 Pedidos)'", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    const first = await placeOrderOverHttp(baseURL, customer, customer.addressId, CHARGER);
    const second = await placeOrderOverHttp(baseURL, customer, customer.addressId, CHARGER);
    await page.goto("/account/orders");

    expect(await textOf(heading())).toBe("Meus Pedidos (2 Pedidos)");
    await orderCard(first.orderId).waitFor();
    await orderCard(second.orderId).waitFor();
  });

  it("asks before deleting an order: Cancelar keeps it, Excluir removes it", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    const { orderId } = await placeOrderOverHttp(baseURL, customer, customer.addressId, CHARGER);
    await page.goto("/account/orders");
    const order = orderCard(orderId);
    const deleteButton = order.getByRole("button", { name: `Excluir pedido #${orderId.slice(0, 8)}` });
    const dialog = page.getByRole("dialog", { name: "Excluir Pedido" });

    await deleteButton.click();
    await dialog.waitFor();
    expect(
      await dialog
        .getByText("Tem certeza que deseja excluir este pedido? Esta ação não pode ser desfeita.", {
          exact: true,
        })
        .isVisible(),
    ).toBe(true);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await order.isVisible()).toBe(true);
    expect(await textOf(heading())).toBe("Meus Pedidos (1 Pedido)");

    await deleteButton.click();
    await dialog.getByRole("button", { name: "Excluir" }).click();

    await toast(page, "Pedido excluído com sucesso!").waitFor();
    await order.waitFor({ state: "detached" });
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Nenhum pedido ainda", { exact: true }).waitFor();
    expect(await textOf(heading())).toBe("Meus Pedidos (0 Pedidos)");
    // Gone for good: not back after a reload.
    await page.reload();
    await expect.poll(() => textOf(heading()), WAIT).toBe("Meus Pedidos (0 Pedidos)");
  });

  it("shows the placeholder for a line whose image does not load", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    const { orderId } = await placeOrderOverHttp(baseURL, customer, customer.addressId, CHARGER);
    // The product's picture is gone from the server; the placeholder is still there.
    await page.route(
      (url) => url.pathname !== "/placeholder.svg",
      (route) =>
        route.request().resourceType() === "image" ? route.fulfill({ status: 404 }) : route.fallback(),
    );
    await page.goto("/account/orders");

    const line = orderCard(orderId).getByRole("listitem").filter({ hasText: CHARGER.name });
    const picture = line.getByRole("presentation");
    await expect.poll(() => picture.getAttribute("src"), WAIT).toBe("/placeholder.svg");
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth), WAIT)
      .toBeGreaterThan(0);
  });
});
