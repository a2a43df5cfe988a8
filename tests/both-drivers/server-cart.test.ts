import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems, productVariants, users } from "../../app/db/schema.server";
import { exportPersonalData } from "../../app/domain/accounts/personal-data.server";
import { action as cartAction, loader as cartLoader } from "../../app/routes/api.cart";
import { createProduct, createProductWithVariants, setStock as setProductStock } from "../support/factories";
import { setUpTestStore, signUpInStore, TEST_BASE_URL, type SignedUpCustomer } from "../support/test-context";

// The signed-in customer's cart (DESIGN point 6) through `/api/cart`, as the browser reaches it.

const store = setUpTestStore();

type Shopper = Pick<SignedUpCustomer, "id" | "cookie">;

const shopper = () => signUpInStore(store);

interface Answer {
  status: number;
  headers: Headers;
  body: {
    items?: { id: number; name: string; priceCents: number; quantity: number }[];
    change?: { kind: string; max?: number };
    merge?: { lowered: { name: string; quantity: number }[]; unavailable: number[]; overflow: number };
    refresh?: { removed: string[]; reduced: { name: string; quantity: number }[] };
    error?: string;
  };
}

type RouteResult = { data: Answer["body"]; init: ResponseInit | null };

function answerOf(result: unknown): Answer {
  const { data, init } = result as RouteResult;
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
}

async function readCart(who: Shopper | null): Promise<Answer> {
  const request = new Request(`${TEST_BASE_URL}/api/cart`, { headers: who ? { cookie: who.cookie } : {} });
  return answerOf(await cartLoader({ request, context: store.context, params: {} } as never));
}

