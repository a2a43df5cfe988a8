import { data } from "react-router";
import type { Route } from "./+types/coupon-uses-export";
import { couponUseRows, couponUsesCsv } from "../../domain/admin/coupon-uses-report.server";
import { findCoupon } from "../../domain/promotions/coupons.server";
import { requireAdminForDownload } from "../guards.server";
import { readCouponId } from "./coupon-id";

/** 'Exportar CSV' of a coupon's page: every order placed with it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminForDownload(context, request);
  const coupon = await findCoupon(context.db, readCouponId(params));
  if (!coupon) throw data("Cupom não encontrado", { status: 404 });
  return new Response(couponUsesCsv(await couponUseRows(context.db, coupon.id)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="cupom-${coupon.code}-usos.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
