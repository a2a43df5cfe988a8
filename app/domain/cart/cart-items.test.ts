import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_CART_LINES,
  MAX_QUANTITY_PER_ITEM,
  addItem,
  cartTotals,
  maxQuantity,
  mergeItems,
  parseCartProducts,
  parseStoredCart,
  refreshItems,
  removeItem,
  setQuantity,
  type CartItem,
  type CartProduct,
} from "./cart-items";

/** A product without options, sold as its default variant (whose id is the product's here). */
function createProduct(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id: 1,
    variantId: overrides.id ?? 1,
    variantLabel: "",
    name: "Fone TWS Nova Buds 2",
    category: "Áudio",
    priceCents: 29_990,
    image: "/uploads/products/fone.webp",
    stock: 10,
    ...overrides,
  };
}

function createItem(overrides: Partial<CartItem> = {}): CartItem {
  return { ...createProduct(overrides), quantity: 1, ...overrides };
}

describe("maxQuantity", () => {
  it("is the stock when the stock is below the per-item limit", () => {
    expect(maxQuantity({ stock: 3 })).toBe(3);
  });

  it("never exceeds 100 per item, however much is in stock", () => {
    expect(maxQuantity({ stock: 100 })).toBe(100);
    expect(maxQuantity({ stock: 5_000 })).toBe(MAX_QUANTITY_PER_ITEM);
  });

  it("is 0 for a sold-out product, and never negative", () => {
    expect(maxQuantity({ stock: 0 })).toBe(0);
    expect(maxQuantity({ stock: -4 })).toBe(0);
  });
});

describe("a product's variants", () => {
  const black = createProduct({ id: 7, variantId: 71, variantLabel: "Cor: Preto", priceCents: 1_000 });
  const white = createProduct({ id: 7, variantId: 72, variantLabel: "Cor: Branco", priceCents: 1_200 });

  it("are one line each, with their own price", () => {
    const [once] = addItem([], black);
    const [items, change] = addItem(once, white);
    expect(change).toEqual({ kind: "added" });
    expect(items.map((item) => [item.variantId, item.priceCents])).toEqual([
      [71, 1_000],
      [72, 1_200],
    ]);
    expect(setQuantity(items, 72, 3)[0].map((item) => item.quantity)).toEqual([1, 3]);
    expect(removeItem(items, 71)[0].map((item) => item.variantLabel)).toEqual(["Cor: Branco"]);
  });

  it("are merged by their own ids; a line without one is the product's default variant", () => {
    const plain = createProduct({ id: 3 });
    const merge = mergeItems(
      [],
      [
        { id: 7, variantId: 72, quantity: 2 },
        { id: 3, quantity: 1 },
        // A product with options has no default variant; a variant of another product is not this one's.
        { id: 7, quantity: 1 },
        { id: 8, variantId: 71, quantity: 1 },
      ],
      [black, white, plain],
    );
    expect(merge.items.map((item) => [item.variantId, item.quantity])).toEqual([
      [72, 2],
      [3, 1],
    ]);
    expect(merge.unavailable).toEqual([7, 8]);
  });

  it("name their lines in notices with the variant's label", () => {
    const refresh = refreshItems([{ ...black, quantity: 5 }], [{ ...black, stock: 2 }]);
    expect(refresh.reduced).toEqual([{ name: "Fone TWS Nova Buds 2 (Cor: Preto)", quantity: 2 }]);
  });
});

