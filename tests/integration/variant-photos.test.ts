import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, productImages } from "../../app/db/schema.server";
import { signedInAdmin } from "../support/admin";
import { productPages } from "../support/admin-products";
import { cookieHeader, signUpCustomer } from "../support/accounts";
import { createProductWithVariants } from "../support/factories";
import { rawRequest } from "../support/http";
import { addAddressOverHttp, checkoutBody, postCheckoutOverHttp } from "../support/orders";
import { setUpStoreHandler } from "../support/store-handler";

// Issue 51, point 3: the admin gives a photo to a colour (an option value) or to one variant; the
// product page, the cart line, the order line and the Google feed lead with it for that variant.

const store = setUpStoreHandler();
let pages: ReturnType<typeof productPages>;
beforeAll(async () => {
  pages = productPages(store.context, await signedInAdmin(store.context));
});

const PHOTOS = {
  shared: "/uploads/products/celular-frente.webp",
  black: "/uploads/products/celular-preto.webp",
  white: "/uploads/products/celular-branco.webp",
};

/** A phone in Preto and Branco, 128 and 256 GB, whose three photos are all the product's at first. */
async function phoneWithPhotos() {
  const { product, variants } = await createProductWithVariants(store.database.db, {
    options: [
      { name: "Cor", values: ["Preto", "Branco"] },
      { name: "Armazenamento", values: ["128 GB", "256 GB"] },
    ],
    variants: [
      { values: ["Preto", "128 GB"], priceCents: 199_900, stock: 5 },
      { values: ["Preto", "256 GB"], priceCents: 229_900, stock: 5 },
      { values: ["Branco", "128 GB"], priceCents: 199_900, stock: 5 },
      { values: ["Branco", "256 GB"], priceCents: 229_900, stock: 5 },
    ],
  });
  const photos = await store.database.db
    .insert(productImages)
    .values(
      Object.values(PHOTOS).map((imageUrl, displayOrder) => ({
        productId: product.id,
        imageUrl,
        displayOrder,
      })),
    )
    .returning();
  const photoId = (url: string) => photos.find((photo) => photo.imageUrl === url)!.id;
  const [blackSmall, blackLarge, whiteSmall, whiteLarge] = variants;
  return { product, blackSmall, blackLarge, whiteSmall, whiteLarge, photoId };
}

/** The pictures the product page's gallery shows for a variant, in order. */
async function galleryOf(productId: number, variantId: number): Promise<string[]> {
  const page = await rawRequest(store.url, `/product/${productId}?variant=${variantId}`);
  expect(page.status, String(page.headers.location)).toBe(200);
  const shown = [...page.body.matchAll(/<img [^>]*src="(\/uploads\/products\/celular-[a-z]+)[^"]*"/g)].map(
    ([, url]) => `${url}.webp`,
  );
  return [...new Set(shown)];
}

async function cartImageOf(productId: number, variantId: number): Promise<string> {
  const answer = await rawRequest(store.url, `/api/cart-products?ids=${productId}:${variantId}`);
  return (JSON.parse(answer.body) as { image: string }[])[0]!.image;
}

