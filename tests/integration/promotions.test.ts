import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  cartItems,
  orderItems,
  orders,
  productVariants,
  products,
  promotions,
} from "../../app/db/schema.server";
import { PROMOTION_FIELD_MESSAGES } from "../../app/domain/promotions/promotion-form";
import { followPromotionWindows } from "../../app/domain/promotions/promotions.server";
import { storeDayText } from "../../app/lib/dates";
import { action as editAction } from "../../app/routes/admin/promotion-edit";
import { action as newAction } from "../../app/routes/admin/promotion-new";
import { loader as listLoader } from "../../app/routes/admin/promotions";
import { action as cartAction } from "../../app/routes/cart";
import { VISITOR_CART_COOKIE } from "../../app/domain/cart/visitor-cart-lines";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { createCoupon } from "../support/coupons";
import { postCheckout } from "../support/checkout";
import { createProduct, createProductWithVariants, type TestProduct } from "../support/factories";
import { rawRequest } from "../support/http";
import { checkoutBody } from "../support/orders";
import { htmlText } from "../support/page-text";
import { setUpStoreHandler } from "../support/store-handler";
import { signUpBuyer, TEST_BASE_URL } from "../support/test-context";

// Issue 53, point 5: automatic promotions, a percentage off a category or a brand for a window of
// São Paulo days, made in the admin's 'Promoções' tab and read over the store's request handler
// (its page caches included): 'de/por' on the pages, the cart and the order at the promoted price,
// the Google feed's sale price with its dates.

const store = setUpStoreHandler();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});
afterEach(() => {
  vi.useRealTimers();
});

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];

const DAY_MS = 86_400_000;
const day = (offsetDays: number) => storeDayText(Date.now() + offsetDays * DAY_MS);

/** A category of the test's own: promotions cover a whole category. */
let categories = 0;
const freshCategory = () => `Promo ${Date.now()}-${(categories += 1)}`;

const page = async (path: string, cookie = "") => {
  const answer = await rawRequest(store.url, path, { headers: { cookie } });
  expect(answer.status, path).toBe(200);
  return answer;
};
const pageText = async (path: string, cookie = "") => htmlText((await page(path, cookie)).body);

/** Posts the admin's 'Nova promoção' form; the id it redirected to, or the refusal answered. */
async function createPromotion(form: Record<string, string>) {
  const answer = await newAction({
    request: adminRequest(admin, "/admin/promotions/new", form),
    context: store.context,
    params: {},
  } as Args<typeof newAction>);
  if (!(answer instanceof Response)) return { refused: answer };
  return { id: Number(/\/admin\/promotions\/(\d+)$/.exec(answer.headers.get("Location") ?? "")![1]) };
}

async function createdPromotion(form: Record<string, string>): Promise<number> {
  const { id, refused } = await createPromotion(form);
  expect(refused).toBeUndefined();
  await store.catalogCaughtUp();
  return id!;
}

const editPromotion = (id: number, form: Record<string, string>) =>
  editAction({
    request: adminRequest(admin, `/admin/promotions/${id}`, form),
    context: store.context,
    params: { promotionId: String(id) },
  } as Args<typeof editAction>);

const salePriceOf = async (product: TestProduct) =>
  (
    await store.database.db
      .select({ cents: productVariants.salePriceCents })
      .from(productVariants)
      .where(eq(productVariants.id, product.variantId))
  )[0]!.cents;

