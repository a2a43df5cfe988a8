import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, orderAdjustments } from "../../app/db/schema.server";
import { TOO_MANY_CODES } from "../../app/domain/cart/cart-coupon.server";
import { COUPON_COOKIE } from "../../app/domain/cart/coupon-cookie";
import { VISITOR_CART_COOKIE } from "../../app/domain/cart/visitor-cart-lines";
import { action as cartAction, loader as cartLoader } from "../../app/routes/cart";
import { action as checkoutAction } from "../../app/routes/checkout";
import { loader as receiptLoader } from "../../app/routes/account.order-receipt";
import { loader as customerOrdersLoader } from "../../app/routes/account/orders";
import { loader as adminOrderLoader } from "../../app/routes/admin/order";
import { action as sandboxPayment } from "../../app/routes/api.sandbox-payment";
import { adminRequest, signedInAdmin } from "../support/admin";
import { postCheckout } from "../support/checkout";
import { checkoutBody } from "../support/orders";
import { cartItems } from "../../app/db/schema.server";
import { createCoupon as createTestCoupon } from "../support/coupons";
import { createProduct } from "../support/factories";
import { createTestContext, setUpTestStore, signUpBuyer, TEST_BASE_URL } from "../support/test-context";

// Issue 53, point 2: the code typed in the cart (a plain form), the discount shown or exactly why
// not, and the order placed with it from the checkout's plain form.

const store = setUpTestStore();

const createCoupon = (overrides: Parameters<typeof createTestCoupon>[1] = {}) =>
  createTestCoupon(store.database.db, overrides);

/** A visitor's cart cookie holding one unit of a new product at `priceCents`. */
async function visitorCart(priceCents: number) {
  const product = await createProduct(store.database.db, { priceCents });
  return `${VISITOR_CART_COOKIE}=${product.id}.${product.variantId}:1`;
}

/** The coupon form as the cart page posts it, from one client (its own rate limit). */
function tryCode(
  code: string,
  cookie: string,
  context = store.context,
): Promise<Response | { data: unknown }> {
  return cartAction({
    request: new Request(`${TEST_BASE_URL}/cart`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "coupon", code }),
    }),
    context,
    params: {},
  } as never) as Promise<Response | { data: unknown }>;
}

const couponCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${COUPON_COOKIE}=`))
    ?.split(";", 1)[0];

describe("the cart's coupon form", () => {
  it("keeps a code typed in any case with spaces, and the cart then shows its coupon", async () => {
    const coupon = await createCoupon();
    const cart = await visitorCart(10_000);
    const answer = (await tryCode(`  ${coupon.code.toLowerCase()} `, cart)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/cart");
    const kept = couponCookieOf(answer)!;
    expect(kept).toBe(`${COUPON_COOKIE}=${coupon.code}`);
    const page = (await cartLoader({
      request: new Request(`${TEST_BASE_URL}/cart`, { headers: { cookie: `${cart}; ${kept}` } }),
      context: store.context,
      params: {},
    } as never)) as { data: { coupon: { code: string; coupon: { value: number } } } };
    expect(page.data.coupon).toMatchObject({ code: coupon.code, coupon: { value: 1_000 } });
  });

  it("says exactly why a code gives nothing, keeping nothing", async () => {
    const cart = await visitorCart(10_000);
    const cases: [string, string][] = [
      ["NAO-EXISTE", "Cupom inválido"],
      [(await createCoupon({ active: false })).code, "Cupom inválido"],
      [(await createCoupon({ endsAt: new Date(Date.now() - 1_000) })).code, "Cupom expirado"],
      [
        (await createCoupon({ minSubtotalCents: 30_000 })).code,
        "Válido para compras a partir de R$\u00a0300,00",
      ],
      [(await createCoupon({ maxUses: 3, uses: 3 })).code, "Limite de uso atingido"],
      [
        (await createCoupon({ only: { productIds: [], categories: ["Monitores"], brands: [] } })).code,
        "Este cupom não se aplica aos produtos do carrinho",
      ],
    ];
    for (const [code, message] of cases) {
      const answer = (await tryCode(code, cart)) as { data: unknown; init: ResponseInit | null };
      expect(answer.data, code).toEqual({ couponRefusal: { code, message } });
      expect(new Headers(answer.init?.headers).getSetCookie().join()).not.toContain(COUPON_COOKIE);
    }
  });

  it("takes at most 10 codes a minute from one client, so codes cannot be guessed", async () => {
    const cart = await visitorCart(10_000);
    const guesser = createTestContext(store.database);
    for (let guess = 0; guess < 10; guess += 1) {
      const answer = (await tryCode(`PALPITE${guess}`, cart, guesser)) as { data: unknown };
      expect(answer.data).toMatchObject({ couponRefusal: { message: "Cupom inválido" } });
    }
    const coupon = await createCoupon();
    const blocked = (await tryCode(coupon.code, cart, guesser)) as { data: unknown };
    expect(blocked.data).toEqual({ couponRefusal: { code: coupon.code, message: TOO_MANY_CODES } });
  });
});

describe("the checkout's plain form", () => {
  it("places the order with the discount the page showed for the method chosen", async () => {
    const buyer = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 20_000 });
    await store.database.db
      .insert(cartItems)
      .values({ userId: buyer.id, productId: product.id, variantId: product.variantId, quantity: 1 });
    const coupon = await createCoupon({ kind: "fixed", value: 2_500 });
    const placed = await checkoutAction({
      request: new Request(`${TEST_BASE_URL}/checkout?etapa=confirmar`, {
        method: "POST",
        headers: { cookie: buyer.cookie },
        body: new URLSearchParams({
          intent: "place-order",
          checkoutKey: crypto.randomUUID(),
          name: "Maria Compradora",
          email: "maria@example.com",
          phone: "(11) 98765-4321",
          taxId: buyer.cpf,
          addressId: buyer.addressId,
          paymentMethod: "pix",
          couponCode: coupon.code,
          couponSeenPix: "2500",
          couponSeenCard: "2500",
        }),
      }),
      context: store.context,
      params: {},
    } as never).catch((thrown: unknown) => thrown);
    expect(placed).toBeInstanceOf(Response);
    const response = placed as Response;
    expect(response.headers.get("Location")).toMatch(/^\/payment\?/);
    // The coupon is the order's now: the cart forgets it.
    expect(couponCookieOf(response)).toBe(`${COUPON_COOKIE}=`);
    const orderId = new URL(response.headers.get("Location")!, TEST_BASE_URL).searchParams.get("orderId")!;
    const adjustments = await store.database.db
      .select({ label: orderAdjustments.label, amountCents: orderAdjustments.amountCents })
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderId, orderId));
    expect(adjustments).toEqual([{ label: `Cupom ${coupon.code}`, amountCents: -2_500 }]);
  });
});

describe("a paid order with a coupon", () => {
  it("shows the coupon's line the same way on the receipt, the payment's e-mail, the customer's orders and the admin's order", async () => {
    const buyer = await signUpBuyer(store);
    const admin = await signedInAdmin(store.context);
    const product = await createProduct(store.database.db, { priceCents: 30_000 });
    const coupon = await createCoupon({ kind: "fixed", value: 4_000 });
    const placed = await postCheckout(store.context, buyer, {
      ...checkoutBody(buyer, [{ id: product.id, variantId: product.variantId, quantity: 1 }]),
      coupon: { code: coupon.code, seenCents: 4_000 },
    });
    const orderId = placed.orderId!;
    const get = (path: string) =>
      new Request(`${TEST_BASE_URL}${path}`, { headers: { cookie: buyer.cookie } });
    const paid = await sandboxPayment({
      request: new Request(`${TEST_BASE_URL}/api/sandbox/payment`, {
        method: "POST",
        headers: { cookie: buyer.cookie },
        body: new URLSearchParams({ orderId }),
      }),
      context: store.context,
      params: {},
    } as never);
    expect(paid.data).toEqual({ paid: true });

    const line = `Cupom ${coupon.code}: −R$\u00a040,00`;
    const receipt = await receiptLoader({
      request: get(`/account/orders/${orderId}/receipt`),
      context: store.context,
      params: { orderId },
    } as never);
    expect(await receipt.text()).toContain(
      `<div class="adjustments">\n<p>${line}</p>\n</div>\n<p class="total">Total: R$\u00a0260,00</p>`,
    );
    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order-paid:${orderId}`));
    expect(mail!.text).toContain(`${line}\nTotal: R$\u00a0260,00`);
    expect(mail!.html).toContain(line);

    const couponLine = { kind: "coupon", label: `Cupom ${coupon.code}`, amountCents: -4_000 };
    const listed = await customerOrdersLoader({
      request: get("/account/orders"),
      context: store.context,
      params: {},
    } as never);
    expect(listed.orders.find((order) => order.id === orderId)).toMatchObject({
      totalCents: 26_000,
      adjustments: [couponLine],
    });
    const adminOrder = await adminOrderLoader({
      request: adminRequest(admin, `/admin/orders/${orderId}`),
      context: store.context,
      params: { orderId },
    } as never);
    expect(adminOrder.order).toMatchObject({ totalCents: 26_000, adjustments: [couponLine] });
  });
});
