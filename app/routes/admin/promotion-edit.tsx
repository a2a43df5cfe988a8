import { data } from "react-router";
import type { Route } from "./+types/promotion-edit";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import type { AdminFormAnswer } from "../../components/admin/admin-form-answer";
import { PromotionForm } from "../../components/admin/promotion-form";
import { ActiveToggle } from "../../components/admin/active-toggle";
import { parsePromotionForm, promotionFormTexts } from "../../domain/promotions/promotion-form";
import {
  findPromotion,
  PROMOTION_ADMIN_MESSAGES,
  promotionTargets,
  savePromotion,
  setPromotionActive,
} from "../../domain/promotions/promotions.server";
import { postedTexts } from "../../domain/store-settings/settings-forms";
import { readPromotionId } from "./promotion-id";
import { requireAdmin } from "../guards.server";

const NOT_FOUND = PROMOTION_ADMIN_MESSAGES.notFound;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const [promotion, targets] = await Promise.all([
    findPromotion(context.db, readPromotionId(params)),
    promotionTargets(context.db),
  ]);
  if (!promotion) throw data(NOT_FOUND, { status: 404 });
  return {
    promotion: { id: promotion.id, name: promotion.name, active: promotion.active },
    texts: promotionFormTexts(promotion),
    targets,
  };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<AdminFormAnswer> {
  const { user } = await requireAdmin(context, request);
  const id = readPromotionId(params);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "activate" || intent === "deactivate") {
    const outcome = await setPromotionActive(context.db, user, id, intent === "activate");
    if (!outcome.ok) throw data(NOT_FOUND, { status: 404 });
    return { ok: true, message: outcome.message } satisfies AdminFormAnswer;
  }
  if (intent !== "save") throw data("Ação desconhecida", { status: 400 });
  const input = parsePromotionForm(form);
  if (!input.ok) return { ...input, posted: postedTexts(form) } satisfies AdminFormAnswer;
  const saved = await savePromotion(context.db, user, input.promotion, id);
  if (!saved.ok) throw data(NOT_FOUND, { status: 404 });
  return { ok: true, message: saved.message } satisfies AdminFormAnswer;
}

export default function EditPromotion({ loaderData, actionData }: Route.ComponentProps) {
  const { promotion, texts, targets } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">{promotion.name}</h2>
        <ActiveToggle active={promotion.active} label={{ active: "Ativa", inactive: "Inativa" }} />
      </div>
      {actionData && (
        <p role="status" className={actionData.ok ? "text-sm text-emerald-700" : "text-sm text-red-700"}>
          {actionData.message}
        </p>
      )}
      <PromotionForm
        // A saved form is drawn from the promotion as saved; a refused one with what was typed.
        key={actionData?.ok === false ? "refused" : JSON.stringify(texts)}
        texts={actionData?.posted ?? texts}
        errors={actionData?.errors}
        targets={targets}
        submitLabel="Salvar promoção"
      />
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
