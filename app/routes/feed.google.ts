import type { Route } from "./+types/feed.google";
import { publicOrigin } from "../config/public-origin.server";
import { GOOGLE_FEED_TAIL, googleFeedHead, googleFeedItem } from "../domain/catalog/google-feed";
import { FEED_BATCH_SIZE, feedVariantsAfter } from "../domain/catalog/google-feed.server";
import { storefrontSettings } from "../domain/store-settings/store-settings.server";

/**
 * `/feed/google.xml`: the Google Merchant Center product feed, one item per variant on sale. It is
 * streamed a batch of variants at a time, as the reader takes it, so a catalogue of 100,000
 * products never sits in memory whole; for the same reason the page caches do not keep it
 * (app/route-policies.ts lists it not), and Merchant Center's daily fetch may be cached downstream
 * for an hour.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(request, context.env);
  const { identity } = await storefrontSettings(context.db, context.env);
  const encoder = new TextEncoder();
  let after = 0;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(googleFeedHead(identity.name, origin, identity.description)));
    },
    async pull(controller) {
      if (done) return;
      const batch = await feedVariantsAfter(context.db, after);
      if (batch.length > 0) {
        after = batch.at(-1)!.variantId;
        controller.enqueue(encoder.encode(batch.map((variant) => googleFeedItem(variant, origin)).join("")));
      }
      if (batch.length < FEED_BATCH_SIZE) {
        done = true;
        controller.enqueue(encoder.encode(GOOGLE_FEED_TAIL));
        controller.close();
      }
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
