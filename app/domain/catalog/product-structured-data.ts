import { jsonLdScriptText } from "../../lib/json-ld";
import { centsToDecimalString } from "../../lib/money";
import type { ProductDetails } from "./product-details";

/** schema.org `Product` for search engines, with absolute URLs. */
export function productJsonLd(product: ProductDetails, origin: string): string {
  const absolute = (url: string) => new URL(url, origin).toString();
  return jsonLdScriptText({
    "@type": "Product",
    sku: String(product.id),
    name: product.name,
    description: product.description,
    category: product.category,
    image: product.images.map(absolute),
    offers: {
      "@type": "Offer",
      url: `${origin}/product/${product.id}`,
      priceCurrency: "BRL",
      price: centsToDecimalString(product.priceCents),
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  });
}
