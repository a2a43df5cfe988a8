import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { cookieHeader, signIn, signInContext, signUpCustomer, STORE_ADMIN } from "../support/accounts";
import { panelOverHttp, productForm } from "../support/admin-over-http";
import { createdProductId } from "../support/admin-products";
import { randomClientIp, useBrowser } from "../support/browser";
import { addAddressOverHttp, demoProduct, payOverHttp, placeOrderOverHttp } from "../support/orders";
import { readable, textOf } from "../support/page-text";

/** Bought by these tests and looked at by no other file. */
const CABLE = demoProduct("Cabo USB-C Lume 1 m 60 W");

const WAIT = { timeout: 10_000 };

/** The admin's session, the gate passed over HTTP as the dialog does, in the page's browser. */
async function openPanel(page: Page, baseURL: string) {
  const admin = await signIn(baseURL, STORE_ADMIN);
  const answer = await fetch(`${baseURL}/api/admin/verify-password`, {
    method: "POST",
    headers: { cookie: cookieHeader(admin), origin: baseURL, "X-Forwarded-For": randomClientIp() },
    body: new URLSearchParams({ password: STORE_ADMIN.gatePassword }),
  });
  expect(answer.status).toBe(200);
  await signInContext(page.context(), baseURL, admin);
}

/** A customer's order of the cable, paid unless `paid` is false; its id and total in centavos. */
async function placeOrder(baseURL: string, { paid = true } = {}) {
  const customer = await signUpCustomer(baseURL, {
    name: "Maria Aparecida de Souza Oliveira dos Santos Pereira",
  });
  const addressId = await addAddressOverHttp(baseURL, customer);
  const { orderId, pixData } = await placeOrderOverHttp(baseURL, customer, addressId, CABLE, 2);
  if (paid) await payOverHttp(baseURL, customer, orderId);
  return { orderId, totalCents: Math.round(pixData.amount * 100) };
}

describe("the admin panel's layout", () => {
  const browser = useBrowser();
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  // Thirty pages, each loaded and measured: longer than a test's usual 30 s on a busy machine.
  it("fits phones from 360 to 414 px on every page, tables scrolling in their own box", async () => {
    const { page, baseURL } = browser;
    const { orderId } = await placeOrder(baseURL);
    await openPanel(page, baseURL);
    const pages = [
      "/admin",
      "/admin/orders",
      `/admin/orders/${orderId}`,
      "/admin/products",
      "/admin/products/new",
      `/admin/products/${CABLE.id}`,
      "/admin/coupons",
      "/admin/coupons/new",
      "/admin/promotions",
      "/admin/promotions/new",
      "/admin/users",
      "/admin/audit",
    ];
    for (const width of [360, 390, 414]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of pages) {
        await page.goto(path);
        await page.getByRole("navigation", { name: "Seções do painel" }).waitFor();
        if (path === "/admin") await page.locator(".recharts-surface").first().waitFor();
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth, `${path} a ${width} px`).toBeLessThanOrEqual(innerWidth);
      }
    }
    // The product list's thumbnails keep their size in a narrow table.
    await page.goto("/admin/products");
    const thumbnail = await page.getByRole("table").locator("img").first().boundingBox();
    expect(thumbnail?.width).toBe(48);
  }, 90_000);

  it("fits the dashboard's figures in their cards on a phone, a revenue in the millions included", async () => {
    const { page, baseURL } = browser;
    const panel = await panelOverHttp(baseURL);
    const created = await panel.post(
      "/admin/products/new",
      productForm({
        intent: "create",
        name: "Servidor do Dashboard",
        price: "999.999,99",
        category: "Teste",
        stock: "2",
      }),
    );
    const productId = createdProductId(created);
    expect(productId, await created.text()).toBeDefined();
    try {
      const customer = await signUpCustomer(baseURL);
      const addressId = await addAddressOverHttp(baseURL, customer);
      const server = { ...CABLE, id: productId!, priceCents: 99_999_999 };
      const { orderId } = await placeOrderOverHttp(baseURL, customer, addressId, server, 2);
      await payOverHttp(baseURL, customer, orderId);
      await openPanel(page, baseURL);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/admin");
      const revenue = page
        .getByRole("definition")
        .filter({ hasText: /^R\$\s[\d.]+,\d\d$/ })
        .first();
      // Two millions at least: 'R$ 2.000.xxx,xx'.
      expect(await revenue.innerText()).toMatch(/^R\$\s\d\.\d{3}\.\d{3},\d\d$/);
      const overflowing = await page.locator("dl > div").evaluateAll((cards) =>
        cards.flatMap((card) => {
          const box = card.getBoundingClientRect();
          return [...card.querySelectorAll("dt, dd")].flatMap((figure) => {
            const inner = figure.getBoundingClientRect();
            const fits =
              figure.scrollWidth <= figure.clientWidth && inner.left >= box.left && inner.right <= box.right;
            return fits ? [] : [figure.textContent];
          });
        }),
      );
      expect(overflowing).toEqual([]);
    } finally {
      // Left in the catalogue, it would change what the other files see.
      const deleted = await panel.post(
        "/admin/products",
        new URLSearchParams({ intent: "delete", productId: String(productId) }),
      );
      expect(deleted.ok).toBe(true);
    }
  });

  it("lines up with the store's header on a desktop", async () => {
    const { page, baseURL } = browser;
    await openPanel(page, baseURL);
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ["/admin", "/admin/products"]) {
      await page.goto(path);
      const storeName = await page.getByRole("banner").getByRole("link", { name: "Vitrine" }).boundingBox();
      const back = await page.getByRole("link", { name: "Voltar" }).boundingBox();
      const sections = await page.getByRole("navigation", { name: "Seções do painel" }).boundingBox();
      expect(Math.abs(back!.x - storeName!.x), path).toBeLessThanOrEqual(1);
      expect(Math.abs(sections!.x - storeName!.x), path).toBeLessThanOrEqual(1);
    }
  });
});