async function send(who: Shopper | null, body: unknown): Promise<Answer> {
  const request = new Request(`${TEST_BASE_URL}/api/cart`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(who ? { cookie: who.cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return cartAction({ request, context: store.context, params: {} } as never).then(answerOf, refusalOf);
}

/** A guard's refusal, thrown as the HTTP answer it is. */
async function refusalOf(thrown: unknown): Promise<Answer> {
  if (!(thrown instanceof Response)) throw thrown;
  return { status: thrown.status, headers: thrown.headers, body: (await thrown.json()) as Answer["body"] };
}

const linesOf = (answer: Answer) => answer.body.items?.map((item) => [item.id, item.quantity]);

async function storedLines(who: Shopper) {
  const rows = await store.database.db
    .select({ id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, who.id))
    .orderBy(cartItems.createdAt, cartItems.productId);
  return rows.map((row) => [row.id, row.quantity]);
}

async function storedVariants(who: Shopper) {
  const rows = await store.database.db
    .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, who.id))
    .orderBy(cartItems.createdAt, cartItems.variantId);
  return rows.map((row) => [row.variantId, row.quantity]);
}

const setStock = (id: number, stock: number) => setProductStock(store.database.db, id, stock);

describe("the signed-in customer's cart", () => {
  it("keeps added products on the server, with the product as the store has it now", async () => {
    const who = await shopper();
    const mouse = await createProduct(store.database.db, { priceCents: 12_990, stock: 5 });

    expect((await send(who, { intent: "add", productId: mouse.id })).body).toMatchObject({
      items: [{ id: mouse.id, name: mouse.name, priceCents: 12_990, quantity: 1 }],
      change: { kind: "added" },
    });
    expect((await send(who, { intent: "add", productId: mouse.id })).body.change).toEqual({
      kind: "increased",
    });
    await store.database.db
      .update(productVariants)
      .set({ priceCents: 9_990 })
      .where(eq(productVariants.id, mouse.variantId));

    const read = await readCart(who);
    expect(read.body.items).toMatchObject([{ id: mouse.id, priceCents: 9_990, quantity: 2 }]);
    expect(read.headers.get("cache-control")).toBe("no-store");
    expect(await storedLines(who)).toEqual([[mouse.id, 2]]);
  });

  it("sets, caps, removes and clears with the browser cart's rules", async () => {
    const who = await shopper();
    const [cable, dock] = [
      await createProduct(store.database.db, { stock: 3 }),
      await createProduct(store.database.db, { stock: 500 }),
    ];
    await send(who, { intent: "add", productId: cable.id });
    await send(who, { intent: "add", productId: dock.id });

    expect((await send(who, { intent: "set", productId: cable.id, quantity: 9 })).body).toMatchObject({
      change: { kind: "limit", max: 3 },
    });
    expect((await send(who, { intent: "set", productId: dock.id, quantity: 250 })).body.change).toEqual({
      kind: "limit",
      max: 100,
    });
    expect(await storedLines(who)).toEqual([
      [cable.id, 3],
      [dock.id, 100],
    ]);
    expect(linesOf(await send(who, { intent: "set", productId: cable.id, quantity: 0 }))).toEqual([
      [dock.id, 100],
    ]);
    expect(linesOf(await send(who, { intent: "remove", productId: dock.id }))).toEqual([]);

    await send(who, { intent: "add", productId: cable.id });
    expect((await send(who, { intent: "clear" })).body).toEqual({ items: [], change: { kind: "cleared" } });
    expect(await storedLines(who)).toEqual([]);
  });

  it("refuses a sold-out product, a 51st line and a product that does not exist", async () => {
    const who = await shopper();
    const soldOut = await createProduct(store.database.db, { stock: 0 });
    expect((await send(who, { intent: "add", productId: soldOut.id })).body.change).toEqual({
      kind: "unavailable",
    });

    const fifty = await Promise.all(Array.from({ length: 50 }, () => createProduct(store.database.db)));
    await send(who, { intent: "merge", lines: fifty.map((product) => ({ id: product.id, quantity: 1 })) });
    const extra = await createProduct(store.database.db);
    expect((await send(who, { intent: "add", productId: extra.id })).body.change).toEqual({ kind: "full" });

    const missing = await send(who, { intent: "add", productId: 2_000_000_000 });
    expect(missing).toMatchObject({ status: 404, body: { error: "Produto não encontrado" } });
    expect(await storedLines(who)).toHaveLength(50);
  });

  it("keeps two variants of one product as two lines, with their labels, prices and stock", async () => {
    const who = await shopper();
    const { product, variants } = await createProductWithVariants(store.database.db, {
      options: [{ name: "Cor", values: ["Preto", "Branco"] }],
      variants: [
        { values: ["Preto"], priceCents: 150_000, stock: 1 },
        { values: ["Branco"], priceCents: 160_000, stock: 4 },
      ],
    });
    const [black, white] = variants;
    await send(who, { intent: "add", productId: product.id, variantId: black!.variantId });
    const added = await send(who, { intent: "add", productId: product.id, variantId: white!.variantId });
    expect(added.body.items).toMatchObject([
      {
        id: product.id,
        variantId: black!.variantId,
        variantLabel: "Cor: Preto",
        priceCents: 150_000,
        stock: 1,
      },
      {
        id: product.id,
        variantId: white!.variantId,
        variantLabel: "Cor: Branco",
        priceCents: 160_000,
        stock: 4,
      },
    ]);
    // Each line keeps to its own variant's stock.
    const capped = await send(who, { intent: "add", productId: product.id, variantId: black!.variantId });
    expect(capped.body.change).toEqual({ kind: "limit", max: 1 });
    await send(who, { intent: "set", productId: product.id, variantId: white!.variantId, quantity: 3 });
    expect(await storedVariants(who)).toEqual([
      [black!.variantId, 1],
      [white!.variantId, 3],
    ]);
    await send(who, { intent: "remove", productId: product.id, variantId: black!.variantId });
    expect(await storedVariants(who)).toEqual([[white!.variantId, 3]]);
  });

  it("refuses a variant of another product, one no longer sold and a product with options without its variant", async () => {
    const who = await shopper();
    const plain = await createProduct(store.database.db);
    const { product, variants } = await createProductWithVariants(store.database.db, {
      options: [{ name: "Voltagem", values: ["110 V", "220 V"] }],
      variants: [
        { values: ["110 V"], priceCents: 30_000, stock: 5 },
        { values: ["220 V"], priceCents: 30_000, stock: 5, active: false },
      ],
    });
    await send(who, { intent: "add", productId: plain.id });
    const before = await storedVariants(who);

    const foreign = await send(who, {
      intent: "add",
      productId: plain.id,
      variantId: variants[0]!.variantId,
    });
    expect(foreign).toMatchObject({
      status: 404,
      body: { error: "Variação não encontrada para este produto" },
    });
    const inactive = await send(who, {
      intent: "add",
      productId: product.id,
      variantId: variants[1]!.variantId,
    });
    expect(inactive).toMatchObject({
      status: 404,
      body: { error: "Esta variação do produto não está mais à venda" },
    });
    const noCombination = await send(who, { intent: "add", productId: product.id });
    expect(noCombination).toMatchObject({
      status: 404,
      body: { error: "Combinação de opções inexistente: escolha as opções do produto" },
    });
    const foreignSet = await send(who, {
      intent: "set",
      productId: product.id,
      variantId: plain.variantId,
      quantity: 9,
    });
    expect(foreignSet.body.error).toBe("Variação não encontrada para este produto");
    expect(await storedVariants(who)).toEqual(before);

    // A merge (a browser's lines at sign-in) leaves such lines out, as it does a product gone.
    const merged = await send(who, {
      intent: "merge",
      lines: [
        { id: plain.id, variantId: variants[0]!.variantId, quantity: 1 },
        { id: product.id, quantity: 1 },
        { id: product.id, variantId: variants[0]!.variantId, quantity: 2 },
      ],
    });
    expect(merged.body.merge?.unavailable).toEqual([plain.id, product.id]);
    expect(await storedVariants(who)).toEqual([...before, [variants[0]!.variantId, 2]]);
  });

  it("shows a visitor no cart, and refuses a visitor's change with 401", async () => {
    const product = await createProduct(store.database.db);
    expect(await readCart(null)).toMatchObject({ status: 200, body: { items: [] } });
    const add = await send(null, { intent: "add", productId: product.id });
    expect(add).toMatchObject({ status: 401, body: { error: "Usuário não autenticado" } });
    const rows = await store.database.db.select().from(cartItems).where(eq(cartItems.productId, product.id));
    expect(rows).toEqual([]);
  });

  it("never shows or changes another customer's cart", async () => {
    const [alice, bruno] = [await shopper(), await shopper()];
    const keyboard = await createProduct(store.database.db);
    await send(alice, { intent: "add", productId: keyboard.id });

    expect((await readCart(bruno)).body.items).toEqual([]);
    await send(bruno, { intent: "remove", productId: keyboard.id });
    await send(bruno, { intent: "set", productId: keyboard.id, quantity: 7 });
    await send(bruno, { intent: "clear" });

    expect(await storedLines(alice)).toEqual([[keyboard.id, 1]]);
    expect(await storedLines(bruno)).toEqual([]);
  });

  it.each([
    ["a body that is not JSON", "{carrinho"],
    ["an unknown intent", { intent: "buy", productId: 1 }],
    ["a product id of 0", { intent: "add", productId: 0 }],
    ["a product id as text", { intent: "add", productId: "1" }],
    ["a fractional quantity", { intent: "set", productId: 1, quantity: 1.5 }],
    ["a merged quantity above 100", { intent: "merge", lines: [{ id: 1, quantity: 101 }] }],
    ["a merged quantity of 0", { intent: "merge", lines: [{ id: 1, quantity: 0 }] }],
    [
      "51 merged lines",
      { intent: "merge", lines: Array.from({ length: 51 }, (_, i) => ({ id: i + 1, quantity: 1 })) },
    ],
  ])("refuses %s with 'Dados inválidos' and changes nothing", async (_, body) => {
    const who = await shopper();
    const product = await createProduct(store.database.db);
    await send(who, { intent: "add", productId: product.id });

    expect(await send(who, body)).toMatchObject({ status: 400, body: { error: "Dados inválidos" } });
    expect(await storedLines(who)).toEqual([[product.id, 1]]);
  });

  it("brings the cart within the stock when it is read, and says what it changed", async () => {
    const who = await shopper();
    const [headset, webcam] = [
      await createProduct(store.database.db, { stock: 10 }),
      await createProduct(store.database.db, { stock: 10 }),
    ];
    await send(who, {
      intent: "merge",
      lines: [
        { id: headset.id, quantity: 6 },
        { id: webcam.id, quantity: 2 },
      ],
    });
    await setStock(headset.id, 4);
    await setStock(webcam.id, 0);

    const read = await readCart(who);
    expect(linesOf(read)).toEqual([[headset.id, 4]]);
    expect(read.body.refresh).toMatchObject({
      removed: [webcam.name],
      reduced: [{ name: headset.name, quantity: 4 }],
    });
    expect(await storedLines(who)).toEqual([[headset.id, 4]]);
    expect((await readCart(who)).body.refresh).toMatchObject({ removed: [], reduced: [] });
  });

  it("takes concurrent adds one at a time: never above the stock", async () => {
    const who = await shopper();
    const lastUnits = await createProduct(store.database.db, { stock: 5 });
    await Promise.all(
      Array.from({ length: 12 }, () => send(who, { intent: "add", productId: lastUnits.id })),
    );
    expect(await storedLines(who)).toEqual([[lastUnits.id, 5]]);
  });
});

describe("merging the browser's cart at sign-in", () => {
  it("adds quantities, lowers them to the stock and to 100, and leaves out what cannot be bought", async () => {
    const who = await shopper();
    const [mouse, cable, phone, soldOut] = [
      await createProduct(store.database.db, { stock: 10 }),
      await createProduct(store.database.db, { stock: 1_000 }),
      await createProduct(store.database.db, { stock: 6 }),
      await createProduct(store.database.db, { stock: 0 }),
    ];
    await send(who, { intent: "set", productId: mouse.id, quantity: 1 }); // not in the cart: nothing
    await send(who, { intent: "add", productId: mouse.id });
    await send(who, {
      intent: "merge",
      lines: [
        { id: cable.id, quantity: 80 },
        { id: phone.id, quantity: 4 },
      ],
    });

    const merged = await send(who, {
      intent: "merge",
      lines: [
        { id: mouse.id, quantity: 3 },
        { id: cable.id, quantity: 50 },
        { id: phone.id, quantity: 5 },
        { id: soldOut.id, quantity: 1 },
        { id: 2_000_000_000, quantity: 1 },
      ],
    });

    expect(linesOf(merged)).toEqual([
      [mouse.id, 4],
      [cable.id, 100],
      [phone.id, 6],
    ]);
    expect(merged.body.merge).toEqual({
      lowered: [
        { name: cable.name, quantity: 100 },
        { name: phone.name, quantity: 6 },
      ],
      unavailable: [soldOut.id, 2_000_000_000],
      overflow: 0,
    });
    expect(await storedLines(who)).toEqual(linesOf(merged));
  });

  it("keeps the cart within 50 lines and counts the products left out", async () => {
    const who = await shopper();
    const catalogue = await Promise.all(Array.from({ length: 53 }, () => createProduct(store.database.db)));
    await send(who, {
      intent: "merge",
      lines: catalogue.slice(0, 48).map((p) => ({ id: p.id, quantity: 1 })),
    });

    const merged = await send(who, {
      intent: "merge",
      lines: catalogue.slice(46).map((p) => ({ id: p.id, quantity: 2 })),
    });

    expect(merged.body.items).toHaveLength(50);
    expect(merged.body.merge?.overflow).toBe(3);
    const [line] = await store.database.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.userId, who.id), eq(cartItems.productId, catalogue[47]!.id)));
    expect(line?.quantity).toBe(3);
  });
});

