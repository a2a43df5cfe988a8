import { data, Form } from "react-router";
import type { Route } from "./+types/coupon-edit";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { CouponForm, type CouponActionData } from "../../components/admin/coupon-form";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { couponFormTexts, parseCouponForm } from "../../domain/promotions/coupon-form";
import { findCoupon, saveCoupon, setCouponActive } from "../../domain/promotions/coupons.server";
import { rowIdField } from "../../domain/admin/row-id";
import { postedTexts } from "../../domain/store-settings/settings-forms";
import { requireAdmin } from "../guards.server";

const NOT_FOUND = "Cupom não encontrado";

/** The coupon's id in the address; another text names no coupon. */
function readCouponId(params: { couponId?: string }): number {
  const id = rowIdField.safeParse(params.couponId);
  if (!id.success) throw data(NOT_FOUND, { status: 404 });
  return id.data;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const coupon = await findCoupon(context.db, readCouponId(params));
  if (!coupon) throw data(NOT_FOUND, { status: 404 });
  return {
    coupon: { id: coupon.id, code: coupon.code, active: coupon.active, uses: coupon.uses },
    texts: couponFormTexts(coupon),
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
    return { ok: outcome.ok, message: outcome.message } satisfies CouponActionData;
  }
  if (intent !== "save") throw data("Ação desconhecida", { status: 400 });
  const input = parseCouponForm(form);
  const outcome = input.ok ? await saveCoupon(context.db, user, input.coupon, id) : input;
  if ("notFound" in outcome) throw data(NOT_FOUND, { status: 404 });
  if (outcome.ok) return { ok: true, message: outcome.message } satisfies CouponActionData;
  return {
    ok: false,
    message: outcome.message,
    errors: outcome.errors,
    posted: postedTexts(form),
  } satisfies CouponActionData;
}

export default function EditCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon, texts } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">
          Cupom <span className="font-mono">{coupon.code}</span>
        </h2>
        <Badge variant={coupon.active ? "default" : "secondary"}>{coupon.active ? "Ativo" : "Inativo"}</Badge>
        <span className="text-sm text-slate-600">{`${coupon.uses} ${coupon.uses === 1 ? "uso" : "usos"}`}</span>
        <Form method="post">
          <input type="hidden" name="intent" value={coupon.active ? "deactivate" : "activate"} />
          <Button type="submit" variant="outline" size="sm">
            {coupon.active ? "Desativar" : "Ativar"}
          </Button>
        </Form>
      </div>
      {actionData && (
        <p role="status" className={actionData.ok ? "text-sm text-emerald-700" : "text-sm text-red-700"}>
          {actionData.message}
        </p>
      )}
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

export { AdminErrorBoundary as ErrorBoundary };
