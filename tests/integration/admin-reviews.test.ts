import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, productReviews } from "../../app/db/schema.server";
import { productReviewsOf } from "../../app/domain/reviews/product-reviews.server";
import { action, loader } from "../../app/routes/admin/reviews";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { createProduct } from "../support/factories";
import { setUpTestStore, signUpBuyer, TEST_BASE_URL } from "../support/test-context";

// Issue 55: the admin's 'Avaliações' tab, through its route's loader and action.

const store = setUpTestStore();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];

/** A product of its own and a customer's review of it, as the customer wrote it (pending unless told). */
async function reviewOfNewProduct(overrides: Partial<typeof productReviews.$inferInsert> = {}) {
  const product = await createProduct(store.database.db, { name: `Fone Avaliado ${Date.now()}` });
  const buyer = await signUpBuyer(store);
  const [review] = await store.database.db
    .insert(productReviews)
    .values({
      productId: product.id,
      userId: buyer.id,
      rating: 4,
      title: "Muito bom",
      body: `Som limpo e bateria longa (${product.id})`,
      authorName: "Maria",
      authorCity: "São Paulo",
      ...overrides,
    })
    .returning();
  return { product, buyer, review: review! };
}

/** A request from someone else's browser (a customer's), as `adminRequest` makes the admin's. */
const requestAs = (cookie: string, path: string, form?: Record<string, string>) =>
  new Request(`${TEST_BASE_URL}${path}`, {
    method: form ? "POST" : "GET",
    headers: { cookie },
    body: form ? new URLSearchParams(form) : undefined,
  });

const list = (search = "", request = adminRequest(admin, `/admin/reviews${search}`)) =>
  loader({ request, context: store.context, params: {} } as Args<typeof loader>);

const post = (form: Record<string, string>, request = adminRequest(admin, "/admin/reviews", form)) =>
  action({ request, context: store.context, params: {} } as Args<typeof action>);

const reviewRow = async (id: number) =>
  (await store.database.db.select().from(productReviews).where(eq(productReviews.id, id)))[0]!;

const auditOf = (id: number) =>
  store.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, "review"), eq(adminAuditLog.targetId, String(id))));