describe("the cart in the customer's personal data (LGPD)", () => {
  it("is in the export, and goes with the account", async () => {
    const who = await shopper();
    const mouse = await createProduct(store.database.db);
    const {
      variants: [black],
    } = await createProductWithVariants(store.database.db, {
      options: [{ name: "Cor", values: ["Preto"] }],
      variants: [{ values: ["Preto"], priceCents: 9_990, stock: 5 }],
    });
    await send(who, {
      intent: "merge",
      lines: [
        { id: mouse.id, quantity: 3 },
        { id: black!.id, variantId: black!.variantId, quantity: 1 },
      ],
    });

    const exported = await exportPersonalData(store.database.db, who.id);
    expect(exported.carrinho).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          produtoId: mouse.id,
          produto: mouse.name,
          variacao: "",
          sku: mouse.sku,
          quantidade: 3,
        }),
        expect.objectContaining({
          produtoId: black!.id,
          variacao: "Cor: Preto",
          sku: black!.sku,
          quantidade: 1,
        }),
      ]),
    );
    expect(exported.carrinho).toHaveLength(2);
    expect((await exportPersonalData(store.database.db, (await shopper()).id)).carrinho).toEqual([]);

    await store.database.db.delete(users).where(eq(users.id, who.id));
    expect(await storedLines(who)).toEqual([]);
  });
});
