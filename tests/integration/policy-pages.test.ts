import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_POLICIES } from "../../app/domain/store-settings/default-policies";
import { STORE_ADMIN_ENV } from "../support/admin-over-http";
import { createProduct } from "../support/factories";
import { setUpStartedStore } from "../support/started-store";
import { changeStoppedStore, OWNER_SETTINGS, saveStoreSettings } from "../support/store-settings";

// Issue 26: the policy pages the owner writes, as visitors (and attackers) get them from the store.

const STORE_ENV = { SEED_DEMO: "false", ...STORE_ADMIN_ENV };
const started = setUpStartedStore(STORE_ENV);

/** A returns policy written to attack the store's visitors, with honest links beside. */
const HOSTILE_RETURNS = `Devolução grátis em até 30 dias.

<script>alert(1)</script>

<img src=x onerror=alert(2)>

[Clique aqui](javascript:alert(3)) para ganhar um brinde, ou [escreva para nós](mailto:sac@casadosom.example) e veja [a ajuda](https://casadosom.example/ajuda) e [os termos](/policies/terms).`;

async function get(path: string) {
  const response = await fetch(`${started.store.url}${path}`, { redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The default pages, read before the owner saves anything. */
const before: Record<"returns" | "privacy" | "terms", string> = { returns: "", privacy: "", terms: "" };
let productId = 0;

beforeAll(async () => {
  for (const key of ["returns", "privacy", "terms"] as const)
    before[key] = (await get(`/policies/${key}`)).body;
  await changeStoppedStore(started, STORE_ENV, async (db) => {
    await saveStoreSettings(db, started.data.dataDir, {
      ...OWNER_SETTINGS,
      policies: { ...DEFAULT_POLICIES, returns: HOSTILE_RETURNS },
    });
    productId = (await createProduct(db, { name: "Fone Estúdio", stock: 10 })).id;
  });
});

describe("a new store's policy pages", () => {
  it("state the legal minimum and tell the owner to review them", () => {
    expect(before.returns).toContain("Direito de arrependimento (7 dias)");
    expect(before.returns).toContain("<strong>7 dias corridos a contar do recebimento do produto</strong>");
    expect(before.privacy).toContain("Lei 13.709/2018");
    expect(before.terms).toContain("<strong>domicílio do consumidor</strong>");
    for (const page of Object.values(before)) {
      expect(page).toContain("<strong>Texto modelo da loja.</strong> Revise e adapte este texto");
    }
  });

  it("show the demo store's SAC below the returns policy and its data protection officer below the privacy policy", () => {
    expect(before.returns).toContain("Atendimento (SAC)");
    expect(before.returns).toContain('href="mailto:contato@vitrine.local"');
    expect(before.returns).toContain("Telefone: (11) 4000-0000");
    expect(before.privacy).toContain("Encarregado de dados (LGPD)");
    expect(before.privacy).toContain("Encarregado de Proteção de Dados");
    expect(before.terms).not.toContain("Atendimento (SAC)");
  });
});

describe("a policy the owner wrote", () => {
  it("shows script and HTML in the text as text, never as elements, and drops a javascript: link", async () => {
    const { status, body } = await get("/policies/returns");
    expect(status).toBe(200);
    expect(body).toContain("<p>Devolução grátis em até 30 dias.</p>");
    expect(body).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(body).toContain("<p>&lt;img src=x onerror=alert(2)&gt;</p>");
    expect(body).not.toContain("<script>alert(1)");
    expect(body).not.toMatch(/<img[^>]*onerror/i);
    expect(body).not.toMatch(/href="javascript:/i);
    // The refused link stays as the owner typed it, as text.
    expect(body).toContain("[Clique aqui](javascript:alert(3)) para ganhar um brinde");
    expect(body).toContain('<a href="mailto:sac@casadosom.example">escreva para nós</a>');
    expect(body).toContain('<a href="https://casadosom.example/ajuda" rel="noopener noreferrer">a ajuda</a>');
    expect(body).toContain('<a href="/policies/terms">os termos</a>');
  });

  it("is titled with the page and the store's name, with its canonical address", async () => {
    const { body } = await get("/policies/returns");
    expect(body).toContain("<title>Trocas e devoluções | Casa do Som</title>");
    expect(body).toContain(`<link rel="canonical" href="${started.store.url}/policies/returns"/>`);
    expect((await get("/policies/privacy")).body).toContain(
      "<title>Política de privacidade | Casa do Som</title>",
    );
  });

  it("shows the SAC and the data protection officer the owner saved in the legal details", async () => {
    const returns = (await get("/policies/returns")).body;
    expect(returns).toMatch(/<a href="mailto:sac@casadosom.example"[^>]*>sac@casadosom.example<\/a>/);
    expect(returns).toContain("Telefone: (31) 3222-1000");
    expect(returns).not.toContain("Telefone: (11) 4000-0000");
    const privacy = (await get("/policies/privacy")).body;
    expect(privacy).toContain("<li>Joana Privacidade</li>");
    expect(privacy).toMatch(/<a href="mailto:dpo@casadosom.example"[^>]*>dpo@casadosom.example<\/a>/);
  });

  it("is kept for visitors like the store's other public pages", async () => {
    await get("/policies/terms");
    const again = await get("/policies/terms");
    expect(again.headers.get("x-cache")).toBe("HIT");
  });
});

it("answers 404 for a policy page that does not exist, and keeps none of them", async () => {
  for (const path of ["/policies/shipping", "/policies/Returns", "/policies/returns/more", "/policies"]) {
    const { status, headers, body } = await get(path);
    expect(status, path).toBe(404);
    expect(headers.get("x-cache"), path).not.toBe("HIT");
    expect(body).toContain("Oops! Page not found");
  }
});

it("lists the three policy pages in the sitemap", async () => {
  const { body } = await get("/sitemap.xml");
  for (const key of ["returns", "privacy", "terms"]) {
    expect(body).toContain(`<url><loc>${started.store.url}/policies/${key}</loc></url>`);
  }
});

it("shows the owner's delivery estimate on the product page", async () => {
  const { body } = await get(`/product/${productId}`);
  expect(body).toContain("Prazo de entrega: até 12 dias úteis");
});