describe("the admin's reviews", () => {
  it("lists the reviews awaiting approval by default, with what the customer wrote", async () => {
    const { product, review } = await reviewOfNewProduct();
    const { review: published } = await reviewOfNewProduct({ status: "published" });

    const { status, reviews } = await list();
    expect(status).toBe("pending");
    expect(reviews.find((listed) => listed.id === review.id)).toMatchObject({
      productId: product.id,
      productName: product.name,
      rating: 4,
      title: "Muito bom",
      body: review.body,
      author: "Maria, São Paulo",
      statusLabel: "Aguardando aprovação",
      reply: null,
    });
    expect(reviews.map((listed) => listed.body)).not.toContain(published.body);

    const shown = await list("?status=published");
    expect(shown.reviews.map((listed) => listed.body)).toContain(published.body);
    expect(shown.reviews.map((listed) => listed.body)).not.toContain(review.body);
  });

  it("approves a review: published to shoppers, and audited with the admin's e-mail", async () => {
    const { product, review } = await reviewOfNewProduct();
    expect((await productReviewsOf(store.database.db, product.id, "recentes")).reviews).toEqual([]);

    expect(await post({ intent: "approve", reviewId: String(review.id) })).toEqual({
      reviewId: review.id,
      ok: true,
      message: "Avaliação aprovada e publicada!",
    });
    expect((await reviewRow(review.id)).status).toBe("published");
    expect(await auditOf(review.id)).toMatchObject([
      { action: "review.approve", adminEmail: admin.email, adminId: admin.id },
    ]);
    const { reviews } = await productReviewsOf(store.database.db, product.id, "recentes");
    expect(reviews.map((shown) => shown.body)).toEqual([review.body]);
    const { reviews: listed } = await list("?status=published");
    expect(listed.find((shown) => shown.id === review.id)?.statusLabel).toBe("Publicada");
  });

  it("hides a review", async () => {
    const { review } = await reviewOfNewProduct({ status: "published" });
    expect(await post({ intent: "hide", reviewId: String(review.id) })).toMatchObject({
      ok: true,
      message: "Avaliação ocultada.",
    });
    expect((await reviewRow(review.id)).status).toBe("hidden");
    expect(await auditOf(review.id)).toMatchObject([{ action: "review.hide", adminEmail: admin.email }]);
    const { reviews } = await list("?status=hidden");
    expect(reviews.find((shown) => shown.id === review.id)?.statusLabel).toBe("Oculta");
  });

  it("publishes the store's reply, and an emptied reply takes it away", async () => {
    const { review } = await reviewOfNewProduct();
    expect(
      await post({ intent: "reply", reviewId: String(review.id), reply: "  Obrigado, Maria!  " }),
    ).toMatchObject({ ok: true, message: "Resposta publicada!" });
    const replied = await reviewRow(review.id);
    expect(replied.reply).toBe("Obrigado, Maria!");
    expect(replied.repliedAt).toBeInstanceOf(Date);
    const { reviews } = await list();
    expect(reviews.find((shown) => shown.id === review.id)?.reply).toBe("Obrigado, Maria!");

    expect(await post({ intent: "reply", reviewId: String(review.id), reply: "   " })).toMatchObject({
      ok: true,
      message: "Resposta removida.",
    });
    expect(await reviewRow(review.id)).toMatchObject({ reply: null, repliedAt: null });
    expect((await auditOf(review.id)).map((entry) => entry.action)).toEqual(["review.reply", "review.reply"]);
  });

  it("refuses a reply with HTML at its field, and changes nothing", async () => {
    const { review } = await reviewOfNewProduct();
    const before = await reviewRow(review.id);
    expect(await post({ intent: "reply", reviewId: String(review.id), reply: "<b>oi</b>" })).toEqual({
      reviewId: review.id,
      ok: false,
      message: "Escreva sem HTML: tire os sinais < e >",
      errors: { reply: "Escreva sem HTML: tire os sinais < e >" },
      posted: { reply: "<b>oi</b>" },
    });
    expect(await reviewRow(review.id)).toEqual(before);
    expect(await auditOf(review.id)).toEqual([]);
  });

  it("answers that a review it does not know is not found", async () => {
    for (const intent of ["approve", "hide"]) {
      expect(await post({ intent, reviewId: "2000000000" })).toEqual({
        reviewId: 2_000_000_000,
        ok: false,
        message: "Avaliação não encontrada.",
      });
    }
    expect(await post({ intent: "reply", reviewId: "2000000000", reply: "Obrigado!" })).toMatchObject({
      ok: false,
      message: "Avaliação não encontrada.",
    });
  });

  it("refuses an unknown intent with a 400", async () => {
    const { review } = await reviewOfNewProduct();
    await expect(post({ intent: "delete", reviewId: String(review.id) })).rejects.toMatchObject({
      data: "Ação desconhecida",
      init: { status: 400 },
    });
    expect((await reviewRow(review.id)).status).toBe("pending");
  });
});

describe("who may moderate reviews", () => {
  it("sends a customer to the home page, showing nor changing any review", async () => {
    const { product, buyer, review } = await reviewOfNewProduct();

    const listed = await list("", requestAs(buyer.cookie, "/admin/reviews")).catch(
      (thrown: unknown) => thrown,
    );
    expect(listed).toBeInstanceOf(Response);
    expect((listed as Response).headers.get("location")).toBe("/");
    expect(await (listed as Response).text()).not.toContain(review.body);

    const form = { intent: "approve", reviewId: String(review.id) };
    const approved = await post(form, requestAs(buyer.cookie, "/admin/reviews", form)).catch(
      (thrown: unknown) => thrown,
    );
    expect(approved).toBeInstanceOf(Response);
    expect((approved as Response).headers.get("location")).toBe("/");
    expect((await reviewRow(review.id)).status).toBe("pending");
    expect(await auditOf(review.id)).toEqual([]);
    // Nor does the pending review show on the product, for them or any shopper.
    expect(await productReviewsOf(store.database.db, product.id, "recentes")).toMatchObject({
      summary: { count: 0 },
      reviews: [],
    });
  });
});