describe("addItem", () => {
  it("refuses a 51st line: an order holds at most 50 products", () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, index) => createItem({ id: index + 1 }));
    const [items, change] = addItem(full, createProduct({ id: 999 }));
    expect(items).toBe(full);
    expect(change).toEqual({ kind: "full" });
    expect(addItem(full, createProduct({ id: 1 }))[1]).toEqual({ kind: "increased" });
  });

  it("appends a product not yet in the cart with quantity 1", () => {
    const phone = createItem({ id: 1, name: "Smartphone" });
    const mouse = createProduct({ id: 2, name: "Mouse" });

    const [items, change] = addItem([phone], mouse);

    expect(items).toEqual([phone, { ...mouse, quantity: 1 }]);
    expect(change).toEqual({ kind: "added" });
  });

  it("raises the quantity by 1 when the product is already there", () => {
    const [items, change] = addItem([createItem({ id: 7, quantity: 2 })], createProduct({ id: 7 }));

    expect(items).toEqual([createItem({ id: 7, quantity: 3 })]);
    expect(change).toEqual({ kind: "increased" });
  });

  it("takes the product's current name and price when it is added again", () => {
    const stored = createItem({ id: 7, name: "Nome antigo", priceCents: 10_000 });

    const [items] = addItem([stored], createProduct({ id: 7, name: "Nome novo", priceCents: 12_000 }));

    expect(items[0]).toMatchObject({ name: "Nome novo", priceCents: 12_000, quantity: 2 });
  });

  it("keeps the other lines and their order", () => {
    const lines = [createItem({ id: 1 }), createItem({ id: 2 }), createItem({ id: 3 })];

    const [items] = addItem(lines, createProduct({ id: 2 }));

    expect(items.map((item) => [item.id, item.quantity])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
  });

  it("never changes the cart it was given", () => {
    const lines = [createItem({ id: 1 })];
    const snapshot = structuredClone(lines);

    addItem(lines, createProduct({ id: 1 }));
    addItem(lines, createProduct({ id: 2 }));

    expect(lines).toEqual(snapshot);
  });

  it("refuses a sold-out product", () => {
    const lines = [createItem({ id: 1 })];

    const [items, change] = addItem(lines, createProduct({ id: 2, stock: 0 }));

    expect(items).toBe(lines);
    expect(change).toEqual({ kind: "unavailable" });
  });

  it("refuses to add again a product that sold out since it was put in the cart", () => {
    const lines = [createItem({ id: 1, stock: 5, quantity: 1 })];

    const [items, change] = addItem(lines, createProduct({ id: 1, stock: 0 }));

    expect(items).toBe(lines);
    expect(change).toEqual({ kind: "unavailable" });
  });

  it("stops at the stock", () => {
    const lines = [createItem({ id: 3, stock: 2, quantity: 2 })];

    const [items, change] = addItem(lines, createProduct({ id: 3, stock: 2 }));

    expect(items).toBe(lines);
    expect(change).toEqual({ kind: "limit", max: 2 });
  });

  it("stops at 100 per item even with more in stock", () => {
    const lines = [createItem({ id: 3, stock: 500, quantity: 100 })];

    const [items, change] = addItem(lines, createProduct({ id: 3, stock: 500 }));

    expect(items).toBe(lines);
    expect(change).toEqual({ kind: "limit", max: 100 });
  });
});

describe("setQuantity", () => {
  it("sets the quantity of a line", () => {
    const [items, change] = setQuantity([createItem({ id: 1, quantity: 1 })], 1, 4);

    expect(items).toEqual([createItem({ id: 1, quantity: 4 })]);
    expect(change).toEqual({ kind: "updated" });
  });

  it("touches only the line asked for", () => {
    const lines = [createItem({ id: 1, quantity: 1 }), createItem({ id: 2, quantity: 1 })];

    const [items] = setQuantity(lines, 2, 3);

    expect(items.map((item) => item.quantity)).toEqual([1, 3]);
    expect(lines.map((item) => item.quantity)).toEqual([1, 1]);
  });

  it.each([0, -1, -100, Number.NaN])("removes the line when the quantity is %s", (quantity) => {
    const [items, change] = setQuantity([createItem({ id: 1 }), createItem({ id: 2 })], 1, quantity);

    expect(items.map((item) => item.id)).toEqual([2]);
    expect(change).toEqual({ kind: "removed" });
  });

  it("removes the line for a fraction below one and caps an infinite quantity", () => {
    expect(setQuantity([createItem({ id: 1 })], 1, 0.5)[0]).toEqual([]);
    const [items, change] = setQuantity([createItem({ id: 1, stock: 7 })], 1, Number.POSITIVE_INFINITY);
    expect(items[0]!.quantity).toBe(7);
    expect(change).toEqual({ kind: "limit", max: 7 });
  });

  it("rounds a fractional quantity down", () => {
    const [items] = setQuantity([createItem({ id: 1, quantity: 1 })], 1, 2.7);

    expect(items[0]?.quantity).toBe(2);
  });

  it("stops at the line's stock and says so", () => {
    const [items, change] = setQuantity([createItem({ id: 1, stock: 3, quantity: 1 })], 1, 9);

    expect(items[0]?.quantity).toBe(3);
    expect(change).toEqual({ kind: "limit", max: 3 });
  });

  it("stops at 100 per item", () => {
    const [items, change] = setQuantity([createItem({ id: 1, stock: 1_000, quantity: 1 })], 1, 150);

    expect(items[0]?.quantity).toBe(100);
    expect(change).toEqual({ kind: "limit", max: 100 });
  });

  it("accepts exactly the maximum", () => {
    const [items, change] = setQuantity([createItem({ id: 1, stock: 3, quantity: 1 })], 1, 3);

    expect(items[0]?.quantity).toBe(3);
    expect(change).toEqual({ kind: "updated" });
  });

  it("leaves the cart as it is for a product not in it", () => {
    const lines = [createItem({ id: 1 })];

    const [items] = setQuantity(lines, 99, 2);

    expect(items).toBe(lines);
  });
});

