import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, orders, productReviews, productVariants } from "../../app/db/schema.server";
import { loader as reviewsFeedLoader } from "../../app/routes/feed.google-reviews";
import { action as reviewsAction, loader as reviewsLoader } from "../../app/routes/account/reviews";
import { action as productAction, loader as productLoader } from "../../app/routes/product";
import { action as adminReviewsAction } from "../../app/routes/admin/reviews";
import { REVIEW_MESSAGES } from "../../app/domain/reviews/review-schema";
import { queueReviewRequests, REVIEW_LINK_MESSAGES } from "../../app/domain/reviews/review-requests.server";
import { orderMailStoreOf } from "../../app/domain/orders/order-mail-store.server";
import { action as reviewLinkAction, loader as reviewLinkLoader } from "../../app/routes/review-link";
import { adminRequest, signedInAdmin } from "../support/admin";
import { payInSandbox, placeOrderThroughCheckout, postCheckout } from "../support/checkout";
import { createProduct } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { setUpTestStore, signUpBuyer, TEST_BASE_URL } from "../support/test-context";

// Issue 55, point 1: reviews from verified buyers, through the account's and the product page's
// route actions and loaders, as a browser or a crafted request reaches them. On both drivers: the
// one-review rule is a unique index, and the product page's kept copies follow a trigger.

const store = setUpTestStore();

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];

/** Runs a route function, answering a thrown redirect as its Response. */
async function answerOf<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function postReview(who: { cookie: string }, form: Record<string, string>, productId?: number) {
  const search = productId ? `?produto=${productId}` : "";
  return answerOf(() =>
    reviewsAction({
      request: new Request(`${TEST_BASE_URL}/account/reviews${search}`, {
        method: "POST",
        headers: { cookie: who.cookie },
        body: new URLSearchParams(form),
      }),
      context: store.context,
      params: {},
    } as Args<typeof reviewsAction>),
  );
}

/** The account's 'Avaliações' at `path` (a product's form with `?produto=`, the list without). */
async function reviewsPage(who: { cookie: string }, path = "/account/reviews") {
  return reviewsLoader({
    request: new Request(`${TEST_BASE_URL}${path}`, { headers: { cookie: who.cookie } }),
    context: store.context,
    params: {},
  } as Args<typeof reviewsLoader>);
}

async function productPage(productId: number, search = "") {
  const answer = await productLoader({
    request: new Request(`${TEST_BASE_URL}/product/${productId}${search}`),
    context: store.context,
    params: { id: String(productId) },
  } as Args<typeof productLoader>);
  return { ...answer, jsonLd: JSON.parse(answer.jsonLd) as Record<string, unknown> };
}

const goodReview = (productId: number, rating = "5") => ({
  intent: "write",
  productId: String(productId),
  rating,
  title: "Excelente compra",
  body: "Chegou rápido e funciona muito bem.",
});

/** A buyer of a new product, their order paid. */
async function paidBuyer() {
  const { buyer, productId, orderId } = await placeOrderThroughCheckout(store, store.context);
  await payInSandbox(store.context, buyer, orderId);
  return { buyer, productId, orderId };
}

const reviewsOf = (productId: number) =>
  store.database.db.select().from(productReviews).where(eq(productReviews.productId, productId));

async function reviewsFeed(): Promise<string> {
  const answer = await reviewsFeedLoader({
    request: new Request(`${TEST_BASE_URL}/feed/google-reviews.xml`),
    context: store.context,
    params: {},
  } as Args<typeof reviewsFeedLoader>);
  return answer.text();
}

async function approve(reviewId: number) {
  const admin = await signedInAdmin(store.context);
  const answer = await adminReviewsAction({
    request: adminRequest(admin, "/admin/reviews", { intent: "approve", reviewId: String(reviewId) }),
    context: store.context,
    params: {},
  } as Args<typeof adminReviewsAction>);
  expect(answer).toMatchObject({ ok: true });
}

