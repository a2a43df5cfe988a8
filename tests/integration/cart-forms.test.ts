import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems } from "../../app/db/schema.server";
import { VISITOR_CART_COOKIE } from "../../app/domain/cart/visitor-cart-lines";
import { action as authAction } from "../../app/routes/auth";
import { action as cartAction, loader as cartLoader } from "../../app/routes/cart";
import { createProduct, createProductWithVariants } from "../support/factories";
import { nextClientIp, setUpTestStore, signUpInStore, TEST_BASE_URL } from "../support/test-context";

// The cart's forms and /auth's, as a browser posts them before the scripts run (decision 0013).

const store = setUpTestStore();

/** The cart cookie a Set-Cookie header list sets, as the next request's Cookie header. */
function cartCookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((line) => line.startsWith(`${VISITOR_CART_COOKIE}=`));
  if (!cookie) throw new Error("Sem cookie do carrinho");
  return cookie.split(";", 1)[0]!;
}

type CartForm = Record<string, string | number>;
const formFields = (form: CartForm) =>
  new URLSearchParams(Object.entries(form).map(([name, value]) => [name, String(value)]));

/** A cart form posted as the page's forms post it: the change in the action's query, an empty body. */
function post(form: CartForm, cookie = ""): Promise<Response> {
  return cartAction({
    request: new Request(`${TEST_BASE_URL}/cart?${formFields(form)}`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams(),
    }),
    context: store.context,
    params: {},
  } as never) as Promise<Response>;
}

async function cartPage(cookie: string) {
  const request = new Request(`${TEST_BASE_URL}/cart`, { headers: { cookie } });
  const result = (await cartLoader({ request, context: store.context, params: {} } as never)) as {
    data: { items: { id: number; variantLabel: string; quantity: number; priceCents: number }[] };
    init: ResponseInit | null;
  };
  return { items: result.data.items, headers: new Headers(result.init?.headers) };
}

describe("the cart's forms", () => {
  it("keep a visitor's lines in the cookie, priced from the database, and answer for this visitor alone", async () => {
    const product = await createProduct(store.database.db, { stock: 2, priceCents: 4_990 });
    const added = await post({ intent: "add", productId: product.id });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/cart");
    expect(added.headers.get("Cache-Control")).toBe("private, no-store");
    let cookie = cartCookieOf(added.headers);
    expect(cookie).toBe(`${VISITOR_CART_COOKIE}=${product.id}.${product.variantId}:1`);

    // Past the stock, the quantity stops at it.
    cookie = cartCookieOf(
      (await post({ intent: "set", productId: product.id, quantity: 5 }, cookie)).headers,
    );
    const page = await cartPage(cookie);
    expect(page.items.map((item) => [item.id, item.quantity, item.priceCents])).toEqual([
      [product.id, 2, 4_990],
    ]);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");

    cookie = cartCookieOf((await post({ intent: "remove", productId: product.id }, cookie)).headers);
    expect(cookie).toBe(`${VISITOR_CART_COOKIE}=`);
    expect((await cartPage(cookie)).items).toEqual([]);
  });

  it("keep two variants of one product as two lines; an old cookie's line is the default variant", async () => {
    const plain = await createProduct(store.database.db, { priceCents: 2_500 });
    const { product, variants } = await createProductWithVariants(store.database.db, {
      options: [{ name: "Cor", values: ["Preto", "Branco"] }],
      variants: [
        { values: ["Preto"], priceCents: 150_000, stock: 3 },
        { values: ["Branco"], priceCents: 160_000, stock: 3 },
      ],
    });
    const [black, white] = variants;
    // A cart kept before variants names products alone.
    let cookie = `${VISITOR_CART_COOKIE}=${plain.id}:2`;
    cookie = cartCookieOf(
      (await post({ intent: "add", productId: product.id, variantId: black!.variantId }, cookie)).headers,
    );
    cookie = cartCookieOf(
      (await post({ intent: "add", productId: product.id, variantId: white!.variantId }, cookie)).headers,
    );
    expect(cookie).toBe(
      `${VISITOR_CART_COOKIE}=${plain.id}.${plain.variantId}:2,${product.id}.${black!.variantId}:1,${product.id}.${white!.variantId}:1`,
    );
    const page = await cartPage(cookie);
    expect(page.items.map((item) => [item.id, item.variantLabel, item.priceCents])).toEqual([
      [plain.id, "", 2_500],
      [product.id, "Cor: Preto", 150_000],
      [product.id, "Cor: Branco", 160_000],
    ]);

    // A variant of another product changes nothing, and the page says why.
    const refused = (await post(
      { intent: "add", productId: plain.id, variantId: black!.variantId },
      cookie,
    )) as unknown as { data: { error: string }; init: ResponseInit };
    expect(refused.init.status).toBe(422);
    expect(refused.data.error).toBe("Variação não encontrada para este produto");
    expect(cartCookieOf(new Headers(refused.init.headers))).toBe(cookie);
  });

  it("take a change in hidden fields, as a page an earlier release rendered posts it", async () => {
    const product = await createProduct(store.database.db);
    const request = new Request(`${TEST_BASE_URL}/cart`, {
      method: "POST",
      body: formFields({ intent: "add", productId: product.id }),
    });
    const added = (await cartAction({ request, context: store.context, params: {} } as never)) as Response;
    expect(added.headers.get("Location")).toBe("/cart");
    expect(cartCookieOf(added.headers)).toBe(`${VISITOR_CART_COOKIE}=${product.id}.${product.variantId}:1`);
  });

  it("drop an edited cookie whole instead of trusting it", async () => {
    const product = await createProduct(store.database.db);
    for (const value of [`${product.id}:101`, `${product.id}:1,${product.id}:2`, `${product.id}:1:9`, "x"]) {
      expect((await cartPage(`${VISITOR_CART_COOKIE}=${value}`)).items).toEqual([]);
    }
  });

  it("refuse a change they do not know, changing nothing", async () => {
    const product = await createProduct(store.database.db);
    const cookie = `${VISITOR_CART_COOKIE}=${product.id}:1`;
    const refusal = await post({ intent: "merge", productId: product.id }, cookie).catch(
      (thrown: unknown) => thrown,
    );
    expect((refusal as { init: ResponseInit }).init.status).toBe(400);
    expect((await cartPage(cookie)).items.map((item) => item.quantity)).toEqual([1]);
  });

  it("change a signed-in customer's cart", async () => {
    const customer = await signUpInStore(store);
    const cable = await createProduct(store.database.db);
    const answer = await post({ intent: "add", productId: cable.id }, customer.cookie);
    expect(answer.headers.get("Location")).toBe("/cart");
    expect(answer.headers.getSetCookie().some((line) => line.startsWith(VISITOR_CART_COOKIE))).toBe(false);
    expect(await customerLines(customer.id)).toEqual([{ id: cable.id, quantity: 1 }]);
  });
});

