import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "../../app/db/schema.server";
import type { StoreSettings } from "../../app/domain/store-settings/settings-schema";
import { saveSettingsSection } from "../../app/domain/store-settings/store-settings.server";
import { createProduct, createProductWithVariants, createUser } from "../support/factories";
import { rawRequest } from "../support/http";
import { htmlText } from "../support/page-text";
import { setUpStoreHandler } from "../support/store-handler";
import { signUpBuyer } from "../support/test-context";

// Issue 28: the PIX price and the card instalments beside every price, on a store that offers
// cards, read over the store's request handler, its page caches included.

const store = setUpStoreHandler(() => ({ CARD_PROVIDER: "sandbox" }));

const page = async (path: string) => {
  const answer = await rawRequest(store.url, path);
  expect(answer.status, path).toBe(200);
  return answer;
};

const PIX_TEXT = "ou R$ 950,00 à vista no PIX (5% de desconto)";
const FREE_TEXT = "em até 6x de R$ 166,66 sem juros (a primeira de R$ 166,70)";
const INTEREST_TEXT = "ou em até 12x de R$ 94,50 com juros de 1,99% a.m. (total R$ 1.134,00)";

const terms: StoreSettings["payment"] = {
  pixDiscountBasisPoints: 500,
  maxInstallments: 12,
  installmentsWithoutInterest: 6,
  minInstallmentCents: 500,
  monthlyInterestBasisPoints: 199,
};

let actor: { id: string; email: string };
let productPath: string;
let marker: string;

beforeAll(async () => {
  actor = await createUser(store.database.db);
  marker = `Notebook precificado ${Date.now()}`;
  const product = await createProduct(store.database.db, { name: marker, priceCents: 100_000 });
  productPath = `/product/${product.id}`;
  await createProductWithVariants(store.database.db, {
    name: `${marker} com opções`,
    options: [{ name: "Memória", values: ["8 GB", "16 GB"] }],
    variants: [
      { values: ["8 GB"], priceCents: 100_000, stock: 3 },
      { values: ["16 GB"], priceCents: 120_000, stock: 3 },
    ],
  });
});

describe("with cards offered and no PIX discount (the defaults)", () => {
  it("shows the instalments without interest and no PIX price", async () => {
    const text = htmlText((await page(productPath)).body);
    expect(text).toContain("em até 12x de R$ 83,33 sem juros (a primeira de R$ 83,37)");
    expect(text).not.toContain("à vista no PIX");
    expect(text).not.toContain("com juros");
  });
});

describe("after the owner sets a 5% PIX discount and interest beyond 6 instalments", () => {
  beforeAll(async () => {
    // Cached before the save: the save must drop them.
    await page(productPath);
    await page(`/catalog?q=${encodeURIComponent(marker)}`);
    await saveSettingsSection(store.database.db, store.context.env, actor, "payment", terms);
    await store.catalogCaughtUp();
  });

  it("the product page shows the PIX price, the instalments without interest and those with their rate and total", async () => {
    const answer = await page(productPath);
    expect(answer.headers["x-cache"]).not.toBe("HIT");
    const text = htmlText(answer.body);
    expect(text).toContain(`R$ 1.000,00 ${PIX_TEXT} ${FREE_TEXT} ${INTEREST_TEXT}`);
  });

  it("the catalogue's cards show them too, a card 'a partir de' those of its lowest price", async () => {
    const text = htmlText((await page(`/catalog?q=${encodeURIComponent(marker)}`)).body);
    expect(text).toContain(`R$ 1.000,00 ${PIX_TEXT} ${FREE_TEXT}`);
    expect(text).toContain(`a partir de R$ 1.000,00 ${PIX_TEXT}`);
  });

  it("the cart's summary shows its PIX total, each unit's PIX price times its quantity, and its instalments", async () => {
    const who = await signUpBuyer(store);
    const cable = await createProduct(store.database.db, { priceCents: 1_990 });
    await store.database.db.insert(cartItems).values({
      userId: who.id,
      productId: cable.id,
      variantId: sql<number>`(select id from product_variants where product_id = ${cable.id})`,
      quantity: 3,
    });
    const answer = await rawRequest(store.url, "/cart", { headers: { cookie: who.cookie } });
    expect(answer.status).toBe(200);
    // 3 × (R$ 19,90 less R$ 1,00): R$ 56,70, what the order will cost.
    expect(htmlText(answer.body)).toContain(
      "Total R$ 59,70 ou R$ 56,70 à vista no PIX (5% de desconto) em até 6x de R$ 9,95 sem juros",
    );
  });

  it("structured data and the Google feed keep the list price", async () => {
    const html = (await page(productPath)).body;
    expect(html).toContain('"price":"1000.00"');
    expect(html).not.toContain('"price":"950.00"');
    const feed = (await page("/feed/google.xml")).body;
    expect(feed).not.toContain("950.00 BRL");
  });
});
