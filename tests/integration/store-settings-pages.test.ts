import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../app/db/schema.server";
import { readCatalogVersion } from "../../app/domain/catalog/catalog-version.server";
import type { StoreSettings } from "../../app/domain/store-settings/settings-schema";
import {
  currentStoreSettings,
  saveSettingsSection,
} from "../../app/domain/store-settings/store-settings.server";
import { createProduct, createUser } from "../support/factories";
import { rawRequest } from "../support/http";
import { setUpStoreHandler } from "../support/store-handler";

// Issue 26: every page speaks with the owner's settings, saved as the panel saves them (the
// panel's forms have their own tests) and read over the store's request handler, caches included.

// No card provider: the sandbox's is the default beside the sandbox's PIX (CARD_PROVIDER unset).
const store = setUpStoreHandler(() => ({ CARD_PROVIDER: "none" }));

const page = async (path: string) => {
  const answer = await rawRequest(store.url, path);
  expect(answer.status, path).toBe(200);
  return answer;
};

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const partOf = (html: string, element: "header" | "footer") =>
  new RegExp(`<${element}[\\s\\S]*</${element}>`).exec(html)?.[0] ?? "";
/** A page's links: each one's text and where it goes. */
const linksOf = (html: string) =>
  new Map(
    [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, text]) => [text!, href!]),
  );
const jsonLdOf = (html: string) => {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!) as Record<string, unknown>;
};

const promises = (warrantyMonths: number, freeReturnDays: number): StoreSettings["promises"] => ({
  warrantyMonths,
  freeReturnDays,
  officialReseller: true,
});

let actor: { id: string; email: string };
/** Saves a section as the panel does, then waits for the store to hear of it. */
const save = async <K extends keyof StoreSettings>(section: K, value: StoreSettings[K]) => {
  await saveSettingsSection(store.database.db, store.context.env, actor, section, value);
  await store.catalogCaughtUp();
};

const identity: StoreSettings["identity"] = {
  name: "Casa do Gamer",
  description: "Consoles, jogos e acessórios com nota fiscal e entrega em todo o Brasil.",
  primaryColor: "#7c2d12",
};
const legal: StoreSettings["legal"] = {
  companyName: "Casa do Gamer Comércio Eletrônico Ltda.",
  cnpj: "12ABC34501DE35",
  stateRegistration: null,
  address: {
    cep: "30130010",
    street: "Avenida Afonso Pena",
    number: "1500",
    complement: "Loja 3",
    neighborhood: "Centro",
    city: "Belo Horizonte",
    state: "MG",
  },
  sacEmail: "sac@casadogamer.example",
  sacPhone: "3132100000",
  dpoName: "Ana Encarregada",
  dpoEmail: "privacidade@casadogamer.example",
};
const contacts: StoreSettings["contacts"] = {
  whatsappNumber: "5531988887777",
  supportEmail: "suporte@casadogamer.example",
  instagramUrl: "https://www.instagram.com/casadogamer",
  facebookUrl: null,
  youtubeUrl: "https://www.youtube.com/@casadogamer",
  tiktokUrl: null,
  mercadoLivreUrl: null,
  amazonUrl: "https://www.amazon.com.br/shops/casadogamer",
  shopeeUrl: null,
  magaluUrl: null,
};

beforeAll(async () => {
  actor = await createUser(store.database.db);
});

