/**
 * An XML feed streamed a batch of rows at a time, as the reader takes it, so a large catalogue
 * never sits in memory whole: its head, each batch after the last row's key, then its tail.
 */
export function streamedFeed<Row>(feed: {
  head: string;
  tail: string;
  batchSize: number;
  rowsAfter: (key: number) => Promise<Row[]>;
  keyOf: (row: Row) => number;
  render: (row: Row) => string;
}): Response {
  const encoder = new TextEncoder();
  let after = 0;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(feed.head));
    },
    async pull(controller) {
      if (done) return;
      const batch = await feed.rowsAfter(after);
      if (batch.length > 0) {
        after = feed.keyOf(batch.at(-1)!);
        controller.enqueue(encoder.encode(batch.map(feed.render).join("")));
      }
      if (batch.length < feed.batchSize) {
        done = true;
        controller.enqueue(encoder.encode(feed.tail));
        controller.close();
      }
    },
  });
  // Merchant Center fetches a feed daily: a copy may be kept downstream for an hour.
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