describe("an automatic promotion on a category", () => {
  it("shows 'de/por' on the product page and the catalogue's card while it runs, and the cart and the order charge it", async () => {
    const category = freshCategory();
    const notebook = await createProduct(store.database.db, {
      name: `Notebook ${category}`,
      category,
      priceCents: 100_000,
    });
    const elsewhere = await createProduct(store.database.db, {
      name: `Mouse fora ${category}`,
      priceCents: 10_000,
    });
    // Cached before the promotion starts: starting it must drop them.
    expect(await pageText(`/product/${notebook.id}`)).not.toContain("OFF");

    await createdPromotion({
      name: "Semana do notebook",
      percent: "15",
      category,
      startsOn: day(0),
      endsOn: day(2),
    });

    expect(await pageText(`/product/${notebook.id}`)).toContain("de R$ 1.000,00 por R$ 850,00 15% OFF");
    expect(await pageText(`/catalog?q=${encodeURIComponent(category)}`)).toContain(
      "de R$ 1.000,00 por R$ 850,00 15% OFF",
    );
    expect(await pageText(`/product/${elsewhere.id}`)).not.toContain("OFF");

    const buyer = await signUpBuyer(store);
    await store.database.db.insert(cartItems).values({
      userId: buyer.id,
      productId: notebook.id,
      variantId: notebook.variantId,
      quantity: 2,
    });
    expect(await pageText("/cart", buyer.cookie)).toContain("Total R$ 1.700,00");

    const placed = await postCheckout(
      store.context,
      buyer,
      checkoutBody(buyer, [{ id: notebook.id, variantId: notebook.variantId, quantity: 2 }]),
    );
    const [line] = await store.database.db
      .select({ unitPriceCents: orderItems.unitPriceCents, totalCents: orders.totalCents })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.orderId, placed.orderId!));
    expect(line).toEqual({ unitPriceCents: 85_000, totalCents: 170_000 });
  });

  it("takes the highest of two promotions on one product, off the price its variant sells for, and keeps its own 'de' price", async () => {
    const category = freshCategory();
    const { product: phone } = await createProductWithVariants(store.database.db, {
      name: `Celular ${category}`,
      category,
      brand: `Marca ${category}`,
      options: [{ name: "Armazenamento", values: ["128 GB", "256 GB"] }],
      variants: [
        { values: ["128 GB"], priceCents: 200_000, compareAtCents: 250_000, stock: 3 },
        { values: ["256 GB"], priceCents: 240_000, stock: 3 },
      ],
    });
    await createdPromotion({
      name: "Categoria 10",
      percent: "10",
      category,
      startsOn: day(0),
      endsOn: day(1),
    });
    await createdPromotion({
      name: "Marca 20",
      percent: "20",
      brand: `Marca ${category}`,
      startsOn: day(0),
      endsOn: day(1),
    });

    const text = await pageText(`/product/${phone.id}`);
    // The cheapest variant leads: 20% off R$ 2.000,00, its own 'de' price R$ 2.500,00 kept.
    expect(text).toContain("de R$ 2.500,00 por R$ 1.600,00 36% OFF");
    const [cheap, dear] = await store.database.db
      .select({ sale: productVariants.salePriceCents, former: productVariants.formerPriceCents })
      .from(productVariants)
      .where(eq(productVariants.productId, phone.id))
      .orderBy(productVariants.priceCents);
    expect([cheap, dear]).toEqual([
      { sale: 160_000, former: 250_000 },
      { sale: 192_000, former: 240_000 },
    ]);
  });

  it("gives the Google feed the list price, the sale price and the promotion's dates", async () => {
    const category = freshCategory();
    const headset = await createProduct(store.database.db, {
      name: `Headset ${category}`,
      category,
      priceCents: 30_000,
      image: "/images/headset.jpg",
    });
    const id = await createdPromotion({
      name: "Headsets",
      percent: "12,5",
      category,
      startsOn: day(0),
      endsOn: day(3),
    });
    const [window] = await store.database.db
      .select({ startsAt: promotions.startsAt, endsAt: promotions.endsAt })
      .from(promotions)
      .where(eq(promotions.id, id));
    const feed = (await page("/feed/google.xml")).body;
    const item = feed.split("<item>").find((entry) => entry.includes(`<g:id>${headset.sku}</g:id>`))!;
    const iso = (date: Date) => date.toISOString().replace(/\.000Z$/, "Z");
    expect(item).toContain("<g:price>300.00 BRL</g:price><g:sale_price>262.50 BRL</g:sale_price>");
    expect(item).toContain(
      `<g:sale_price_effective_date>${iso(window!.startsAt)}/${iso(window!.endsAt)}</g:sale_price_effective_date>`,
    );
  });

  it("ends at once when the admin deactivates it, and comes back when activated", async () => {
    const category = freshCategory();
    const keyboard = await createProduct(store.database.db, {
      name: `Teclado ${category}`,
      category,
      priceCents: 20_000,
    });
    const id = await createdPromotion({
      name: "Teclados",
      percent: "50",
      category,
      startsOn: day(0),
      endsOn: day(0),
    });
    expect(await salePriceOf(keyboard)).toBe(10_000);

    expect(await editPromotion(id, { intent: "deactivate" })).toEqual({
      ok: true,
      message: "Promoção desativada",
    });
    await store.catalogCaughtUp();
    const text = await pageText(`/product/${keyboard.id}`);
    expect(text).toContain("R$ 200,00");
    expect(text).not.toContain("OFF");

    expect(await editPromotion(id, { intent: "activate" })).toEqual({
      ok: true,
      message: "Promoção ativada",
    });
    expect(await salePriceOf(keyboard)).toBe(10_000);
  });

  it("is applied by the store's job when its first day starts, and removed when its last day is over", async () => {
    const category = freshCategory();
    const monitor = await createProduct(store.database.db, {
      name: `Monitor ${category}`,
      category,
      priceCents: 80_000,
    });
    const id = await createdPromotion({
      name: "Amanhã",
      percent: "25",
      category,
      startsOn: day(1),
      endsOn: day(1),
    });
    const [window] = await store.database.db
      .select({ startsAt: promotions.startsAt, endsAt: promotions.endsAt })
      .from(promotions)
      .where(eq(promotions.id, id));
    expect(await salePriceOf(monitor)).toBe(80_000);

    // One store process's job, its clock moved past each edge of the window.
    const followWindows = followPromotionWindows();
    await followWindows(store.database.db);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(window!.startsAt.getTime() + 1_000);
    await followWindows(store.database.db);
    expect(await salePriceOf(monitor)).toBe(60_000);
    vi.setSystemTime(window!.endsAt.getTime() + 1_000);
    await followWindows(store.database.db);
    expect(await salePriceOf(monitor)).toBe(80_000);
  });

  it("covers a product added to its category, or moved into it, at once", async () => {
    const category = freshCategory();
    await createdPromotion({ name: "Cabos", percent: "10", category, startsOn: day(0), endsOn: day(1) });
    const added = await createProduct(store.database.db, { category, priceCents: 5_000 });
    expect(await salePriceOf(added)).toBe(4_500);

    const moved = await createProduct(store.database.db, { priceCents: 7_000 });
    await store.database.db.update(products).set({ category }).where(eq(products.id, moved.id));
    expect(await salePriceOf(moved)).toBe(6_300);
    await store.database.db.update(products).set({ category: "Acessórios" }).where(eq(products.id, moved.id));
    expect(await salePriceOf(moved)).toBe(7_000);
  });

  it("is an item on promotion to a coupon, which leaves it out unless it takes off from those too", async () => {
    const category = freshCategory();
    const speaker = await createProduct(store.database.db, {
      name: `Caixa ${category}`,
      category,
      priceCents: 40_000,
    });
    await createdPromotion({ name: "Som", percent: "10", category, startsOn: day(0), endsOn: day(1) });
    const notOnSale = await createCoupon(store.database.db, { onSaleItems: false });
    const onSaleToo = await createCoupon(store.database.db, { onSaleItems: true });
    const tryCode = async (code: string) =>
      cartAction({
        request: new Request(`${TEST_BASE_URL}/cart`, {
          method: "POST",
          headers: { cookie: `${VISITOR_CART_COOKIE}=${speaker.id}.${speaker.variantId}:1` },
          body: new URLSearchParams({ intent: "coupon", code }),
        }),
        context: store.context,
        params: {},
      } as Args<typeof cartAction>);

    expect(await tryCode(notOnSale.code)).toMatchObject({
      data: { couponRefusal: { message: "Este cupom não se aplica aos produtos do carrinho" } },
    });
    const kept = (await tryCode(onSaleToo.code)) as Response;
    expect(kept.headers.get("Location")).toBe("/cart");
  });
});