describe("removeItem", () => {
  it("takes the product out of the cart", () => {
    const lines = [createItem({ id: 1 }), createItem({ id: 2 }), createItem({ id: 3 })];

    const [items, change] = removeItem(lines, 2);

    expect(items.map((item) => item.id)).toEqual([1, 3]);
    expect(change).toEqual({ kind: "removed" });
    expect(lines).toHaveLength(3);
  });

  it("changes nothing for a product not in the cart", () => {
    const [items] = removeItem([createItem({ id: 1 })], 2);

    expect(items).toEqual([createItem({ id: 1 })]);
  });
});

describe("cartTotals", () => {
  it("is zero for an empty cart", () => {
    expect(cartTotals([])).toEqual({ quantity: 0, subtotalCents: 0 });
  });

  it("adds up the quantities and price times quantity of every line", () => {
    const items = [
      createItem({ id: 1, priceCents: 189_990, quantity: 2 }),
      createItem({ id: 2, priceCents: 2_990, quantity: 3 }),
    ];

    expect(cartTotals(items)).toEqual({ quantity: 5, subtotalCents: 388_950 });
  });
});

describe("refreshItems", () => {
  it("changes nothing when the products are as stored", () => {
    const items = [createItem({ id: 1, quantity: 2 }), createItem({ id: 2 })];

    const refresh = refreshItems(items, [createProduct({ id: 1 }), createProduct({ id: 2 })]);

    expect(refresh).toEqual({ items, removed: [], repriced: [], reduced: [] });
  });

  it("drops a product the store no longer has", () => {
    const items = [createItem({ id: 1, name: "Some" }), createItem({ id: 2, name: "Fica" })];

    const refresh = refreshItems(items, [createProduct({ id: 2, name: "Fica" })]);

    expect(refresh.items.map((item) => item.id)).toEqual([2]);
    expect(refresh.removed).toEqual(["Some"]);
  });

  it("drops a product that sold out", () => {
    const refresh = refreshItems(
      [createItem({ id: 1, name: "Esgotado" })],
      [createProduct({ id: 1, stock: 0 })],
    );

    expect(refresh.items).toEqual([]);
    expect(refresh.removed).toEqual(["Esgotado"]);
  });

  it("takes the current price and reports the change", () => {
    const refresh = refreshItems(
      [createItem({ id: 1, name: "Monitor", priceCents: 100_000, quantity: 2 })],
      [createProduct({ id: 1, name: "Monitor", priceCents: 79_990 })],
    );

    expect(refresh.items[0]).toMatchObject({ priceCents: 79_990, quantity: 2 });
    expect(refresh.repriced).toEqual([{ name: "Monitor", fromCents: 100_000, toCents: 79_990 }]);
  });

  it("cuts a quantity down to the stock now available and reports it", () => {
    const refresh = refreshItems(
      [createItem({ id: 1, name: "Tablet", stock: 10, quantity: 5 })],
      [createProduct({ id: 1, name: "Tablet", stock: 2 })],
    );

    expect(refresh.items[0]).toMatchObject({ quantity: 2, stock: 2 });
    expect(refresh.reduced).toEqual([{ name: "Tablet", quantity: 2 }]);
  });

  it("keeps a quantity the stock still covers", () => {
    const refresh = refreshItems([createItem({ id: 1, quantity: 3 })], [createProduct({ id: 1, stock: 3 })]);

    expect(refresh.items[0]?.quantity).toBe(3);
    expect(refresh.reduced).toEqual([]);
  });

  it("takes the current name, category, image and stock", () => {
    const current = createProduct({ id: 1, name: "Novo", category: "Nova", image: "/novo.webp", stock: 40 });

    const refresh = refreshItems([createItem({ id: 1, quantity: 2 })], [current]);

    expect(refresh.items).toEqual([{ ...current, quantity: 2 }]);
  });

  it("keeps the cart's order and ignores products that are not in it", () => {
    const items = [createItem({ id: 3 }), createItem({ id: 1 })];

    const refresh = refreshItems(items, [
      createProduct({ id: 1 }),
      createProduct({ id: 2 }),
      createProduct({ id: 3 }),
    ]);

    expect(refresh.items.map((item) => item.id)).toEqual([3, 1]);
  });

  it("reports every kind of change at once", () => {
    const items = [
      createItem({ id: 1, name: "Removido" }),
      createItem({ id: 2, name: "Reprecificado", priceCents: 5_000 }),
      createItem({ id: 3, name: "Reduzido", quantity: 8 }),
    ];

    const refresh = refreshItems(items, [
      createProduct({ id: 2, name: "Reprecificado", priceCents: 6_000 }),
      createProduct({ id: 3, name: "Reduzido", stock: 4 }),
    ]);

    expect(refresh.removed).toEqual(["Removido"]);
    expect(refresh.repriced).toEqual([{ name: "Reprecificado", fromCents: 5_000, toCents: 6_000 }]);
    expect(refresh.reduced).toEqual([{ name: "Reduzido", quantity: 4 }]);
    expect(cartTotals(refresh.items)).toEqual({ quantity: 5, subtotalCents: 6_000 + 4 * 29_990 });
  });
});

