import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/coupons";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { couponValueText } from "../../domain/promotions/coupon-form";
import { windowText } from "../../domain/promotions/admin-form-fields";
import { listCoupons } from "../../domain/promotions/coupons.server";
import { formatBRL } from "../../lib/money";
import { couponUsesSummaries } from "../../domain/admin/coupon-uses-report.server";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const [coupons, given] = await Promise.all([listCoupons(context.db), couponUsesSummaries(context.db)]);
  // Dates as São Paulo text here, so the server and the browser render the same.
  return {
    coupons: coupons.map((coupon) => ({
      id: coupon.id,
      code: coupon.code,
      value: couponValueText(coupon),
      validity: windowText(coupon),
      uses: coupon.maxUses === null ? String(coupon.uses) : `${coupon.uses} de ${coupon.maxUses}`,
      discountGiven: formatBRL(given.get(coupon.id)?.discountCents ?? 0),
      active: coupon.active,
    })),
  };
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const { coupons } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Cupons</h2>
        <Link to="/admin/coupons/new" className={buttonClasses("default", "sm")}>
          <Plus aria-hidden className="size-4" />
          Novo cupom
        </Link>
      </div>
      {coupons.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum cupom ainda</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 pr-3 font-medium">Código</th>
                <th className="py-2 pr-3 font-medium">Desconto</th>
                <th className="py-2 pr-3 font-medium">Validade</th>
                <th className="py-2 pr-3 font-medium">Usos</th>
                <th className="py-2 pr-3 font-medium">Desconto dado</th>
                <th className="py-2 font-medium">Situação</th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((coupon) => (
                <tr key={coupon.id} className="border-t border-slate-100">
                  <td className="py-2 pr-3">
                    <Link to={`/admin/coupons/${coupon.id}`} className="font-mono font-medium underline">
                      {coupon.code}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{coupon.value}</td>
                  <td className="py-2 pr-3">{coupon.validity}</td>
                  <td className="py-2 pr-3 tabular-nums">{coupon.uses}</td>
                  <td className="py-2 pr-3 tabular-nums">{coupon.discountGiven}</td>
                  <td className="py-2">
                    <Badge variant={coupon.active ? "default" : "secondary"}>
                      {coupon.active ? "Ativo" : "Inativo"}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