describe("reviews from verified buyers", () => {
  it("refuses a crafted review of a product the customer never bought, or bought and did not pay", async () => {
    const stranger = await signUpBuyer(store);
    const product = await createProduct(store.database.db);
    expect(await postReview(stranger, goodReview(product.id))).toMatchObject({
      ok: false,
      message: REVIEW_MESSAGES.notBuyer,
    });

    const unpaid = await signUpBuyer(store);
    const placed = await postCheckout(
      store.context,
      unpaid,
      checkoutBody(unpaid, [{ id: product.id, quantity: 1 }]),
    );
    expect(placed).toMatchObject({ status: 200, success: true });
    expect(await postReview(unpaid, goodReview(product.id))).toMatchObject({
      ok: false,
      message: REVIEW_MESSAGES.notBuyer,
    });
    // The form itself says so, instead of offering to write.
    expect((await reviewsPage(unpaid, `/account/reviews?produto=${product.id}`)).form).toMatchObject({
      bought: false,
      review: null,
    });
    expect(await reviewsOf(product.id)).toEqual([]);
  });

  it("refuses the review of a buyer who withdrew from the purchase", async () => {
    const { buyer, productId, orderId } = await paidBuyer();
    await store.database.db
      .update(orders)
      .set({ status: "cancelled", withdrawalRequestedAt: new Date() })
      .where(eq(orders.id, orderId));
    expect(await postReview(buyer, goodReview(productId))).toMatchObject({
      ok: false,
      message: REVIEW_MESSAGES.notBuyer,
    });
    expect(await reviewsOf(productId)).toEqual([]);
  });

  it("takes one review per product: a second is refused, an edit rewrites the first", async () => {
    const { buyer, productId } = await paidBuyer();
    const sent = await postReview(buyer, goodReview(productId, "4"), productId);
    expect(sent).toBeInstanceOf(Response);
    const location = (sent as Response).headers.get("Location")!;
    expect(location).toBe("/account/reviews?enviada=pendente");
    expect((await reviewsPage(buyer, location)).sent).toBe(REVIEW_MESSAGES.saved);

    expect(await postReview(buyer, { ...goodReview(productId), title: "De novo" })).toMatchObject({
      ok: false,
      message: REVIEW_MESSAGES.alreadyReviewed,
    });
    const [review] = await reviewsOf(productId);
    expect(review).toMatchObject({
      rating: 4,
      title: "Excelente compra",
      status: "pending",
      authorName: "Maria",
    });
    expect(review!.authorCity).toBe("São Paulo");

    const edited = await postReview(buyer, {
      intent: "edit",
      reviewId: String(review!.id),
      rating: "3",
      title: "Mudei de ideia",
      body: "A bateria dura pouco.",
    });
    expect(edited).toBeInstanceOf(Response);
    expect(await reviewsOf(productId)).toEqual([
      expect.objectContaining({ id: review!.id, rating: 3, title: "Mudei de ideia" }),
    ]);
    const { mine } = await reviewsPage(buyer);
    expect(mine).toEqual([
      expect.objectContaining({ productId, title: "Mudei de ideia", statusLabel: "Aguardando aprovação" }),
    ]);
  });

  it("shows a review on the product page and in its JSON-LD only once the admin approves it", async () => {
    const { buyer, productId } = await paidBuyer();
    await postReview(buyer, goodReview(productId));
    const before = await productPage(productId);
    expect(before.reviews.summary.count).toBe(0);
    expect(before.reviews.list).toEqual([]);
    expect(before.jsonLd).not.toHaveProperty("aggregateRating");
    expect(before.jsonLd).not.toHaveProperty("review");

    const [review] = await reviewsOf(productId);
    await approve(review!.id);
    const after = await productPage(productId);
    expect(after.reviews.summary).toEqual({ count: 1, average: 5, perStar: [1, 0, 0, 0, 0] });
    expect(after.reviews.list).toEqual([
      expect.objectContaining({ title: "Excelente compra", authorName: "Maria", authorCity: "São Paulo" }),
    ]);
    expect(after.jsonLd).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 5, reviewCount: 1 },
      review: [
        {
          "@type": "Review",
          name: "Excelente compra",
          author: { "@type": "Person", name: "Maria" },
          reviewRating: { ratingValue: 5 },
        },
      ],
    });
  });

  it("lists a review in Google's product ratings feed only once published, with its product's ids", async () => {
    const { buyer, productId } = await paidBuyer();
    await postReview(buyer, { ...goodReview(productId, "4"), body: 'Bom & barato, 100% "original".' });
    const [review] = await reviewsOf(productId);
    const reviewTag = `<review_id>${review!.id}</review_id>`;
    expect(await reviewsFeed()).not.toContain(reviewTag);

    await approve(review!.id);
    const feed = await reviewsFeed();
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<feed /);
    const item = feed.slice(feed.indexOf(reviewTag), feed.indexOf("</review>", feed.indexOf(reviewTag)));
    const [variant] = await store.database.db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    expect(item).toContain("<reviewer><name>Maria</name></reviewer>");
    expect(item).toContain("<content>Bom &amp; barato, 100% &quot;original&quot;.</content>");
    expect(item).toContain('<ratings><overall min="1" max="5">4</overall></ratings>');
    expect(item).toContain(`<skus><sku>${variant!.sku}</sku></skus>`);
    expect(item).toContain(`<product_url>${TEST_BASE_URL}/product/${productId}</product_url>`);
  });

  it("does not show a customer another's unpublished review, on the product page or in their account", async () => {
    const { buyer, productId } = await paidBuyer();
    await postReview(buyer, { ...goodReview(productId), title: "Segredo pendente" });
    const other = await signUpBuyer(store);
    const page = await reviewsPage(other, `/account/reviews?produto=${productId}`);
    expect(page.form).toMatchObject({ review: null, bought: false });
    expect(JSON.stringify(page)).not.toContain("Segredo pendente");
    expect(JSON.stringify(await productPage(productId))).not.toContain("Segredo pendente");
  });

  it.each([
    ["HTML", { title: "<script>alert(1)</script>" }, "title", REVIEW_MESSAGES.markup],
    [
      "a NUL byte",
      { body: "bom\u0000demais" },
      "body",
      "Remova os caracteres de controle (invisíveis) do texto",
    ],
    ["10,000 characters", { body: "a".repeat(10_000) }, "body", REVIEW_MESSAGES.bodyTooLong],
    ["a rating of 0", { rating: "0" }, "rating", REVIEW_MESSAGES.rating],
    ["a rating of 6", { rating: "6" }, "rating", REVIEW_MESSAGES.rating],
  ])(
    "refuses a review with %s with its field's message, and keeps nothing",
    async (_, change, field, message) => {
      const { buyer, productId } = await paidBuyer();
      const answer = await postReview(buyer, { ...goodReview(productId), ...change });
      expect(answer).toMatchObject({ ok: false, errors: { [field]: message } });
      expect(await reviewsOf(productId)).toEqual([]);
    },
  );

  it("lists a delivered purchase in 'Produtos para Avaliar' until it is reviewed", async () => {
    const { buyer, productId, orderId } = await paidBuyer();
    // Paid a moment ago and not delivered: the promised delivery has not passed.
    expect((await reviewsPage(buyer)).toReview).toEqual([]);
    await store.database.db
      .update(orders)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(orders.id, orderId));
    expect((await reviewsPage(buyer)).toReview).toEqual([expect.objectContaining({ productId })]);

    await postReview(buyer, goodReview(productId));
    expect((await reviewsPage(buyer)).toReview).toEqual([]);
  });

  it("counts a customer's 'Útil' once, sends a visitor to sign in, and orders by it", async () => {
    const first = await paidBuyer();
    const productId = first.productId;
    const second = await signUpBuyer(store);
    const placed = await postCheckout(
      store.context,
      second,
      checkoutBody(second, [{ id: productId, quantity: 1 }]),
    );
    await payInSandbox(store.context, second, placed.orderId!);
    await postReview(first.buyer, { ...goodReview(productId), title: "Primeira" });
    await postReview(second, { ...goodReview(productId, "3"), title: "Segunda" });
    for (const review of await reviewsOf(productId)) await approve(review.id);
    const firstReview = (await reviewsOf(productId)).find((review) => review.title === "Primeira")!;

    const vote = (cookie: string) =>
      answerOf(() =>
        productAction({
          request: new Request(`${TEST_BASE_URL}/product/${productId}`, {
            method: "POST",
            headers: { cookie },
            body: new URLSearchParams({ intent: "helpful", reviewId: String(firstReview.id) }),
          }),
          context: store.context,
          params: { id: String(productId) },
        } as Args<typeof productAction>),
      );
    const visitor = await vote("");
    expect(visitor).toBeInstanceOf(Response);
    expect((visitor as Response).headers.get("Location")).toBe(
      `/auth?redirectTo=${encodeURIComponent(`/product/${productId}`)}`,
    );
    expect(await vote(second.cookie)).toEqual({ reviewId: firstReview.id });
    await vote(second.cookie);
    // Its own author's vote does not count.
    await vote(first.buyer.cookie);

    const newest = await productPage(productId);
    expect(newest.reviews.list.map((review) => review.title)).toEqual(["Segunda", "Primeira"]);
    const helpful = await productPage(productId, "?avaliacoes=uteis");
    expect(helpful.reviews.list.map((review) => [review.title, review.helpfulCount])).toEqual([
      ["Primeira", 1],
      ["Segunda", 0],
    ]);
    expect(helpful.reviews.summary).toMatchObject({ count: 2, average: 4, perStar: [1, 0, 1, 0, 0] });
  });
});

