import type { Route } from "./+types/feed.google";
import { publicOrigin } from "../config/public-origin.server";
import { GOOGLE_FEED_TAIL, googleFeedHead, googleFeedItem } from "../domain/catalog/google-feed";
import { FEED_BATCH_SIZE, feedVariantsAfter } from "../domain/catalog/google-feed.server";
import { storefrontSettings } from "../domain/store-settings/store-settings.server";
import { streamedFeed } from "./streamed-feed.server";

/**
 * `/feed/google.xml`: the Google Merchant Center product feed, one item per variant on sale,
 * streamed a batch at a time; for the same reason the page caches do not keep it
 * (app/route-policies.ts lists it not).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(request, context.env);
  const { identity } = await storefrontSettings(context.db, context.env);
  return streamedFeed({
    head: googleFeedHead(identity.name, origin, identity.description),
    tail: GOOGLE_FEED_TAIL,
    batchSize: FEED_BATCH_SIZE,
    rowsAfter: (variantId) => feedVariantsAfter(context.db, variantId),
    keyOf: (variant) => variant.variantId,
    render: (variant) => googleFeedItem(variant, origin),
  });
}