describe("a photo given to a colour", () => {
  it("leads the gallery, the cart line and the order line of every variant in that colour, and only theirs", async () => {
    const phone = await phoneWithPhotos();
    expect(
      await pages.edit(phone.product.id, {
        intent: "gallery-show",
        imageId: String(phone.photoId(PHOTOS.black)),
        shownWith: "opcao:0:Preto",
      }),
    ).toEqual({ intent: "gallery-show", ok: true });

    for (const variant of [phone.blackSmall!, phone.blackLarge!]) {
      expect((await galleryOf(phone.product.id, variant.variantId))[0]).toBe(PHOTOS.black);
      expect(await cartImageOf(phone.product.id, variant.variantId)).toBe(PHOTOS.black);
    }
    const white = await galleryOf(phone.product.id, phone.whiteSmall!.variantId);
    expect(white).not.toContain(PHOTOS.black);
    expect(white[0]).toBe(PHOTOS.shared);
    expect(await cartImageOf(phone.product.id, phone.whiteSmall!.variantId)).not.toBe(PHOTOS.black);

    const customer = await signUpCustomer(store.url);
    const addressId = await addAddressOverHttp(store.url, customer);
    const placed = await postCheckoutOverHttp(
      store.url,
      cookieHeader(customer),
      checkoutBody({ cpf: customer.cpf, addressId }, [
        { id: phone.product.id, variantId: phone.blackLarge!.variantId, quantity: 1 },
      ]),
    );
    const { orderId } = (await placed.json()) as { orderId: string };
    const [line] = await store.database.db
      .select({ image: orderItems.productImage })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(line!.image).toBe(PHOTOS.black);
  });

  it("is the feed's picture of that colour's variants", async () => {
    const phone = await phoneWithPhotos();
    await pages.edit(phone.product.id, {
      intent: "gallery-show",
      imageId: String(phone.photoId(PHOTOS.white)),
      shownWith: "opcao:0:Branco",
    });
    const feed = (await rawRequest(store.url, "/feed/google.xml")).body;
    const imageOf = (sku: string) =>
      new RegExp(`<g:id>${sku}</g:id>[\\s\\S]*?<g:image_link>([^<]+)</g:image_link>`).exec(feed)?.[1];
    expect(imageOf(phone.whiteLarge!.sku)).toBe(`${store.url}${PHOTOS.white}`);
    expect(imageOf(phone.blackLarge!.sku)).not.toBe(`${store.url}${PHOTOS.white}`);
  });
});

describe("a photo given to one variant", () => {
  it("leads only that variant's gallery; back to 'Todas as variantes', it is the product's again", async () => {
    const phone = await phoneWithPhotos();
    const imageId = String(phone.photoId(PHOTOS.white));
    await pages.edit(phone.product.id, {
      intent: "gallery-show",
      imageId,
      shownWith: `variante:${phone.whiteLarge!.variantId}`,
    });
    expect((await galleryOf(phone.product.id, phone.whiteLarge!.variantId))[0]).toBe(PHOTOS.white);
    expect(await galleryOf(phone.product.id, phone.whiteSmall!.variantId)).not.toContain(PHOTOS.white);

    await pages.edit(phone.product.id, { intent: "gallery-show", imageId, shownWith: "produto" });
    expect(await galleryOf(phone.product.id, phone.whiteSmall!.variantId)).toContain(PHOTOS.white);
    expect((await galleryOf(phone.product.id, phone.whiteLarge!.variantId))[0]).toBe(PHOTOS.shared);
  });
});

describe("an owner the product does not have", () => {
  it.each([
    ["a colour it is not sold in", () => "opcao:0:Azul"],
    ["an option it does not have", () => "opcao:2:Preto"],
    ["a variant of another product", (other: number) => `variante:${other}`],
    ["nothing a form would send", () => "tudo"],
  ])("%s: refused with its message, the photo left as it was", async (_, shownWith) => {
    const phone = await phoneWithPhotos();
    const other = await createProductWithVariants(store.database.db, {
      variants: [{ priceCents: 1_000, stock: 1 }],
    });
    const imageId = phone.photoId(PHOTOS.black);
    expect(
      await pages.edit(phone.product.id, {
        intent: "gallery-show",
        imageId: String(imageId),
        shownWith: shownWith(other.variants[0]!.variantId),
      }),
    ).toEqual({
      intent: "gallery-show",
      ok: false,
      errors: { galleryImage: "Escolha uma opção ou variante deste produto" },
    });
    const [photo] = await store.database.db.select().from(productImages).where(eq(productImages.id, imageId));
    expect(photo).toMatchObject({ variantId: null, optionIndex: null, optionValue: null });
  });
});
