import { jsonLdScriptText } from "../../lib/json-ld";
import { centsToDecimalString } from "../../lib/money";
import { productPath, type ProductDetails, type VariantDetails } from "./product-details";
import { variantLabel } from "./variants";

/**
 * schema.org `Product` for search engines, with absolute URLs: its brand, and one `Offer` per
 * variant on sale (its price, availability, SKU and address); a product without options has one.
 * `more` adds what other parts of the page say of the product (its reviews).
 */
export function productJsonLd(product: ProductDetails, origin: string, more: object = {}): string {
  const absolute = (url: string) => new URL(url, origin).toString();
  const hasOptions = product.options.length > 0;
  const offer = (variant: VariantDetails) => ({
    "@type": "Offer",
    ...(hasOptions && { name: variantLabel(product.options, variant.optionValues) }),
    sku: variant.sku,
    ...(variant.gtin && { gtin: variant.gtin }),
    url: `${origin}${productPath(product.id, hasOptions ? variant.id : null)}`,
    priceCurrency: "BRL",
    price: centsToDecimalString(variant.priceCents),
    availability: variant.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
  });
  const offers = product.variants.map(offer);
  return jsonLdScriptText({
    "@type": "Product",
    ...(!hasOptions && product.variants[0] && { sku: product.variants[0].sku }),
    name: product.name,
    description: product.description,
    category: product.category,
    ...(product.brand && { brand: { "@type": "Brand", name: product.brand } }),
    image: [...new Set([...product.images, ...product.variants.flatMap((variant) => variant.images)])].map(
      absolute,
    ),
    ...(offers.length > 0 && { offers: offers.length === 1 ? offers[0] : offers }),
    ...more,
  });
}