describe("a store whose owner saved nothing", () => {
  it("shows the demo store's texts, word for word", async () => {
    await createProduct(store.database.db);
    const home = (await page("/")).body;
    expect(titleOf(home)).toBe("Vitrine | Loja de tecnologia com entrega para todo o Brasil");
    expect(home).toMatch(/<h1[^>]*>Tecnologia original, entregue em todo o Brasil<\/h1>/);
    expect(home).toContain(
      "Smartphones, notebooks, áudio, monitores e acessórios com garantia, frete grátis e pagamento via PIX.</p>",
    );
    expect(home).toContain("Explorar Produtos");
    expect(home).toContain('<link rel="icon" href="/favicon.png" type="image/png"/>');
    expect(partOf(home, "footer")).toContain(
      "Vitrine Comércio de Tecnologia Ltda. · CNPJ 11.222.333/0001-81 · Avenida Paulista, 1000 - Bela Vista, São Paulo/SP, CEP 01310-100",
    );
    const reseller = (await page("/official-reseller")).body;
    expect(titleOf(reseller)).toBe("Revendedor Oficial | Vitrine");
    expect(reseller).toContain(
      "Vitrine é revendedora oficial das marcas que vende: procedência garantida, nota fiscal e garantia em todos os pedidos.",
    );
    expect(reseller).toContain("Garantia de 12 meses e devolução grátis em até 30 dias.");
  });
});

