import { xmlInstant, xmlText } from "../../lib/xml";
import { centsToDecimalString } from "../../lib/money";
import { productPath } from "./product-details";
import { variantLabel, type ProductOption, type VariantOffer } from "./variants";

/** One variant on sale, with what its product gives the feed. */
export interface FeedVariant extends VariantOffer {
  variantId: number;
  productId: number;
  name: string;
  description: string;
  brand: string | null;
  options: ProductOption[];
  /** The variant's first photo, else the product's cover, else its gallery's first photo. */
  image: string;
  /** The window of the automatic promotion running on it (null: none). */
  promotionStartsAt: Date | null;
  promotionEndsAt: Date | null;
}

/** Google's limits: a longer title or description is refused. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

const money = (cents: number) => `${centsToDecimalString(cents)} BRL`;

/** The feed's opening: RSS 2.0 with Google's namespace, and the store as its channel. */
export function googleFeedHead(storeName: string, origin: string, description: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>` +
    `<title>${xmlText(storeName)}</title><link>${xmlText(`${origin}/`)}</link>` +
    `<description>${xmlText(description)}</description>\n`
  );
}

export const GOOGLE_FEED_TAIL = "</channel></rss>\n";

/**
 * One Google Merchant Center item per variant on sale: id = SKU, the product as its group when it
 * has options, the "de" price as `g:price` and the price as `g:sale_price` on a promotion (with
 * `g:sale_price_effective_date` while an automatic promotion runs), and `g:identifier_exists` no
 * when there is no GTIN.
 */
export function googleFeedItem(variant: FeedVariant, origin: string): string {
  const hasOptions = variant.options.length > 0;
  const label = variantLabel(variant.options, variant.optionValues);
  const title = cut(label ? `${variant.name} - ${label}` : variant.name, TITLE_MAX);
  const description = cut(variant.description.trim() || variant.name, DESCRIPTION_MAX);
  const promotion = variant.compareAtCents !== null && variant.compareAtCents > variant.priceCents;
  const link = `${origin}${productPath(variant.productId, hasOptions ? variant.variantId : null)}`;
  const fields: [string, string][] = [
    ["g:id", variant.sku],
    ...(hasOptions ? [["g:item_group_id", String(variant.productId)] as [string, string]] : []),
    ["title", title],
    ["description", description],
    ["link", link],
    ["g:image_link", new URL(variant.image, origin).toString()],
    ["g:availability", variant.stock > 0 ? "in_stock" : "out_of_stock"],
    ["g:price", money(promotion ? variant.compareAtCents! : variant.priceCents)],
    ...(promotion ? [["g:sale_price", money(variant.priceCents)] as [string, string]] : []),
    ...(promotion && variant.promotionStartsAt && variant.promotionEndsAt
      ? [
          [
            "g:sale_price_effective_date",
            `${xmlInstant(variant.promotionStartsAt)}/${xmlInstant(variant.promotionEndsAt)}`,
          ] as [string, string],
        ]
      : []),
    ["g:condition", "new"],
    ...(variant.brand ? [["g:brand", variant.brand] as [string, string]] : []),
    variant.gtin ? ["g:gtin", variant.gtin] : ["g:identifier_exists", "no"],
  ];
  return `<item>${fields.map(([name, value]) => `<${name}>${xmlText(value)}</${name}>`).join("")}</item>\n`;
}
