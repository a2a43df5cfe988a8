import { Form } from "react-router";
import { z } from "../../lib/zod";
import type { Route } from "./+types/audit";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { Button } from "../../components/ui/button";
import { inputClasses } from "../../components/ui/form-field";
import { Pagination, usePageHref } from "../../components/ui/pagination";
import { describeChanges } from "../../domain/admin/audit-changes";
import { listAuditLog } from "../../domain/admin/audit-log.server";
import { AUDIT_TARGETS, type AuditTarget } from "../../domain/audit/audit-targets";
import { readListingQuery } from "../../domain/admin/listing";
import { formatDateTime } from "../../lib/dates";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const searchParams = new URL(request.url).searchParams;
  const query = {
    ...readListingQuery(searchParams),
    target: z
      .enum(AUDIT_TARGETS)
      .optional()
      .catch(undefined)
      .parse(searchParams.get("target") || undefined),
    targetId: z
      .string()
      .trim()
      .max(100)
      .optional()
      .catch(undefined)
      .parse(searchParams.get("targetId") || undefined),
  };
  const log = await listAuditLog(context.db, query);
  return {
    ...log,
    query,
    entries: log.entries.map((entry) => ({
      ...entry,
      at: formatDateTime(entry.createdAt),
      changes: describeChanges(entry.before, entry.after),
    })),
  };
}

const TARGET_LABELS: Record<AuditTarget, string> = {
  product: "Produto",
  product_image: "Imagem de produto",
  user: "Usuário",
  order: "Pedido",
  store_settings: "Configurações da loja",
  coupon: "Cupom",
  promotion: "Promoção",
  bling: "Bling (nota fiscal)",
  review: "Avaliação",
};

const ACTION_LABELS: Record<string, string> = {
  "product.create": "Produto criado",
  "product.update": "Produto alterado",
  "product.delete": "Produto excluído",
  "product_image.add": "Imagem adicionada",
  "product_image.remove": "Imagem removida",
  "product_image.reorder": "Imagens reordenadas",
  "user.role": "Permissão alterada",
  "order.status": "Status do pedido alterado",
  "order.tracking": "Código de rastreio salvo",
  "order.refund": "Reembolso solicitado ao provedor",
  "order.refund.outside": "Reembolso feito por outro meio registrado",
  "store_settings.update": "Configurações da loja alteradas",
  "coupon.create": "Cupom criado",
  "coupon.update": "Cupom alterado",
  "coupon.activate": "Cupom ativado",
  "coupon.deactivate": "Cupom desativado",
  "promotion.create": "Promoção criada",
  "promotion.update": "Promoção alterada",
  "promotion.activate": "Promoção ativada",
  "promotion.deactivate": "Promoção desativada",
  "order.bling_resend": "Pedido reenviado ao Bling",
  "order.label": "Etiqueta comprada no Melhor Envio",
  "bling.app": "Aplicativo do Bling salvo",
  "bling.connect": "Loja conectada ao Bling",
  "bling.disconnect": "Loja desconectada do Bling",
  "bling.options": "Opções do Bling alteradas",
  "review.approve": "Avaliação aprovada",
  "review.hide": "Avaliação ocultada",
  "review.reply": "Avaliação respondida",
};

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, matching, page, pageCount, query } = loaderData;
  const hrefFor = usePageHref();

  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Auditoria</h2>
      <Form method="get" action="/admin/audit" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-target" className="text-sm font-medium text-slate-700">
            Registro
          </label>
          <select
            id="audit-target"
            name="target"
            defaultValue={query.target ?? ""}
            className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">Todos</option>
            {AUDIT_TARGETS.map((target) => (
              <option key={target} value={target}>
                {TARGET_LABELS[target]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-target-id" className="text-sm font-medium text-slate-700">
            Código do registro
          </label>
          <input
            id="audit-target-id"
            name="targetId"
            defaultValue={query.targetId ?? ""}
            className={inputClasses}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-admin" className="text-sm font-medium text-slate-700">
            E-mail do administrador
          </label>
          <input id="audit-admin" name="q" type="search" defaultValue={query.q} className={inputClasses} />
        </div>
        <Button type="submit" variant="outline">
          Filtrar
        </Button>
      </Form>
      <p className="text-sm text-slate-600">
        {matching} {matching === 1 ? "registro" : "registros"}
      </p>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
          Nenhuma alteração registrada
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-xl border border-slate-200 p-4 text-sm">
              <p className="font-medium">
                {ACTION_LABELS[entry.action] ?? entry.action} ·{" "}
                {TARGET_LABELS[entry.targetType as AuditTarget] ?? entry.targetType} {entry.targetId}
              </p>
              <p className="text-slate-600">
                {entry.at} por {entry.adminEmail}
              </p>
              {entry.changes.length > 0 && (
                <ul className="mt-2 font-mono text-xs break-all text-slate-700">
                  {entry.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
