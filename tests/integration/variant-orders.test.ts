import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../app/db/schema.server";
import { loader as receiptLoader } from "../../app/routes/account.order-receipt";
import { loader as accountOrdersLoader } from "../../app/routes/account/orders";
import { loader as adminOrderLoader } from "../../app/routes/admin/order";
import { action as sandboxPayment } from "../../app/routes/api.sandbox-payment";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { postCheckout } from "../support/checkout";
import { createProductWithVariants } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { setUpTestStore, signUpBuyer, TEST_BASE_URL, type Buyer } from "../support/test-context";

// An order of two variants of one product, as its customer, the e-mail and the shop see it.

const store = setUpTestStore();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});

type RouteArgs<F extends (args: never) => unknown> = Parameters<F>[0];

const asCustomer = (buyer: Buyer, path: string) =>
  new Request(`${TEST_BASE_URL}${path}`, { headers: { cookie: buyer.cookie } });

async function placeVariantOrder() {
  const { product, variants } = await createProductWithVariants(store.database.db, {
    name: "Smartphone Lume X",
    options: [
      { name: "Cor", values: ["Preto", "Branco"] },
      { name: "Armazenamento", values: ["128 GB", "256 GB"] },
    ],
    variants: [
      { values: ["Preto", "256 GB"], priceCents: 250_000, stock: 3 },
      { values: ["Branco", "128 GB"], priceCents: 200_000, stock: 3 },
    ],
  });
  const [black, white] = variants;
  const buyer = await signUpBuyer(store);
  const answer = await postCheckout(
    store.context,
    buyer,
    checkoutBody(buyer, [
      { id: product.id, variantId: black!.variantId, quantity: 1 },
      { id: product.id, variantId: white!.variantId, quantity: 2 },
    ]),
  );
  expect(answer.success).toBe(true);
  const orderId = answer.orderId!;
  const paid = await sandboxPayment({
    request: new Request(`${TEST_BASE_URL}/api/sandbox/payment`, {
      method: "POST",
      headers: { cookie: buyer.cookie },
      body: new URLSearchParams({ orderId }),
    }),
    context: store.context,
    params: {},
  } as RouteArgs<typeof sandboxPayment>);
  expect(paid.data).toEqual({ paid: true });
  return { buyer, orderId, black: black!, white: white! };
}

describe("an order of two variants of one product", () => {
  it("shows each line with its variant's label in the account, the receipt and the e-mail, and its SKU to the shop", async () => {
    const { buyer, orderId, black, white } = await placeVariantOrder();
    const labels = ["Cor: Preto · Armazenamento: 256 GB", "Cor: Branco · Armazenamento: 128 GB"];

    const account = await accountOrdersLoader({
      request: asCustomer(buyer, "/account/orders"),
      context: store.context,
      params: {},
    } as RouteArgs<typeof accountOrdersLoader>);
    const listed = account.orders.find((order) => order.id === orderId)!;
    expect(listed.items.map((item) => [item.name, item.variantLabel, item.quantity])).toEqual([
      ["Smartphone Lume X", labels[0], 1],
      ["Smartphone Lume X", labels[1], 2],
    ]);

    const receipt = (await receiptLoader({
      request: asCustomer(buyer, `/account/orders/${orderId}/receipt`),
      context: store.context,
      params: { orderId },
    } as RouteArgs<typeof receiptLoader>)) as Response;
    const html = await receipt.text();
    for (const label of labels) expect(html).toContain(`<span class="variant">${label}</span>`);

    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order-paid:${orderId}`));
    expect(mail!.text).toContain(`- Smartphone Lume X (${labels[0]}): 1 x`);
    expect(mail!.text).toContain(`- Smartphone Lume X (${labels[1]}): 2 x`);

    const shop = await adminOrderLoader({
      request: adminRequest(admin, `/admin/orders/${orderId}`),
      context: store.context,
      params: { orderId },
    } as RouteArgs<typeof adminOrderLoader>);
    expect(shop.order.items.map((item) => [item.variantLabel, item.sku])).toEqual([
      [labels[0], black.sku],
      [labels[1], white.sku],
    ]);
  });
});
