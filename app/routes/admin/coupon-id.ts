import { data } from "react-router";
import { rowIdField } from "../../lib/row-id";
import { COUPON_ADMIN_MESSAGES } from "../../domain/promotions/coupons.server";

/** The coupon's id in the address; another text names no coupon. */
export function readCouponId(params: { couponId?: string }): number {
  const id = rowIdField.safeParse(params.couponId);
  if (!id.success) throw data(COUPON_ADMIN_MESSAGES.notFound, { status: 404 });
  return id.data;
}
