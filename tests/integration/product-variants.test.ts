import { parse as parseXml, validate as validateXml } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { productImages } from "../../app/db/schema.server";
import { createProductWithVariants } from "../support/factories";
import { htmlText } from "../support/page-text";
import { setUpStoreHandler } from "../support/store-handler";

// Issue 27, points 2, 4 and 7: a product sold in variants, as its page, its JSON-LD and the Google
// Merchant Center feed show it, read over the store's request handler (page caches included).

const store = setUpStoreHandler();

const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<
    string,
    unknown
  >;
/** The option buttons: each radio's text and, when it is a link, where it goes. */
const radiosOf = (html: string) =>
  [...html.matchAll(/<(a|span) [^>]*role="radio"[^>]*>((?:<span[^>]*>[^<]*<\/span>)*)<\/\1>/g)].map(
    ([tag, , inner]) => ({
      text: htmlText(inner!).trim(),
      href: /href="([^"]+)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&") ?? null,
      checked: tag.includes('aria-checked="true"'),
    }),
  );

let phone: Awaited<ReturnType<typeof createProductWithVariants>>;
let plain: Awaited<ReturnType<typeof createProductWithVariants>>;
const variantOf = (colour: string, storage: string) =>
  phone.variants.find((variant) => variant.optionValues.join("/") === `${colour}/${storage}`)!;

beforeAll(async () => {
  phone = await createProductWithVariants(store.database.db, {
    name: "Smartphone Galáxia S & Cia",
    description: 'Tela de 6,7" <OLED> e câmera tripla.',
    brand: "Galáxia",
    image: "/uploads/products/galaxia.webp",
    specs: [
      { name: "Tela", value: '6,7" OLED' },
      { name: "Memória RAM", value: "8 GB" },
    ],
    options: [
      { name: "Cor", values: ["Preto", "Azul", "Verde"] },
      { name: "Armazenamento", values: ["128 GB", "256 GB"] },
    ],
    variants: [
      {
        values: ["Preto", "128 GB"],
        priceCents: 169_900,
        compareAtCents: 199_900,
        stock: 5,
        gtin: "7891234567895",
      },
      { values: ["Preto", "256 GB"], priceCents: 199_900, stock: 0 },
      {
        values: ["Azul", "128 GB"],
        priceCents: 169_900,
        stock: 2,
        images: ["/uploads/products/azul.webp"],
      },
      { values: ["Azul", "256 GB"], priceCents: 209_900, stock: 7 },
      // Not on sale: its combination is unavailable and its SKU is in no feed.
      { values: ["Verde", "128 GB"], priceCents: 169_900, stock: 9, active: false },
    ],
  });
  plain = await createProductWithVariants(store.database.db, {
    name: "Cabo USB-C",
    image: "/uploads/products/cabo.webp",
    variants: [{ priceCents: 4_990, stock: 30 }],
  });
});

const page = async (path: string) => {
  const answer = await rawRequest(store.url, path);
  expect(answer.status, path).toBe(200);
  return answer.body;
};