describe("mergeItems", () => {
  it("adds the browser's quantity to the same product in the customer's cart", () => {
    const merge = mergeItems(
      [createItem({ id: 1, quantity: 2 })],
      [{ id: 1, quantity: 3 }],
      [createProduct({ id: 1 })],
    );

    expect(merge.items).toEqual([createItem({ id: 1, quantity: 5 })]);
    expect(merge).toMatchObject({ lowered: [], unavailable: [], overflow: 0 });
  });

  it("appends products only the browser had, after the customer's lines", () => {
    const merge = mergeItems(
      [createItem({ id: 2 })],
      [{ id: 1, quantity: 4 }],
      [createProduct({ id: 1, name: "Mouse" })],
    );

    expect(merge.items.map((item) => [item.id, item.quantity])).toEqual([
      [2, 1],
      [1, 4],
    ]);
  });

  it("lowers a sum above the stock to the stock and reports it", () => {
    const merge = mergeItems(
      [createItem({ id: 1, quantity: 4 })],
      [{ id: 1, quantity: 4 }],
      [createProduct({ id: 1, name: "Mouse", stock: 6 })],
    );

    expect(merge.items[0]!.quantity).toBe(6);
    expect(merge.lowered).toEqual([{ name: "Mouse", quantity: 6 }]);
  });

  it("lowers a sum above 100 to 100 however much is in stock", () => {
    const merge = mergeItems(
      [createItem({ id: 1, quantity: 70 })],
      [{ id: 1, quantity: 60 }],
      [createProduct({ id: 1, name: "Cabo", stock: 1_000 })],
    );

    expect(merge.items[0]!.quantity).toBe(MAX_QUANTITY_PER_ITEM);
    expect(merge.lowered).toEqual([{ name: "Cabo", quantity: 100 }]);
  });

  it("leaves out products that are gone or sold out, by id", () => {
    const merge = mergeItems(
      [],
      [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 1 },
      ],
      [createProduct({ id: 2, stock: 0 })],
    );

    expect(merge.items).toEqual([]);
    expect(merge.unavailable).toEqual([1, 2]);
  });

  it("keeps the cart within 50 lines and counts what was left out", () => {
    const kept = Array.from({ length: MAX_CART_LINES - 1 }, (_, index) => createItem({ id: index + 1 }));
    const merge = mergeItems(
      kept,
      [
        { id: 1, quantity: 1 },
        { id: 100, quantity: 1 },
        { id: 101, quantity: 1 },
        { id: 102, quantity: 1 },
      ],
      [
        createProduct({ id: 1 }),
        createProduct({ id: 100 }),
        createProduct({ id: 101 }),
        createProduct({ id: 102 }),
      ],
    );

    expect(merge.items).toHaveLength(MAX_CART_LINES);
    expect(merge.items[0]!.quantity).toBe(2);
    expect(merge.items.at(-1)!.id).toBe(100);
    expect(merge.overflow).toBe(2);
  });

  it("never leaves a line above its stock or 100, nor the cart above 50 lines", () => {
    const line = fc.record({
      id: fc.integer({ min: 1, max: 60 }),
      quantity: fc.integer({ min: 1, max: 100 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(line, { selector: (entry) => entry.id, maxLength: MAX_CART_LINES }),
        fc.array(line, { maxLength: MAX_CART_LINES }),
        fc.array(fc.integer({ min: 0, max: 150 }), { minLength: 60, maxLength: 60 }),
        (keptLines, incoming, stocks) => {
          const products = stocks.map((stock, index) => createProduct({ id: index + 1, stock }));
          // The customer's cart as the server keeps it: within each product's stock.
          const kept = keptLines
            .map((entry) => ({
              ...products[entry.id - 1]!,
              quantity: Math.min(entry.quantity, stocks[entry.id - 1]!),
            }))
            .filter((item) => item.quantity > 0);
          const { items } = mergeItems(kept, incoming, products);
          expect(items.length).toBeLessThanOrEqual(MAX_CART_LINES);
          for (const item of items) {
            expect(item.quantity).toBeGreaterThan(0);
            expect(item.quantity).toBeLessThanOrEqual(maxQuantity(item));
          }
        },
      ),
    );
  });

  it("never changes the cart it was given", () => {
    const kept = Object.freeze([Object.freeze(createItem({ id: 1, quantity: 2 }))]);

    mergeItems(kept as CartItem[], [{ id: 1, quantity: 1 }], [createProduct({ id: 1 })]);

    expect(kept[0]!.quantity).toBe(2);
  });
});

describe("parseStoredCart", () => {
  it("keeps the first line of a repeated product, and only the known fields", () => {
    const line = createItem({ id: 3 });
    const stored = [line, { ...line, quantity: 5 }, { ...createItem({ id: 4 }), injected: "<b>x</b>" }];
    expect(parseStoredCart(JSON.stringify(stored))).toEqual([line, createItem({ id: 4 })]);
  });

  it.each([
    ["a zero id", { id: 0 }],
    ["a negative price", { priceCents: -100 }],
    ["a zero price", { priceCents: 0 }],
    ["negative stock", { stock: -1 }],
  ])("drops a line with %s", (_case, overrides) => {
    expect(parseStoredCart(JSON.stringify([{ ...createItem(), ...overrides }]))).toEqual([]);
  });

  it("reads what the cart stored", () => {
    const items = [
      createItem({ id: 1, quantity: 2 }),
      createItem({ id: 2, name: "Cabo", priceCents: 2_990 }),
    ];

    expect(parseStoredCart(JSON.stringify(items))).toEqual(items);
  });

  it("is empty when nothing is stored", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("")).toEqual([]);
  });

  it.each(["{", "undefined", "[1,", "NaN", "<script>alert(1)</script>"])(
    "is empty for text that is not JSON: %s",
    (raw) => {
      expect(parseStoredCart(raw)).toEqual([]);
    },
  );

  it.each(["null", "42", '"carrinho"', "true", '{"id":1,"quantity":1}'])(
    "is empty for JSON that is not a list: %s",
    (raw) => {
      expect(parseStoredCart(raw)).toEqual([]);
    },
  );

  it.each<[string, unknown]>([
    ["null", null],
    ["a number", 7],
    ["a list", [1, 2]],
    ["a text id", { ...createItem(), id: "1" }],
    ["a fractional id", { ...createItem(), id: 1.5 }],
    ["no name", { ...createItem(), name: undefined }],
    ["a numeric name", { ...createItem(), name: 12 }],
    ["no category", { ...createItem(), category: undefined }],
    ["a price in reais", { ...createItem(), priceCents: 299.9 }],
    ["a text price", { ...createItem(), priceCents: "29990" }],
    ["an image object", { ...createItem(), image: { src: "/x.webp" } }],
    ["no stock", { ...createItem(), stock: undefined }],
    ["quantity 0", { ...createItem(), quantity: 0 }],
    ["a negative quantity", { ...createItem(), quantity: -2 }],
    ["a fractional quantity", { ...createItem(), quantity: 1.5 }],
    ["a quantity over 100", { ...createItem(), quantity: 101 }],
    ["a text quantity", { ...createItem(), quantity: "2" }],
  ])("drops a line with %s and keeps the valid ones", (_label, malformed) => {
    const valid = createItem({ id: 9 });

    expect(parseStoredCart(JSON.stringify([malformed, valid]))).toEqual([valid]);
  });

  it("does not let a stored __proto__ key reach Object.prototype", () => {
    const raw = `[{"__proto__":{"polluted":true},"id":1,"name":"x","category":"y","priceCents":1,"image":"","stock":1,"quantity":1}]`;

    parseStoredCart(raw);

    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("keeps at most 50 lines", () => {
    const items = Array.from({ length: 80 }, (_, index) => createItem({ id: index + 1 }));

    const parsed = parseStoredCart(JSON.stringify(items));

    expect(parsed).toHaveLength(50);
    expect(parsed.at(-1)?.id).toBe(50);
  });
});

describe("properties", () => {
  const productArbitrary = fc
    .record({
      id: fc.integer({ min: 1, max: 8 }),
      name: fc.string({ minLength: 1, maxLength: 20 }),
      category: fc.constantFrom("Áudio", "Notebooks", "Acessórios"),
      priceCents: fc.integer({ min: 1, max: 100_000_000 }),
      image: fc.constant("/placeholder.svg"),
      stock: fc.integer({ min: 0, max: 250 }),
    })
    .map((product): CartProduct => ({ ...product, variantId: product.id, variantLabel: "" }));

  const itemArbitrary = fc
    .record({ product: productArbitrary, quantity: fc.integer({ min: 1, max: MAX_QUANTITY_PER_ITEM }) })
    .map(({ product, quantity }): CartItem => ({ ...product, quantity }));

  const cartArbitrary = fc.uniqueArray(itemArbitrary, { selector: (item) => item.id, maxLength: 8 });

  type Operation =
    | { kind: "add"; product: CartProduct }
    | { kind: "set"; id: number; quantity: number }
    | { kind: "remove"; id: number }
    | { kind: "refresh"; current: CartProduct[] }
    | { kind: "clear" };

  const idArbitrary = fc.integer({ min: 1, max: 8 });
  const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
    fc.record({ kind: fc.constant("add" as const), product: productArbitrary }),
    fc.record({
      kind: fc.constant("set" as const),
      id: idArbitrary,
      quantity: fc.integer({ min: -5, max: 150 }),
    }),
    fc.record({ kind: fc.constant("remove" as const), id: idArbitrary }),
    fc.record({
      kind: fc.constant("refresh" as const),
      current: fc.array(productArbitrary, { maxLength: 8 }),
    }),
    fc.record({ kind: fc.constant("clear" as const) }),
  );

  function apply(items: CartItem[], operation: Operation): CartItem[] {
    switch (operation.kind) {
      case "add":
        return addItem(items, operation.product)[0];
      case "set":
        return setQuantity(items, operation.id, operation.quantity)[0];
      case "remove":
        return removeItem(items, operation.id)[0];
      case "refresh":
        return refreshItems(items, operation.current).items;
      case "clear":
        return [];
    }
  }

  it("totals are the sum of the lines", () => {
    fc.assert(
      fc.property(cartArbitrary, (items) => {
        const totals = cartTotals(items);
        expect(totals.quantity).toBe(items.reduce((sum, item) => sum + item.quantity, 0));
        expect(totals.subtotalCents).toBe(
          items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0),
        );
      }),
    );
  });

  it("after any sequence of operations, each product is in one line with a quantity from 1 to its maximum", () => {
    fc.assert(
      fc.property(fc.array(operationArbitrary, { maxLength: 40 }), (operations) => {
        const items = operations.reduce(apply, []);
        expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
        for (const item of items) {
          expect(Number.isInteger(item.quantity)).toBe(true);
          expect(item.quantity).toBeGreaterThanOrEqual(1);
          expect(item.quantity).toBeLessThanOrEqual(maxQuantity(item));
        }
      }),
    );
  });

  it("adding a product not in the cart and removing it gives the cart back", () => {
    fc.assert(
      fc.property(cartArbitrary, productArbitrary, (items, product) => {
        fc.pre(product.stock > 0 && !items.some((item) => item.id === product.id));
        const [withProduct] = addItem(items, product);
        expect(removeItem(withProduct, product.id)[0]).toEqual(items);
      }),
    );
  });

  it("a refresh keeps or lowers quantities and accounts for every line", () => {
    fc.assert(
      fc.property(cartArbitrary, fc.array(productArbitrary, { maxLength: 8 }), (items, current) => {
        const storedQuantities = new Map(items.map((item) => [item.id, item.quantity]));
        const refresh = refreshItems(items, current);
        expect(refresh.items.length + refresh.removed.length).toBe(items.length);
        for (const refreshed of refresh.items) {
          expect(refreshed.quantity).toBeLessThanOrEqual(storedQuantities.get(refreshed.id) ?? 0);
          expect(current.some((product) => product.id === refreshed.id)).toBe(true);
        }
      }),
    );
  });

  it("a stored cart reads back as it was", () => {
    fc.assert(
      fc.property(cartArbitrary, (items) => {
        expect(parseStoredCart(JSON.stringify(items))).toEqual(items);
      }),
    );
  });

  it("any stored text reads as a list of well-formed lines, without throwing", () => {
    const storedText = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .array(fc.oneof(itemArbitrary, fc.anything()), { maxLength: 60 })
        .map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(storedText, (raw) => {
        const items = parseStoredCart(raw);
        expect(items.length).toBeLessThanOrEqual(50);
        for (const item of items) {
          expect(Number.isInteger(item.id)).toBe(true);
          expect(Number.isInteger(item.priceCents)).toBe(true);
          expect(Number.isInteger(item.quantity)).toBe(true);
          expect(item.quantity).toBeGreaterThanOrEqual(1);
          expect(item.quantity).toBeLessThanOrEqual(MAX_QUANTITY_PER_ITEM);
        }
      }),
    );
  });
});

describe("parseCartProducts", () => {
  it("reads the server's products, without quantities", () => {
    const products = [createProduct({ id: 1 }), createProduct({ id: 2, stock: 0 })];
    expect(parseCartProducts(JSON.parse(JSON.stringify(products)))).toEqual(products);
  });

  it.each([
    ["not a list", { id: 1 }],
    ["a malformed product", [{ ...createProduct(), priceCents: "19,90" }]],
    ["a product without a name", [{ ...createProduct(), name: undefined }]],
  ])("is null for %s", (_case, value) => {
    expect(parseCartProducts(value)).toBeNull();
  });
});
