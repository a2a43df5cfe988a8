import { xmlInstant, xmlText } from "../../lib/xml";

/** A published review as Google's product ratings feed takes it, with its product's ids. */
export interface FeedReview {
  id: number;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  createdAt: Date;
  productId: number;
  productName: string;
  brand: string | null;
  skus: string[];
  gtins: string[];
}

/** The feed's opening (schema 2.3 of Google's Product Ratings), the store as its publisher. */
export function reviewsFeedHead(storeName: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<feed xmlns:vc="http://www.w3.org/2007/XMLSchema-versioning" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:noNamespaceSchemaLocation="http://www.google.com/shopping/reviews/schema/product/2.3/product_reviews.xsd">` +
    `<version>2.3</version><publisher><name>${xmlText(storeName)}</name></publisher><reviews>\n`
  );
}

export const REVIEWS_FEED_TAIL = "</reviews></feed>\n";

const list = (outer: string, inner: string, values: string[]) =>
  values.length === 0
    ? ""
    : `<${outer}>${values.map((value) => `<${inner}>${xmlText(value)}</${inner}>`).join("")}</${outer}>`;

/** One review, pointing at its product's page, where it shows among the others. */
export function reviewsFeedItem(review: FeedReview, origin: string): string {
  const productUrl = `${origin}/product/${review.productId}`;
  return (
    `<review><review_id>${review.id}</review_id>` +
    `<reviewer><name>${xmlText(review.authorName)}</name></reviewer>` +
    `<review_timestamp>${xmlInstant(review.createdAt)}</review_timestamp>` +
    `<title>${xmlText(review.title)}</title><content>${xmlText(review.body)}</content>` +
    `<review_url type="group">${xmlText(productUrl)}</review_url>` +
    `<ratings><overall min="1" max="5">${review.rating}</overall></ratings>` +
    `<products><product><product_ids>` +
    list("gtins", "gtin", review.gtins) +
    list("skus", "sku", review.skus) +
    list("brands", "brand", review.brand ? [review.brand] : []) +
    `</product_ids><product_name>${xmlText(review.productName)}</product_name>` +
    `<product_url>${xmlText(productUrl)}</product_url></product></products>` +
    `<is_spam>false</is_spam></review>\n`
  );
}
