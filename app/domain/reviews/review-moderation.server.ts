import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { productReviews, products, type REVIEW_STATUSES } from "../../db/schema.server";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";

type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Aguardando aprovação",
  published: "Publicada",
  hidden: "Oculta",
};

export interface ReviewForAdmin {
  id: number;
  productId: number;
  productName: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  authorCity: string | null;
  status: ReviewStatus;
  reply: string | null;
  createdAt: Date;
}

/** The admin's 'Avaliações': the reviews in one status, the latest first. */
export function reviewsForAdmin(db: Database, status: ReviewStatus): Promise<ReviewForAdmin[]> {
  return db
    .select({
      id: productReviews.id,
      productId: productReviews.productId,
      productName: products.name,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      authorName: productReviews.authorName,
      authorCity: productReviews.authorCity,
      status: productReviews.status,
      reply: productReviews.reply,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.status, status))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(200);
}

/** Approve (publish) or hide a review; false when there is no such review. Audited. */
export async function moderateReview(
  db: Database,
  actor: AdminActor,
  reviewId: number,
  status: "published" | "hidden",
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: productReviews.status })
      .from(productReviews)
      .where(eq(productReviews.id, reviewId))
      .for("update");
    if (!before) return false;
    if (before.status === status) return true;
    await tx
      .update(productReviews)
      .set({ status, updatedAt: new Date() })
      .where(eq(productReviews.id, reviewId));
    await recordAdminWrite(tx, actor, {
      action: status === "published" ? "review.approve" : "review.hide",
      targetType: "review",
      targetId: reviewId,
      before,
      after: { status },
    });
    return true;
  });
}

/** The store's public answer to a review, written or rewritten; null takes it away. Audited. */
export async function replyToReview(
  db: Database,
  actor: AdminActor,
  reviewId: number,
  reply: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ reply: productReviews.reply })
      .from(productReviews)
      .where(eq(productReviews.id, reviewId))
      .for("update");
    if (!before) return false;
    await tx
      .update(productReviews)
      .set({ reply, repliedAt: reply === null ? null : new Date(), updatedAt: new Date() })
      .where(eq(productReviews.id, reviewId));
    await recordAdminWrite(tx, actor, {
      action: "review.reply",
      targetType: "review",
      targetId: reviewId,
      before,
      after: { reply },
    });
    return true;
  });
}