interface ChartReading {
  /** The screen readers' table: a row per day, `dd/MM R$ …`. */
  revenueText: string[];
  /** The legend: `pendente: 3`… */
  statusText: string[];
  /** Each day's bar height in px, 0 where none is drawn. */
  barHeights: number[];
  /** The donut's slices, as drawn. */
  slices: string[];
}

/** What the dashboard's charts show, read twice forty frames apart: both must be equal. */
async function readCharts(page: Page): Promise<ChartReading> {
  const revenueRows = page.getByRole("table", { name: "Faturamento por dia" }).getByRole("row");
  const statusItems = page.getByRole("figure", { name: "Pedidos por status" }).getByRole("listitem");
  const revenueText = (await revenueRows.allInnerTexts()).map(readable);
  const statusText = (await statusItems.allInnerTexts()).map(readable);
  await page.locator(".recharts-bar-rectangles").waitFor({ state: "attached" });
  if (statusText.length > 0) await page.locator(".recharts-pie-sector").first().waitFor();
  const [first, later] = await page.evaluate(async (days) => {
    const drawn = () => {
      // Recharts draws no bar for a day at zero: a bar's day is the slot under its middle.
      const plot = document.querySelector(".recharts-cartesian-grid-horizontal")!.getBoundingClientRect();
      const barHeights = Array.from({ length: days }, () => 0);
      for (const bar of document.querySelectorAll(".recharts-bar-rectangle path")) {
        const box = bar.getBoundingClientRect();
        barHeights[Math.floor(((box.x + box.width / 2 - plot.x) / plot.width) * days)] = box.height;
      }
      const slices = [...document.querySelectorAll(".recharts-pie-sector path")].map(
        (path) => path.getAttribute("d") ?? "",
      );
      return { barHeights, slices };
    };
    const before = drawn();
    for (let frame = 0; frame < 40; frame++) await new Promise(requestAnimationFrame);
    return [before, drawn()];
  }, revenueText.length);
  expect(first, "o gráfico muda depois de desenhado").toEqual(later);
  return { revenueText, statusText, ...later! };
}

function centsOf(row: string): number {
  return Number(
    row
      .replace(/^\S+ R\$ /, "")
      .replace(/\./g, "")
      .replace(",", "."),
  );
}

describe("the dashboard's charts", () => {
  const browser = useBrowser();
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  it("show the same figures on every render and width, today's revenue included, and say them in text", async () => {
    const { page, baseURL } = browser;
    await openPanel(page, baseURL);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin");
    const before = await readCharts(page);

    const paid = await placeOrder(baseURL);
    await placeOrder(baseURL, { paid: false });

    const readings: ChartReading[] = [];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/admin");
      readings.push(await readCharts(page));
      await page.reload();
      readings.push(await readCharts(page));
    }
    for (const reading of readings.slice(1)) {
      expect(reading.revenueText).toEqual(readings[0]!.revenueText);
      expect(reading.statusText).toEqual(readings[0]!.statusText);
    }

    const today = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
    }).format(new Date());
    const { revenueText, statusText } = readings[0]!;
    expect(revenueText).toHaveLength(30);
    expect(revenueText.at(-1)).toMatch(new RegExp(`^${today} `));
    // The text says what the database holds: today's revenue grew by the order just paid, and
    // both new orders are pending (the paid one too, until the shop moves it on).
    expect(Math.round(centsOf(revenueText.at(-1)!) * 100)).toBe(
      Math.round(centsOf(before.revenueText.at(-1)!) * 100) + paid.totalCents,
    );
    const pending = (text: string[]) => Number(/pendente: (\d+)/.exec(text.join(" "))?.[1] ?? 0);
    expect(pending(statusText)).toBe(pending(before.statusText) + 2);

    for (const reading of readings) {
      // A bar for each day with revenue, today's among them, its height in proportion.
      const revenue = reading.revenueText.map(centsOf);
      const tallest = Math.max(...reading.barHeights);
      reading.barHeights.forEach((height, day) => {
        expect(height > 0, reading.revenueText[day]).toBe(revenue[day]! > 0);
        expect(Math.abs(height / tallest - revenue[day]! / Math.max(...revenue))).toBeLessThan(0.05);
      });
      expect(reading.barHeights.at(-1)).toBeGreaterThan(0);
      expect(reading.slices).toHaveLength(reading.statusText.length);
    }
  });
});

describe("the gate", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  it("is the first thing an admin who signs in sees, with no request refused, and then opens the page asked for", async () => {
    const { page, baseURL } = browser;
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await signInContext(page.context(), baseURL, await signIn(baseURL, STORE_ADMIN));
    await page.goto("/admin/orders?status=pending");
    const dialog = page.getByRole("dialog", { name: "Autenticação de Administrador" });
    await dialog.waitFor();
    expect(await page.getByRole("navigation", { name: "Seções do painel" }).count()).toBe(0);
    expect(refused).toEqual([]);

    await dialog.getByLabel("Senha").fill(STORE_ADMIN.gatePassword);
    await dialog.getByRole("button", { name: "Verificar" }).click();
    await page.getByRole("heading", { name: /^Pedidos/ }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/admin/orders?status=pending");
    expect(await page.getByLabel("Status").inputValue()).toBe("pending");
    expect(await textOf(page.getByRole("navigation", { name: "Seções do painel" }))).toContain("Dashboard");
    expect(refused).toEqual([]);
  });
});
