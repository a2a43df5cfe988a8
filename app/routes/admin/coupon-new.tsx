import { redirect } from "react-router";
import type { Route } from "./+types/coupon-new";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import type { AdminFormAnswer } from "../../components/admin/admin-form-answer";
import { CouponForm } from "../../components/admin/coupon-form";
import { NEW_COUPON_TEXTS, parseCouponForm } from "../../domain/promotions/coupon-form";
import { saveCoupon } from "../../domain/promotions/coupons.server";
import { postedTexts } from "../../domain/store-settings/settings-forms";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const form = await request.formData();
  const input = parseCouponForm(form);
  const outcome = input.ok ? await saveCoupon(context.db, user, input.coupon) : input;
  if (outcome.ok) return redirect(`/admin/coupons/${outcome.id}`);
  return {
    ok: false,
    message: outcome.message,
    errors: "errors" in outcome ? outcome.errors : undefined,
    posted: postedTexts(form),
  } satisfies AdminFormAnswer;
}

export default function NewCoupon({ actionData }: Route.ComponentProps) {
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Novo cupom</h2>
      <CouponForm
        texts={actionData?.posted ?? NEW_COUPON_TEXTS}
        errors={actionData?.errors}
        submitLabel="Criar cupom"
      />
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
