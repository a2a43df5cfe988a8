import { jsonLdScriptText } from "../../lib/json-ld";
import { maskCep, maskCnpj } from "../../lib/masks";
import { streetLine } from "./seller-identity";
import type { StorefrontSettings } from "./settings-schema";

/**
 * schema.org `OnlineStore` (an `Organization`) for search engines: who sells, where, how to reach
 * the customer service, and the store's pages elsewhere, with absolute URLs.
 */
export function storeJsonLd(store: StorefrontSettings, origin: string): string {
  const { identity, logo, legal, contacts } = store;
  const { address } = legal;
  const elsewhere = [
    contacts.instagramUrl,
    contacts.facebookUrl,
    contacts.youtubeUrl,
    contacts.tiktokUrl,
    contacts.mercadoLivreUrl,
    contacts.amazonUrl,
    contacts.shopeeUrl,
    contacts.magaluUrl,
  ].filter((url) => url !== null);
  return jsonLdScriptText({
    "@type": "OnlineStore",
    name: identity.name,
    description: identity.description,
    url: `${origin}/`,
    ...(logo.logoUrl && { logo: new URL(logo.logoUrl, origin).toString() }),
    legalName: legal.companyName,
    taxID: maskCnpj(legal.cnpj),
    address: {
      "@type": "PostalAddress",
      streetAddress: streetLine(address),
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: maskCep(address.cep),
      addressCountry: "BR",
    },
    email: contacts.supportEmail,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: `+55${legal.sacPhone}`,
      email: legal.sacEmail,
      areaServed: "BR",
      availableLanguage: "pt-BR",
    },
    ...(elsewhere.length > 0 && { sameAs: elsewhere }),
  });
}
