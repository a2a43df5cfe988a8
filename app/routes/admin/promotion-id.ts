import { data } from "react-router";
import { rowIdField } from "../../lib/row-id";
import { PROMOTION_ADMIN_MESSAGES } from "../../domain/promotions/promotions.server";

/** The promotion's id in the address; another text names no promotion. */
export function readPromotionId(params: { promotionId?: string }): number {
  const id = rowIdField.safeParse(params.promotionId);
  if (!id.success) throw data(PROMOTION_ADMIN_MESSAGES.notFound, { status: 404 });
  return id.data;
}