describe("a store with the owner's settings", () => {
  let featured: number[];
  beforeAll(async () => {
    const db = store.database.db;
    const [first, second, soldOut, deleted] = [
      await createProduct(db, { name: "Controle sem fio" }),
      await createProduct(db, { name: "Headset gamer" }),
      await createProduct(db, { name: "Console esgotado", stock: 0 }),
      await createProduct(db, { name: "Produto removido" }),
    ];
    await db.delete(products).where(eq(products.id, deleted!.id));
    featured = [second!.id, soldOut!.id, deleted!.id, first!.id];
    await save("identity", identity);
    await save("logo", {
      logoUrl: "/uploads/settings/logo.webp",
      faviconUrl: "/uploads/settings/favicon.png",
    });
    await save("legal", legal);
    await save("contacts", contacts);
    await save("banner", { bannerUrl: "/uploads/settings/banner.webp" });
    await save("home", {
      heroTitle: "Os melhores games do Brasil",
      heroSubtitle: "Consoles e acessórios originais com frete grátis.",
      heroButton: "Ver ofertas",
      resellerText: "A Casa do Gamer é revendedora autorizada dos maiores fabricantes de games.",
      featuredProductIds: featured,
    });
  });

  it("names the store in the titles, the top bar and the footer of every page", async () => {
    const titles = {
      "/": "Casa do Gamer | Loja de tecnologia com entrega para todo o Brasil",
      "/catalog": "Catálogo | Casa do Gamer",
      "/cart": "Carrinho | Casa do Gamer",
      "/auth": "Entrar ou cadastrar | Casa do Gamer",
      [`/product/${featured[0]}`]: "Headset gamer | Casa do Gamer",
    };
    for (const [path, title] of Object.entries(titles)) {
      const html = (await page(path)).body;
      expect(titleOf(html), path).toBe(title);
      expect(partOf(html, "header"), path).toContain(
        '<img src="/uploads/settings/logo.webp" alt="Casa do Gamer" width="160" height="40"',
      );
      expect(partOf(html, "footer"), path).toContain("Casa do Gamer");
      expect(html, path).toContain(
        '<link rel="icon" href="/uploads/settings/favicon.png" type="image/png"/>',
      );
      expect(html, path).not.toContain("Vitrine");
    }
    const product = (await page(`/product/${featured[0]}`)).body;
    expect(product).toContain('<meta property="og:site_name" content="Casa do Gamer"/>');
    const home = (await page("/")).body;
    expect(home).toContain(`<meta name="description" content="${identity.description}"/>`);
  });

  it("shows the seller's legal identity, the SAC, the policies and only the social links set", async () => {
    const footer = partOf((await page("/")).body, "footer");
    expect(footer).toContain(
      "Casa do Gamer Comércio Eletrônico Ltda. · CNPJ 12.ABC.345/01DE-35 · Avenida Afonso Pena, 1500 - Loja 3 - Centro, Belo Horizonte/MG, CEP 30130-010",
    );
    const links = linksOf(footer);
    expect(links.get("(31) 3210-0000")).toBe("tel:+553132100000");
    expect(links.get("sac@casadogamer.example")).toBe("mailto:sac@casadogamer.example");
    expect(links.get("suporte@casadogamer.example")).toBe("mailto:suporte@casadogamer.example");
    expect(links.get("WhatsApp")).toBe("https://wa.me/5531988887777");
    expect(links.get("Trocas e devoluções")).toBe("/policies/returns");
    expect(links.get("Política de privacidade")).toBe("/policies/privacy");
    expect(links.get("Termos de uso")).toBe("/policies/terms");
    expect(links.get("Instagram")).toBe("https://www.instagram.com/casadogamer");
    expect(links.get("YouTube")).toBe("https://www.youtube.com/@casadogamer");
    expect(links.has("Facebook")).toBe(false);
    expect(links.has("TikTok")).toBe(false);
  });

  it("opens the home with the owner's hero, banner and featured products in the owner's order", async () => {
    const home = (await page("/")).body;
    expect(home).toContain("Os melhores games do Brasil</h1>");
    expect(home).toContain("Consoles e acessórios originais com frete grátis.</p>");
    expect(home).toContain("Ver ofertas");
    expect(home).not.toContain("Explorar Produtos");
    expect(home).toMatch(
      /<img src="\/uploads\/settings\/banner.webp" alt="" width="1600" height="600" fetchPriority="high"/i,
    );
    const shown = [...home.matchAll(/<a [^>]*href="\/product\/(\d+)"/g)].map((match) => Number(match[1]));
    expect([...new Set(shown)]).toEqual([featured[0], featured[3]]);
  });

  it("gives the reseller page the owner's text and links the marketplaces the owner set", async () => {
    const reseller = (await page("/official-reseller")).body;
    expect(reseller).toContain("A Casa do Gamer é revendedora autorizada dos maiores fabricantes de games.");
    // The Amazon card links the store's page there; the others, not set, link nowhere.
    const cards = [...reseller.matchAll(/<a href="([^"]+)"[^>]*><span role="img" aria-label="([^"]+)"/g)];
    expect(cards.map(([, href, name]) => [name, href])).toEqual([
      ["Amazon", "https://www.amazon.com.br/shops/casadogamer"],
    ]);
    expect(reseller).not.toContain("mercadolivre.com.br");
  });

  it("names the store in the reseller page's standard text when the owner writes none", async () => {
    const home = (await currentStoreSettings(store.database.db, store.context.env)).settings.home;
    await save("home", { ...home, resellerText: null });
    try {
      expect((await page("/official-reseller")).body).toContain(
        "Casa do Gamer é revendedora oficial das marcas que vende: procedência garantida, nota fiscal e garantia em todos os pedidos.",
      );
    } finally {
      await save("home", home);
    }
  });

  it("promises the owner's warranty and free return on the home, product and reseller pages", async () => {
    const [product] = await Promise.all([
      createProduct(store.database.db),
      save("promises", promises(24, 7)),
    ]);
    try {
      const home = (await page("/")).body;
      expect(home).toContain("Garantia de 24 meses");
      expect(home).toContain("Revendedor oficial");
      const productPage = (await page(`/product/${product!.id}`)).body;
      expect(productPage).toContain("Garantia de 24 meses");
      expect(productPage).toContain("Devolução grátis em até 7 dias");
      const reseller = (await page("/official-reseller")).body;
      expect(reseller).toContain("Garantia de 24 meses e devolução grátis em até 7 dias.");
      for (const html of [home, productPage, reseller]) {
        expect(html).not.toContain("12 meses");
        expect(html).not.toContain("30 dias");
      }
    } finally {
      await save("promises", promises(12, 30));
    }
  });

  it("promises nothing the owner turned off: no warranty, no free return, no reseller seal or page", async () => {
    const [product] = await Promise.all([
      createProduct(store.database.db),
      save("promises", { ...promises(0, 0), officialReseller: false }),
    ]);
    try {
      const home = (await page("/")).body;
      expect(home).not.toContain("Garantia de");
      expect(home).not.toContain("Revendedor oficial");
      expect(linksOf(partOf(home, "footer")).has("Revendedor Oficial")).toBe(false);
      const productPage = (await page(`/product/${product!.id}`)).body;
      expect(productPage).toContain("Entrega para todo o Brasil");
      expect(productPage).not.toContain("Garantia de");
      expect(productPage).not.toContain("Devolução grátis");
      const reseller = await rawRequest(store.url, "/official-reseller");
      expect(reseller.status).toBe(404);
      expect(reseller.body).toContain("Página não encontrada");
    } finally {
      await save("promises", promises(12, 30));
    }
  });

  it("describes the store to search engines as an OnlineStore", async () => {
    expect(jsonLdOf((await page("/")).body)).toEqual({
      "@context": "https://schema.org",
      "@type": "OnlineStore",
      name: "Casa do Gamer",
      description: identity.description,
      url: `${store.url}/`,
      logo: `${store.url}/uploads/settings/logo.webp`,
      legalName: "Casa do Gamer Comércio Eletrônico Ltda.",
      taxID: "12.ABC.345/01DE-35",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Avenida Afonso Pena, 1500 - Loja 3 - Centro",
        addressLocality: "Belo Horizonte",
        addressRegion: "MG",
        postalCode: "30130-010",
        addressCountry: "BR",
      },
      email: "suporte@casadogamer.example",
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer service",
        telephone: "+553132100000",
        email: "sac@casadogamer.example",
        areaServed: "BR",
        availableLanguage: "pt-BR",
      },
      sameAs: [
        "https://www.instagram.com/casadogamer",
        "https://www.youtube.com/@casadogamer",
        "https://www.amazon.com.br/shops/casadogamer",
      ],
    });
  });

  it("keeps a name that closes the script element inside the JSON-LD", async () => {
    const name = "Loja </script><script>alert(1)</script>";
    await save("identity", { ...identity, name });
    const home = (await page("/")).body;
    expect(jsonLdOf(home).name).toBe(name);
    expect(home).not.toContain("<script>alert(1)");
    await save("identity", identity);
  });

  it("shows a new name on a cached home page right after the save, for one new catalogue version", async () => {
    await page("/");
    expect((await page("/")).headers["x-cache"]).toBe("HIT");
    const before = await readCatalogVersion(store.database.db);
    await save("identity", { ...identity, name: "Casa do Gamer Oficial" });
    expect(await readCatalogVersion(store.database.db)).toBe(before + 1);
    const fresh = await page("/");
    expect(titleOf(fresh.body)).toBe(
      "Casa do Gamer Oficial | Loja de tecnologia com entrega para todo o Brasil",
    );
    expect(fresh.headers["x-cache"]).toBe("MISS");
    const again = await page("/");
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.body).toBe(fresh.body);
  });
});

describe("a store without a card provider (CARD_PROVIDER=none)", () => {
  it("shows the PIX price of the owner's discount, and no instalments", async () => {
    const product = await createProduct(store.database.db, { priceCents: 19_990 });
    const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&nbsp;|\u00a0/g, " ");
    expect(text((await page(`/product/${product.id}`)).body)).not.toContain("à vista no PIX");
    await save("payment", {
      pixDiscountBasisPoints: 750,
      maxInstallments: 12,
      installmentsWithoutInterest: 12,
      minInstallmentCents: 500,
      monthlyInterestBasisPoints: 0,
    });
    const shown = text((await page(`/product/${product.id}`)).body);
    // R$ 199,90 less 7,5% (R$ 14,9925, rounded to R$ 14,99).
    expect(shown).toContain("R$ 184,91</span> à vista no PIX (7,5% de desconto)");
    expect(shown).not.toContain("sem juros");
  });
});
