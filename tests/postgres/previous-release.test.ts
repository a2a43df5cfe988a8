import { beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../app/lib/order-number";
import { signUpCustomer, cookieHeader } from "../support/accounts";
import { panelOverHttp, STORE_ADMIN_ENV } from "../support/admin-over-http";
import { randomClientIp } from "../support/browser";
import { runCommand } from "../support/command";
import {
  addAddressOverHttp,
  addToCartOverHttp,
  demoProduct,
  payOverHttp,
  paymentPath,
  placeOrderOverHttp,
} from "../support/orders";
import { brl, htmlText } from "../support/page-text";
import { setUpTwoInstances } from "../support/started-store";
import { errorLinesOf, type RequestLogLine, type StoreServer } from "../support/store-server";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts). The middle of a rolling deploy (issue
// 49, decision 0034): the first restarted instance has migrated the database, and the others still
// run the previous release on today's schema. Migration 0020 once dropped a column that release
// read, and it answered 500 on /, /catalog and /product while its /readyz said 200. The previous
// release is the newest upgrade fixture's commit, prepared (dependencies and build, cached between
// runs) by scripts/previous-release.sh.

let previousRelease: string;
// The first preparation installs and builds the release: minutes on a busy machine; then, a lookup.
beforeAll(async () => {
  const prepared = await runCommand("scripts/previous-release.sh", [], {});
  if (prepared.code !== 0) throw new Error(`A versão anterior não foi preparada:\n${prepared.stderr}`);
  previousRelease = prepared.stdout.trim();
}, 900_000);
// Today's store starts first, on the run's template of today's migrated schema with the demo
// catalogue (what the first restarted instance leaves), then the previous release on the same
// database.
const instances = setUpTwoInstances(
  () => STORE_ADMIN_ENV,
  () => previousRelease,
);

/**
 * The HTML of a page of `store`, asked for as a browser does; a status other than 200 fails with
 * the errors the store logged about it.
 */
async function pageHtml(store: StoreServer, pathname: string, cookie = ""): Promise<string> {
  const response = await fetch(`${store.url}${pathname}`, {
    redirect: "manual",
    headers: { cookie, "X-Forwarded-For": randomClientIp() },
  });
  const body = await response.text();
  if (response.status !== 200) {
    const errors = (await errorLinesOf(store, response)).map(loggedError);
    expect.fail(`${pathname} respondeu ${response.status}:\n${errors.join("\n") || body.slice(0, 500)}`);
  }
  return body;
}

interface LoggedError {
  message?: string;
  cause?: LoggedError;
}

/** An error line of a store's log as its message and its causes' (the database's words last). */
function loggedError(line: { msg: string; err?: unknown }): string {
  const messages = [line.msg];
  for (let error = line.err as LoggedError | undefined; error; error = error.cause) {
    if (error.message) messages.push(error.message);
  }
  return messages.join("\n  causa: ");
}

/** The text a person reads on a page of `store`. */
async function page(store: StoreServer, pathname: string, cookie = ""): Promise<string> {
  return htmlText(await pageHtml(store, pathname, cookie));
}

/** The text of the row of the panel's order list that links to the order. */
function orderRow(html: string, orderId: string): string {
  const row = html.split("<tr").find((part) => part.includes(`href="/admin/orders/${orderId}"`));
  return row ? htmlText(`<tr${row.split("</tr>")[0]}`) : "";
}

const product = demoProduct("Roteador Wi-Fi 7 Órbita BE5800 Tri-Band");

describe("the previous release (the newest upgrade fixture's) on today's migrated schema", () => {
  it("serves the storefront's pages with the catalogue", async () => {
    const previous = instances.second;
    expect(await page(previous, "/")).toContain(product.name);
    const catalogue = await page(previous, "/catalog");
    expect(catalogue).toMatch(/Exibindo (\d+–)?\d+ de \d+ produtos/);
    expect(catalogue).toContain(product.name);
    const productPage = await page(previous, `/product/${product.id}`);
    expect(productPage).toContain(product.name);
    expect(productPage).toContain(brl(product.priceCents));
    expect(await page(previous, "/cart")).toContain("Carrinho de Compras");
    expect(await page(previous, "/auth")).toContain("Acesse sua conta");
  });

  it("lets the admin in to the panel's product list", async () => {
    const previous = instances.second;
    const panel = await panelOverHttp(previous.url);
    expect(await page(previous, "/admin/products", panel.cookie)).toContain(product.name);
  });

  it("takes a customer's PIX order and payment, shown on its pages and listed as paid by today's store", async () => {
    const previous = instances.second;
    const customer = await signUpCustomer(previous.url);
    const cookie = cookieHeader(customer);
    await addToCartOverHttp(previous.url, customer, product.id);
    expect(await page(previous, "/cart", cookie)).toContain(product.name);
    const addressId = await addAddressOverHttp(previous.url, customer);
    // The page's form is drawn in the browser; its confirmation posts what `placeOrderOverHttp` does.
    expect(await page(previous, "/checkout", cookie)).toContain("Finalizar Compra");
    const order = await placeOrderOverHttp(previous.url, customer, addressId, product);
    expect(await page(previous, paymentPath(order), cookie)).toContain(order.pixData.brCode);
    await payOverHttp(previous.url, customer, order.orderId);
    const number = `#${orderNumber(order.orderId)}`;
    // Releases differ in the number's case on this list.
    expect(await page(previous, "/account/orders", cookie)).toMatch(new RegExp(`Pedido ${number}`, "i"));
    const tracked = await page(previous, `/account/track?order=${order.orderId}`, cookie);
    expect(tracked).toContain(`Pedido ${number} (pendente)`);
    expect(tracked).toContain("Pagamento confirmado");
    const previousPanel = await panelOverHttp(previous.url);
    const orderPage = await page(previous, `/admin/orders/${order.orderId}`, previousPanel.cookie);
    expect(orderPage).toContain(`Pedido ${number}`);
    expect(orderPage).toContain(`Forma de pagamento PIX Status pago`);

    const today = instances.first;
    const todayPanel = await panelOverHttp(today.url);
    const row = orderRow(await pageHtml(today, "/admin/orders", todayPanel.cookie), order.orderId);
    // Its number, date, buyer, total, status, and its payment as the sandbox's PIX event left it.
    expect(row).toContain(`${number} `);
    expect(row).toContain(brl(product.priceCents));
    expect(row).toMatch(/ PIX pago$/);
    // The payment it wrote on the order is today's payment record (migration 0030's trigger).
    const total = brl(Math.round(order.pixData.amount * 100));
    expect(await page(today, `/admin/orders/${order.orderId}`, todayPanel.cookie)).toContain(
      `Pagamentos PIX · sandbox — pago Valor ${total} Recebido ${total} Reembolsado ${brl(0)}`,
    );
  });

  it("logged no error while serving them", () => {
    const errors = instances.second
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as RequestLogLine)
      .filter((line) => line.level >= 50);
    expect(errors.map(loggedError)).toEqual([]);
  });
});