describe("a product page with variants", () => {
  it("offers the first variant in stock, its 'de/por' price, brand and 'Ficha técnica'", async () => {
    const html = await page(`/product/${phone.product.id}`);
    const text = htmlText(html);
    expect(text).toContain("Galáxia");
    expect(text).toContain("de R$ 1.999,00");
    expect(text).toMatch(/por R\$ 1\.699,00 15% OFF/);
    expect(text).toContain("Em estoque");
    expect(text).toMatch(/Ficha técnica Tela 6,7" OLED Memória RAM 8 GB/);
    expect(radiosOf(html)).toEqual([
      {
        text: "Preto",
        href: `/product/${phone.product.id}?variant=${variantOf("Preto", "128 GB").variantId}`,
        checked: true,
      },
      {
        text: "Azul",
        href: `/product/${phone.product.id}?variant=${variantOf("Azul", "128 GB").variantId}`,
        checked: false,
      },
      // Verde's only variant is not on sale: shown, not a link.
      { text: "Verde Indisponível", href: null, checked: false },
      {
        text: "128 GB",
        href: `/product/${phone.product.id}?variant=${variantOf("Preto", "128 GB").variantId}`,
        checked: true,
      },
      // Preto 256 GB is sold out, Azul 256 GB is not: the size is offered, in Azul.
      {
        text: "256 GB",
        href: `/product/${phone.product.id}?variant=${variantOf("Azul", "256 GB").variantId}`,
        checked: false,
      },
    ]);
  });

  it("shows the variant the address names: its price, stock, photos and add-to-cart", async () => {
    const azul = variantOf("Azul", "128 GB");
    const html = await page(`/product/${phone.product.id}?variant=${azul.variantId}`);
    const text = htmlText(html);
    expect(text).not.toContain("de R$ 1.999,00");
    expect(text).toContain("Últimas 2 unidades");
    expect(html).toMatch(
      /<img[^>]+src="\/uploads\/products\/azul\.webp"[^>]*data-testid="zoomable-image"|data-testid="zoomable-image"[^>]+src="\/uploads\/products\/azul\.webp"/,
    );
    expect(html).toContain(
      `action="/cart?intent=add&amp;productId=${phone.product.id}&amp;variantId=${azul.variantId}"`,
    );
    expect(html).toContain(
      `<link rel="canonical" href="${store.url}/product/${phone.product.id}?variant=${azul.variantId}"/>`,
    );
    expect(radiosOf(html).find((radio) => radio.text === "256 GB")).toEqual({
      text: "256 GB",
      href: `/product/${phone.product.id}?variant=${variantOf("Azul", "256 GB").variantId}`,
      checked: false,
    });
  });

  it("marks a sold-out variant and refuses to add it", async () => {
    const html = await page(`/product/${phone.product.id}?variant=${variantOf("Preto", "256 GB").variantId}`);
    expect(htmlText(html)).toContain("Produto esgotado");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>[\s\S]*?Esgotado<\/button>/);
  });

  it("keeps each variant's page apart in the page cache", async () => {
    const first = await page(`/product/${phone.product.id}?variant=${variantOf("Azul", "256 GB").variantId}`);
    const second = await page(
      `/product/${phone.product.id}?variant=${variantOf("Preto", "128 GB").variantId}`,
    );
    expect(htmlText(first)).toContain("R$ 2.099,00");
    expect(htmlText(second)).not.toContain("R$ 2.099,00");
  });

  it("sends a variant not on sale, or another product's, to the product's page", async () => {
    for (const variant of [variantOf("Verde", "128 GB"), plain.variants[0]!]) {
      const answer = await rawRequest(store.url, `/product/${phone.product.id}?variant=${variant.variantId}`);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(`/product/${phone.product.id}`);
    }
  });

  it("describes one Offer per variant on sale, with the brand, for search engines", async () => {
    const jsonLd = jsonLdOf(await page(`/product/${phone.product.id}`));
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: "Smartphone Galáxia S & Cia",
      brand: { "@type": "Brand", name: "Galáxia" },
    });
    const offers = jsonLd.offers as Record<string, unknown>[];
    expect(offers).toHaveLength(4);
    expect(offers[0]).toEqual({
      "@type": "Offer",
      name: "Cor: Preto · Armazenamento: 128 GB",
      sku: variantOf("Preto", "128 GB").sku,
      gtin: "7891234567895",
      url: `${store.url}/product/${phone.product.id}?variant=${variantOf("Preto", "128 GB").variantId}`,
      priceCurrency: "BRL",
      price: "1699.00",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    });
    expect(offers[1]).toMatchObject({ price: "1999.00", availability: "https://schema.org/OutOfStock" });
  });

  it("keeps one Offer, at the product's address, for a product without options", async () => {
    const html = await page(`/product/${plain.product.id}`);
    expect(radiosOf(html)).toEqual([]);
    expect(htmlText(html)).not.toContain("Ficha técnica");
    expect(jsonLdOf(html)).toMatchObject({
      sku: plain.variants[0]!.sku,
      offers: { "@type": "Offer", url: `${store.url}/product/${plain.product.id}`, price: "49.90" },
    });
  });
});

describe("the product card", () => {
  const cardOf = (html: string, name: string) =>
    htmlText(
      [...html.matchAll(/<article[\s\S]*?<\/article>/g)].find(([card]) => htmlText(card).includes(name))![0],
    );

  it("shows the brand, 'a partir de' the lowest price, and the cheapest variant's 'de/por'", async () => {
    const card = cardOf(await page("/catalog"), phone.product.name);
    expect(card).toMatch(
      /Galáxia Smartphone Galáxia S & Cia de R\$ 1\.999,00 a partir de R\$ 1\.699,00 15% OFF/,
    );
    // Its variants are chosen on its page.
    expect(card).toContain("Escolher opções");
    expect(card).not.toContain("Adicionar ao carrinho");
  });

  it("shows a product without options at its one price, added from the list", async () => {
    const card = cardOf(await page("/catalog"), "Cabo USB-C");
    // The sandbox's cards are offered: 9 instalments, the most of at least R$ 5,00.
    expect(card).toMatch(
      /Cabo USB-C R\$ 49,90 em até 9x de R\$ 5,54 sem juros \(a primeira de R\$ 5,58\) Adicionar ao carrinho/,
    );
    expect(card).not.toContain("a partir de");
  });
});

