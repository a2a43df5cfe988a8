import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultSettings } from "../../domain/store-settings/default-settings";
import type { StorefrontSettings } from "../../domain/store-settings/settings-schema";
import { Footer } from "./footer";

const settings = defaultSettings({
  SUPPORT_EMAIL: "contato@loja.example",
  WHATSAPP_NUMBER: "5511988887777",
  PIX_DISCOUNT_PERCENT: 0,
  MAX_INSTALLMENTS: 12,
  INSTALLMENTS_WITHOUT_INTEREST: 12,
  MIN_INSTALLMENT: 500,
  INSTALLMENT_INTEREST_PERCENT: 0,
});

function renderFooter(contacts: Partial<StorefrontSettings["contacts"]> = {}): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <Footer store={{ ...settings, contacts: { ...settings.contacts, ...contacts } }} />
    </MemoryRouter>,
  );
}

function footerLinks(html: string): Map<string, string> {
  const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)];
  return new Map(links.map(([, href, text]) => [text!, href!]));
}

describe("the footer's social links", () => {
  it("go to the store's profiles that are set", () => {
    const links = footerLinks(
      renderFooter({
        instagramUrl: "https://www.instagram.com/loja.exemplo",
        tiktokUrl: "https://www.tiktok.com/@loja.exemplo",
      }),
    );
    expect(links.get("Instagram")).toBe("https://www.instagram.com/loja.exemplo");
    expect(links.get("TikTok")).toBe("https://www.tiktok.com/@loja.exemplo");
  });

  it("are not there for the profiles the store does not have", () => {
    const html = renderFooter({ instagramUrl: null });
    const links = footerLinks(html);
    for (const network of ["Instagram", "Facebook", "YouTube", "TikTok"])
      expect(links.has(network)).toBe(false);
    expect(html).not.toContain("Redes sociais");
    expect(links.get("WhatsApp")).toBe("https://wa.me/5511988887777");
  });
});

describe("the footer's store details", () => {
  const html = renderFooter();
  const links = footerLinks(html);

  it("name the seller as Decreto 7.962 asks: razão social, CNPJ and address", () => {
    expect(html).toContain(
      "Vitrine Comércio de Tecnologia Ltda. · CNPJ 11.222.333/0001-81 · Avenida Paulista, 1000 - Bela Vista, São Paulo/SP, CEP 01310-100",
    );
  });

  it("give the SAC's phone and the support e-mail, once when the SAC's is the same", () => {
    expect(links.get("(11) 4000-0000")).toBe("tel:+551140000000");
    expect(links.get("contato@loja.example")).toBe("mailto:contato@loja.example");
    expect(html.match(/href="mailto:/g)).toHaveLength(1);
  });

  it("give the SAC's own e-mail beside the support's", () => {
    const own = renderToStaticMarkup(
      <MemoryRouter>
        <Footer store={{ ...settings, legal: { ...settings.legal, sacEmail: "sac@loja.example" } }} />
      </MemoryRouter>,
    );
    expect(footerLinks(own).get("sac@loja.example")).toBe("mailto:sac@loja.example");
    expect(footerLinks(own).get("contato@loja.example")).toBe("mailto:contato@loja.example");
  });

  it("link the store's policy pages", () => {
    expect(links.get("Trocas e devoluções")).toBe("/policies/returns");
    expect(links.get("Política de privacidade")).toBe("/policies/privacy");
    expect(links.get("Termos de uso")).toBe("/policies/terms");
  });
});