describe("the admin's 'Promoções' tab", () => {
  it("lists each promotion with its discount, what it covers, its days and whether it runs", async () => {
    const category = freshCategory();
    await createdPromotion({
      name: "Lista agora",
      percent: "7,5",
      category,
      startsOn: day(0),
      endsOn: day(1),
    });
    await createdPromotion({
      name: "Lista depois",
      percent: "30",
      category,
      startsOn: day(5),
      endsOn: day(6),
    });
    const { promotions: listed } = await listLoader({
      request: adminRequest(admin, "/admin/promotions"),
      context: store.context,
      params: {},
    } as Args<typeof listLoader>);
    const shown = (name: string) => listed.find((promotion) => promotion.name === name);
    expect(shown("Lista agora")).toMatchObject({
      percent: "7,5%",
      covers: `Categoria ${category}`,
      standing: "Em andamento",
    });
    expect(shown("Lista depois")).toMatchObject({ percent: "30%", standing: "Agendada" });
  });

  it("refuses a form that names no percentage in range, no category or brand, both, or a last day before the first, and saves nothing", async () => {
    const category = freshCategory();
    const count = async () =>
      (await store.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(promotions))[0]!.n;
    const before = await count();
    const valid = { name: "Recusada", percent: "10", category, startsOn: day(0), endsOn: day(1) };
    const refusalOf = async (form: Record<string, string>) => (await createPromotion(form)).refused?.errors;

    expect(await refusalOf({ ...valid, percent: "0" })).toEqual({
      percent: PROMOTION_FIELD_MESSAGES.percent,
    });
    expect(await refusalOf({ ...valid, percent: "95" })).toEqual({
      percent: PROMOTION_FIELD_MESSAGES.percent,
    });
    expect(await refusalOf({ ...valid, category: "" })).toEqual({
      category: PROMOTION_FIELD_MESSAGES.coversNone,
    });
    expect(await refusalOf({ ...valid, brand: "Marca X" })).toEqual({
      brand: PROMOTION_FIELD_MESSAGES.coversBoth,
    });
    expect(await refusalOf({ ...valid, startsOn: day(2), endsOn: day(1) })).toEqual({
      endsOn: PROMOTION_FIELD_MESSAGES.endsBeforeStart,
    });
    expect(await refusalOf({ ...valid, name: "" })).toEqual({ name: PROMOTION_FIELD_MESSAGES.name });
    expect(await count()).toBe(before);
  });
});
