import type { Route } from "./+types/feed.google-reviews";
import { publicOrigin } from "../config/public-origin.server";
import { REVIEWS_FEED_TAIL, reviewsFeedHead, reviewsFeedItem } from "../domain/reviews/reviews-feed";
import { publishedReviewsAfter, REVIEWS_FEED_BATCH } from "../domain/reviews/reviews-feed.server";
import { storefrontSettings } from "../domain/store-settings/store-settings.server";
import { streamedFeed } from "./streamed-feed.server";

/**
 * `/feed/google-reviews.xml`: the published reviews as Google's Product Ratings feed, for the stars
 * beside the store's products in Google Shopping (Merchant Center takes ratings from this feed, not
 * from the products feed).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(request, context.env);
  const { identity } = await storefrontSettings(context.db, context.env);
  return streamedFeed({
    head: reviewsFeedHead(identity.name),
    tail: REVIEWS_FEED_TAIL,
    batchSize: REVIEWS_FEED_BATCH,
    rowsAfter: (reviewId) => publishedReviewsAfter(context.db, reviewId),
    keyOf: (review) => review.id,
    render: (review) => reviewsFeedItem(review, origin),
  });
}
