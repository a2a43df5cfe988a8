import { redirect } from "react-router";
import type { Route } from "./+types/promotion-new";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import type { AdminFormAnswer } from "../../components/admin/admin-form-answer";
import { PromotionForm } from "../../components/admin/promotion-form";
import { parsePromotionForm } from "../../domain/promotions/promotion-form";
import { promotionTargets, savePromotion } from "../../domain/promotions/promotions.server";
import { postedTexts } from "../../domain/store-settings/settings-forms";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return { targets: await promotionTargets(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const form = await request.formData();
  const input = parsePromotionForm(form);
  if (!input.ok) return { ...input, posted: postedTexts(form) } satisfies AdminFormAnswer;
  const { id } = await savePromotion(context.db, user, input.promotion);
  return redirect(`/admin/promotions/${id}`);
}

export default function NewPromotion({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Nova promoção</h2>
      <PromotionForm
        texts={actionData?.posted ?? {}}
        errors={actionData?.errors}
        targets={loaderData.targets}
        submitLabel="Criar promoção"
      />
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