async function customerLines(userId: string) {
  return store.database.db
    .select({ id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(cartItems.productId);
}

describe("/auth's forms before the scripts", () => {
  it("land a sign-in on the welcome page with the session's cookie and the visitor's lines merged; with scripts, answer data as before", async () => {
    const customer = await signUpInStore(store, { name: "Joana Prado" });
    const [mouse, cable] = [await createProduct(store.database.db), await createProduct(store.database.db)];
    await post({ intent: "add", productId: mouse.id }, customer.cookie);
    const signIn = async (extra: Record<string, string>) => {
      const request = new Request(`${TEST_BASE_URL}/auth`, {
        method: "POST",
        headers: { cookie: `${VISITOR_CART_COOKIE}=${mouse.id}:2,${cable.id}:1` },
        body: new URLSearchParams({
          intent: "login",
          email: customer.email,
          password: customer.password,
          ...extra,
        }),
      });
      const context = { ...store.context, clientIp: nextClientIp() };
      return authAction({ request, context, params: {} } as never).catch((thrown: unknown) => thrown);
    };

    const landed = (await signIn({ beforeScripts: "1" })) as Response;
    expect(landed.status).toBe(302);
    expect(landed.headers.get("Location")).toBe("/auth?bem-vindo=login");
    expect(landed.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(true);
    // The lines added as a visitor joined the customer's cart, and left the cookie.
    expect(cartCookieOf(landed.headers)).toBe(`${VISITOR_CART_COOKIE}=`);
    expect(await customerLines(customer.id)).toEqual([
      { id: mouse.id, quantity: 3 },
      { id: cable.id, quantity: 1 },
    ]);

    // With scripts, the browser merges its own cart and announces the result: the action leaves it.
    const answered = (await signIn({})) as { data: unknown; init: ResponseInit | null };
    expect(answered.data).toEqual({ welcome: "login", name: "Joana Prado" });
    expect(
      new Headers(answered.init?.headers).getSetCookie().some((line) => line.startsWith(VISITOR_CART_COOKIE)),
    ).toBe(false);
  });
});
