import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/promotions";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { formatPercent } from "../../domain/payments/payment-prices";
import { windowText } from "../../domain/promotions/admin-form-fields";
import { listPromotions, type AdminPromotion } from "../../domain/promotions/promotions.server";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const promotions = await listPromotions(context.db);
  const now = new Date();
  // Dates as São Paulo text here, so the server and the browser render the same.
  return {
    promotions: promotions.map((promotion) => ({
      id: promotion.id,
      name: promotion.name,
      percent: formatPercent(promotion.percentBasisPoints),
      covers: promotion.category ? `Categoria ${promotion.category}` : `Marca ${promotion.brand}`,
      window: windowText(promotion),
      standing: standingOf(promotion, now),
    })),
  };
}

/** 'Em andamento', 'Agendada', 'Encerrada' or 'Inativa'. */
function standingOf(promotion: AdminPromotion, now: Date): string {
  if (!promotion.active) return "Inativa";
  if (now < promotion.startsAt) return "Agendada";
  return now < promotion.endsAt ? "Em andamento" : "Encerrada";
}

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  const { promotions } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-semibold">Promoções</h2>
          <p className="text-sm text-slate-600">
            Um desconto em todos os produtos de uma categoria ou marca, sem cupom, mostrado como
            &quot;de/por&quot; na loja enquanto durar.
          </p>
        </div>
        <Link to="/admin/promotions/new" className={buttonClasses("default", "sm")}>
          <Plus aria-hidden className="size-4" />
          Nova promoção
        </Link>
      </div>
      {promotions.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma promoção ainda</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 pr-3 font-medium">Nome</th>
                <th className="py-2 pr-3 font-medium">Desconto</th>
                <th className="py-2 pr-3 font-medium">Vale para</th>
                <th className="py-2 pr-3 font-medium">Período</th>
                <th className="py-2 font-medium">Situação</th>
              </tr>
            </thead>
            <tbody>
              {promotions.map((promotion) => (
                <tr key={promotion.id} className="border-t border-slate-100">
                  <td className="py-2 pr-3">
                    <Link to={`/admin/promotions/${promotion.id}`} className="font-medium underline">
                      {promotion.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{promotion.percent}</td>
                  <td className="py-2 pr-3">{promotion.covers}</td>
                  <td className="py-2 pr-3">{promotion.window}</td>
                  <td className="py-2">
                    <Badge variant={promotion.standing === "Em andamento" ? "default" : "secondary"}>
                      {promotion.standing}
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