describe("the review request", () => {
  const DAY_MS = 86_400_000;
  const requestAfter = (days: number) =>
    queueReviewRequests(
      {
        db: store.database.db,
        env: store.context.env,
        store: orderMailStoreOf(store.database.db, store.context.env, TEST_BASE_URL),
      },
      new Date(Date.now() + days * DAY_MS),
    );
  const requestsFor = (orderId: string) =>
    store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `review-request:${orderId}`));

  function linkRoute(link: string, form?: Record<string, string>) {
    const request = new Request(link, form && { method: "POST", body: new URLSearchParams(form) });
    return form
      ? reviewLinkAction({ request, context: store.context, params: {} } as Args<typeof reviewLinkAction>)
      : reviewLinkLoader({ request, context: store.context, params: {} } as Args<typeof reviewLinkLoader>);
  }

  it("goes once some days after the delivery, with a signed link straight to the product's form", async () => {
    const { buyer, productId, orderId } = await paidBuyer();
    await store.database.db
      .update(orders)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(orders.id, orderId));
    await requestAfter(6);
    expect(await requestsFor(orderId)).toEqual([]);
    await Promise.all([requestAfter(7.1), requestAfter(7.1)]);
    const [request] = await requestsFor(orderId);
    expect(request).toMatchObject({ subject: expect.stringContaining("Como foi a sua compra?") });
    expect(request!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const link = /: (http\S+\/avaliar\?t=\S+)/.exec(request!.text)![1]!;

    expect(await linkRoute(link)).toMatchObject({
      refusal: null,
      form: { product: { id: productId }, bought: true },
    });
    expect(await linkRoute(link, goodReview(productId))).toEqual({
      ok: true,
      message: REVIEW_MESSAGES.saved,
    });
    expect(await reviewsOf(productId)).toEqual([
      expect.objectContaining({ userId: buyer.id, status: "pending" }),
    ]);
    // Reviewed: nothing more to ask.
    await requestAfter(8);
    expect(await requestsFor(orderId)).toHaveLength(1);
  });

  it("refuses an altered link, and a link used for another product", async () => {
    const { productId, orderId } = await paidBuyer();
    await store.database.db
      .update(orders)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(orders.id, orderId));
    await requestAfter(7.1);
    const [request] = await requestsFor(orderId);
    const link = /: (http\S+\/avaliar\?t=\S+)/.exec(request!.text)![1]!;
    const altered = link.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect(await linkRoute(altered)).toEqual({ refusal: REVIEW_LINK_MESSAGES.altered, form: null });
    expect(await linkRoute(altered, goodReview(productId))).toEqual({
      ok: false,
      message: REVIEW_LINK_MESSAGES.altered,
    });
    const other = await createProduct(store.database.db);
    expect(await linkRoute(link, goodReview(other.id))).toMatchObject({
      ok: false,
      message: REVIEW_MESSAGES.notBuyer,
    });
    expect(await reviewsOf(productId)).toEqual([]);
    expect(await reviewsOf(other.id)).toEqual([]);
  });
});
