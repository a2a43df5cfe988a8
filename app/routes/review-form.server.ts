import { data } from "react-router";
import { z } from "../lib/zod";
import type { ServerContext } from "../context.server";
import type { ReviewFormAnswer } from "../components/reviews/review-form";
import { fieldErrors } from "../domain/accounts/account-schemas";
import { editReview, writeReview, type ReviewOutcome } from "../domain/reviews/customer-reviews.server";
import { REVIEW_MESSAGES, reviewFormSchema } from "../domain/reviews/review-schema";
import { postedTexts } from "../domain/store-settings/settings-forms";
import { currentStoreSettings } from "../domain/store-settings/store-settings.server";
import { rowIdField } from "../lib/row-id";

const targetSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("write"), productId: rowIdField }),
  z.object({ intent: z.literal("edit"), reviewId: rowIdField }),
]);

/**
 * A review written or rewritten through a form, as `userId`: the account's 'Avaliações', or the
 * link of a review request (`productId`: the one product it may review). The fields are checked,
 * then the review is saved by the domain's rules, which decide who may write it.
 */
export async function saveReviewForm(
  context: Pick<ServerContext, "db" | "env">,
  userId: string,
  posted: FormData,
  productId?: number,
): Promise<Extract<ReviewOutcome, { ok: true }> | Extract<ReviewFormAnswer, { ok: false }>> {
  const form = Object.fromEntries(posted);
  const target = targetSchema.safeParse(form);
  if (!target.success) throw data("Ação desconhecida", { status: 400 });
  const values = postedTexts(posted);
  const input = reviewFormSchema.safeParse(form);
  if (!input.success) return { ok: false, errors: fieldErrors(input.error), values };
  if (target.data.intent === "write" && productId !== undefined && target.data.productId !== productId) {
    return { ok: false, message: REVIEW_MESSAGES.notBuyer, values };
  }
  const { approveFirst } = (await currentStoreSettings(context.db, context.env)).settings.reviews;
  const outcome =
    target.data.intent === "write"
      ? await writeReview(context.db, {
          userId,
          productId: target.data.productId,
          form: input.data,
          approveFirst,
        })
      : await editReview(context.db, {
          userId,
          reviewId: target.data.reviewId,
          form: input.data,
          approveFirst,
        });
  return outcome.ok ? outcome : { ok: false, message: outcome.message, values };
}