describe("the sitemap", () => {
  it("lists a page per variant on sale of a product sold with options, and a product without options once", async () => {
    const sitemap = await page("/sitemap.xml");
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, location]) => location!);
    const phonePages = locations.filter((location) =>
      location.startsWith(`${store.url}/product/${phone.product.id}`),
    );
    expect(phonePages).toEqual(
      phone.variants
        .filter((variant) => variant.active)
        .map((variant) => `${store.url}/product/${phone.product.id}?variant=${variant.variantId}`),
    );
    expect(
      locations.filter((location) => location.startsWith(`${store.url}/product/${plain.product.id}`)),
    ).toEqual([`${store.url}/product/${plain.product.id}`]);
  });

  it("lists no page of a product none of whose variants is on sale, as the feed lists no item of it", async () => {
    const withOptions = await createProductWithVariants(store.database.db, {
      name: "Fone fora de linha",
      image: "/uploads/products/fone.webp",
      options: [{ name: "Cor", values: ["Preto", "Branco"] }],
      variants: [
        { values: ["Preto"], priceCents: 9_990, stock: 3, active: false },
        { values: ["Branco"], priceCents: 9_990, stock: 3, active: false },
      ],
    });
    const withoutOptions = await createProductWithVariants(store.database.db, {
      name: "Carregador fora de linha",
      image: "/uploads/products/carregador.webp",
      variants: [{ priceCents: 5_990, stock: 4, active: false }],
    });
    await store.catalogCaughtUp();
    const sitemap = await page("/sitemap.xml");
    const feed = await page("/feed/google.xml");
    for (const { product } of [withOptions, withoutOptions]) {
      const pageOf = new RegExp(`/product/${product.id}[?<]`);
      expect(sitemap).not.toMatch(pageOf);
      expect(feed).not.toMatch(pageOf);
    }
    expect(sitemap).toContain(`${store.url}/product/${plain.product.id}<`);
  });
});

/** The five entities XML predefines, as the feed's reader decodes them. */
const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

describe("the Google Merchant Center feed", () => {
  type FeedItem = Record<string, string | number>;
  const feed = async () => {
    const answer = await rawRequest(store.url, "/feed/google.xml");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(validateXml(answer.body)).toBe(true);
    const xml = parseXml(answer.body, {
      ignoreAttributes: false,
      parseNodeValue: false,
      tagValueProcessor: (value: string) => decodeXml(value),
    });
    expect(xml.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
    const items = [xml.rss.channel.item].flat() as FeedItem[];
    return new Map(items.map((item) => [String(item["g:id"]), item]));
  };

  it("lists each variant on sale with every field Google requires", async () => {
    const items = await feed();
    for (const variant of phone.variants.filter((variant) => variant.active)) {
      const item = items.get(variant.sku)!;
      for (const field of [
        "g:id",
        "title",
        "description",
        "link",
        "g:image_link",
        "g:availability",
        "g:price",
      ]) {
        expect(item[field], `${variant.sku} ${field}`).toBeTruthy();
      }
      expect(item["g:item_group_id"]).toBe(String(phone.product.id));
      expect(item.link).toBe(`${store.url}/product/${phone.product.id}?variant=${variant.variantId}`);
      expect(item["g:brand"]).toBe("Galáxia");
      expect(item["g:condition"]).toBe("new");
    }
    expect(items.has(variantOf("Verde", "128 GB").sku)).toBe(false);
  });

  it("prices a promotion as the 'de' price and the sale price, escapes text, and names the GTIN", async () => {
    const promoted = (await feed()).get(variantOf("Preto", "128 GB").sku)!;
    expect(promoted).toMatchObject({
      title: "Smartphone Galáxia S & Cia - Cor: Preto · Armazenamento: 128 GB",
      description: 'Tela de 6,7" <OLED> e câmera tripla.',
      "g:price": "1999.00 BRL",
      "g:sale_price": "1699.00 BRL",
      "g:availability": "in_stock",
      "g:gtin": "7891234567895",
    });
    expect(promoted["g:identifier_exists"]).toBeUndefined();
    const soldOut = (await feed()).get(variantOf("Preto", "256 GB").sku)!;
    expect(soldOut).toMatchObject({
      "g:price": "1999.00 BRL",
      "g:availability": "out_of_stock",
      "g:identifier_exists": "no",
    });
    expect(soldOut["g:sale_price"]).toBeUndefined();
    expect((await feed()).get(variantOf("Azul", "128 GB").sku)!["g:image_link"]).toBe(
      `${store.url}/uploads/products/azul.webp`,
    );
  });

  it("gives a product without options one item, with no group, linking to its page", async () => {
    const item = (await feed()).get(plain.variants[0]!.sku)!;
    expect(item).toMatchObject({
      title: "Cabo USB-C",
      link: `${store.url}/product/${plain.product.id}`,
      "g:price": "49.90 BRL",
    });
    expect(item["g:item_group_id"]).toBeUndefined();
    expect(item["g:brand"]).toBeUndefined();
  });

  it("shows a product without a cover by its gallery's first photo, and leaves out one without any photo", async () => {
    const galleryOnly = await createProductWithVariants(store.database.db, {
      variants: [{ priceCents: 9_990, stock: 3 }],
    });
    await store.database.db.insert(productImages).values([
      { productId: galleryOnly.product.id, imageUrl: "/uploads/products/galeria-2.webp", displayOrder: 1 },
      { productId: galleryOnly.product.id, imageUrl: "/uploads/products/galeria-1.webp", displayOrder: 0 },
    ]);
    const withoutPhotos = await createProductWithVariants(store.database.db, {
      variants: [{ priceCents: 19_990, stock: 3 }],
    });
    const items = await feed();
    expect(items.get(galleryOnly.variants[0]!.sku)!["g:image_link"]).toBe(
      `${store.url}/uploads/products/galeria-1.webp`,
    );
    expect(items.has(withoutPhotos.variants[0]!.sku)).toBe(false);
  });
});
