import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultSettings } from "../../domain/store-settings/default-settings";
import { Footer } from "./footer";

const settings = defaultSettings({ SUPPORT_EMAIL: "contato@loja.example", WHATSAPP_NUMBER: "5511988887777" });

function footerLinks(instagramUrl: string | null): Map<string, string> {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <Footer store={{ ...settings, contacts: { ...settings.contacts, instagramUrl } }} />
    </MemoryRouter>,
  );
  const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)];
  return new Map(links.map(([, href, text]) => [text!, href!]));
}

describe("the footer's Instagram link", () => {
  it("goes to the store's profile when one is set", () => {
    expect(footerLinks("https://www.instagram.com/loja.exemplo").get("Instagram")).toBe(
      "https://www.instagram.com/loja.exemplo",
    );
  });

  it("is not there when the store has no profile", () => {
    const links = footerLinks(null);
    expect(links.has("Instagram")).toBe(false);
    expect(links.get("WhatsApp")).toBe("https://wa.me/5511988887777");
  });
});
