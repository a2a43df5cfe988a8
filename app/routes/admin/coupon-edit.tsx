import { data, Link } from "react-router";
import type { Route } from "./+types/coupon-edit";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import type { AdminFormAnswer } from "../../components/admin/admin-form-answer";
import { CouponForm } from "../../components/admin/coupon-form";
import { ActiveToggle } from "../../components/admin/active-toggle";
import { buttonClasses } from "../../components/ui/button";
import { couponFormTexts, parseCouponForm } from "../../domain/promotions/coupon-form";
import {
  COUPON_ADMIN_MESSAGES,
  findCoupon,
  saveCoupon,
  setCouponActive,
} from "../../domain/promotions/coupons.server";
import { couponUseRows, couponUsesSummaries } from "../../domain/admin/coupon-uses-report.server";
import { ORDER_STATUS_LABELS } from "../../domain/orders/order-lifecycle";
import { formatDateTime } from "../../lib/dates";
import { formatBRL } from "../../lib/money";
import { readCouponId } from "./coupon-id";
import { postedTexts } from "../../domain/store-settings/settings-forms";
import { requireAdmin } from "../guards.server";

const NOT_FOUND = COUPON_ADMIN_MESSAGES.notFound;

/** The uses listed on the page, the newest first; the CSV has them all. */
const USES_SHOWN = 50;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const coupon = await findCoupon(context.db, readCouponId(params));
  if (!coupon) throw data(NOT_FOUND, { status: 404 });
  const [uses, summaries] = await Promise.all([
    couponUseRows(context.db, coupon.id, USES_SHOWN),
    couponUsesSummaries(context.db, coupon.id),
  ]);
  const standing = summaries.get(coupon.id) ?? { orders: 0, discountCents: 0 };
  // Dates and amounts as text here, so the server and the browser render the same.
  return {
    coupon: { id: coupon.id, code: coupon.code, active: coupon.active, uses: coupon.uses },
    texts: couponFormTexts(coupon),
    summary: usesSummaryText(standing.orders, standing.discountCents),
    uses: uses.map((use) => ({
      orderId: use.orderId,
      placedAt: formatDateTime(use.placedAt),
      customerName: use.customerName,
      status: ORDER_STATUS_LABELS[use.status],
      total: formatBRL(use.totalCents),
      discount: formatBRL(use.discountCents),
      released: use.releasedAt ? `Uso devolvido em ${formatDateTime(use.releasedAt)}` : null,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const id = readCouponId(params);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "activate" || intent === "deactivate") {
    const outcome = await setCouponActive(context.db, user, id, intent === "activate");
    if ("notFound" in outcome) throw data(NOT_FOUND, { status: 404 });
    return { ok: outcome.ok, message: outcome.message } satisfies AdminFormAnswer;
  }
  if (intent !== "save") throw data("Ação desconhecida", { status: 400 });
  const input = parseCouponForm(form);
  const outcome = input.ok ? await saveCoupon(context.db, user, input.coupon, id) : input;
  if ("notFound" in outcome) throw data(NOT_FOUND, { status: 404 });
  if (outcome.ok) return { ok: true, message: outcome.message } satisfies AdminFormAnswer;
  return {
    ok: false,
    message: outcome.message,
    errors: outcome.errors,
    posted: postedTexts(form),
  } satisfies AdminFormAnswer;
}

export default function EditCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon, texts } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">
          Cupom <span className="font-mono">{coupon.code}</span>
        </h2>
        <span className="text-sm text-slate-600">{`${coupon.uses} ${coupon.uses === 1 ? "uso" : "usos"}`}</span>
        <ActiveToggle active={coupon.active} label={{ active: "Ativo", inactive: "Inativo" }} />
      </div>
      {actionData && (
        <p role="status" className={actionData.ok ? "text-sm text-emerald-700" : "text-sm text-red-700"}>
          {actionData.message}
        </p>
      )}
      <CouponUses coupon={coupon} summary={loaderData.summary} uses={loaderData.uses} />
      <CouponForm
        // A saved form is drawn from the coupon as saved; a refused one with what was typed.
        key={actionData?.ok === false ? "refused" : JSON.stringify(texts)}
        texts={actionData?.posted ?? texts}
        errors={actionData?.errors}
        submitLabel="Salvar cupom"
      />
    </section>
  );
}

/** 'Usos': the orders placed with the coupon, what they were given, and the CSV of them all. */
function CouponUses({
  coupon,
  summary,
  uses,
}: Pick<Route.ComponentProps["loaderData"], "coupon" | "summary" | "uses">) {
  return (
    <section aria-labelledby="coupon-uses-heading" className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="coupon-uses-heading" className="font-semibold">
          Usos
        </h3>
        <a href={`/admin/coupons/${coupon.id}/uses.csv`} className={buttonClasses("outline", "sm")} download>
          Exportar CSV
        </a>
      </div>
      <p className="mt-1 text-sm text-slate-600">{summary}</p>
      {uses.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 pr-3 font-medium">Pedido</th>
                <th className="py-2 pr-3 font-medium">Data</th>
                <th className="py-2 pr-3 font-medium">Cliente</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 pr-3 font-medium">Total</th>
                <th className="py-2 font-medium">Desconto</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {uses.map((use) => (
                <tr key={use.orderId}>
                  <td className="py-2 pr-3 font-mono">
                    <Link to={`/admin/orders/${use.orderId}`} className="underline hover:no-underline">
                      {use.orderId.slice(0, 8)}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{use.placedAt}</td>
                  <td className="py-2 pr-3">{use.customerName}</td>
                  <td className="py-2 pr-3">
                    {use.status}
                    {use.released && <span className="block text-xs text-slate-500">{use.released}</span>}
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{use.total}</td>
                  <td className="py-2 tabular-nums">{use.discount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** '3 pedidos com o cupom · R$ 75,00 de desconto', counting the uses that stand. */
function usesSummaryText(orders: number, discountCents: number): string {
  if (orders === 0) return "Nenhum pedido com o cupom";
  return `${orders} ${orders === 1 ? "pedido" : "pedidos"} com o cupom · ${formatBRL(discountCents)} de desconto`;
}

export { AdminErrorBoundary as ErrorBoundary };
