import { Circle, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { RevenueChart, StatusChart } from "../../components/admin/dashboard-charts";
import { OrderNumberLink } from "../../components/admin/order-number-link";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { loadDashboard } from "../../domain/admin/dashboard.server";
import { currentStoreSettings } from "../../domain/store-settings/store-settings.server";
import { PAYMENT_STATE_LABELS } from "../../domain/orders/order-lifecycle";
import { formatDateTime } from "../../lib/dates";
import { formatFileSize } from "../../lib/file-size";
import { lastBackupRuns } from "../../domain/backups/backup-runs.server";
import { formatBRL } from "../../lib/money";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const [dashboard, { saved }, backups] = await Promise.all([
    loadDashboard(context.db),
    currentStoreSettings(context.db, context.env),
    lastBackupRuns(context.db),
  ]);
  const { success, failure } = backups;
  return {
    ...dashboard,
    backups: {
      scheduled: Boolean(context.env.BACKUP_DIR),
      lastSuccess: success && { at: formatDateTime(success.createdAt), size: formatFileSize(success.bytes!) },
      // A failure already followed by a backup that succeeded is over.
      lastFailure:
        failure && (!success || failure.createdAt > success.createdAt)
          ? { at: formatDateTime(failure.createdAt), reason: failure.failure! }
          : null,
    },
    storeSetup: STORE_SETUP_STEPS.map((step) => ({ ...step, done: saved.has(step.section) })),
    recentOrders: dashboard.recentOrders.map((order) => ({
      ...order,
      placedAt: formatDateTime(order.createdAt),
    })),
  };
}

/** Until the owner has saved these, the store shows the demo store's (first start). */
const STORE_SETUP_STEPS = [
  { section: "identity", label: "Nome, descrição e cor da loja" },
  { section: "legal", label: "Dados legais: razão social, CNPJ, endereço, SAC e encarregado de dados" },
  { section: "contacts", label: "Contatos e links: WhatsApp, e-mail e redes sociais" },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, recentOrders, topProducts, revenueByDay, ordersByStatus, storeSetup, backups } =
    loaderData;
  const cards: { label: string; value: string; details?: string[] }[] = [
    { label: "Total de Pedidos", value: String(figures.totalOrders) },
    {
      label: "Faturamento Total",
      value: formatBRL(figures.totalRevenueCents),
      details: [
        `PIX: ${formatBRL(figures.pixRevenueCents)}`,
        `Cartão/boleto: ${formatBRL(figures.cardRevenueCents)}`,
        `Frete incluído: ${formatBRL(figures.freightRevenueCents)}`,
      ],
    },
    { label: "Pedidos Pendentes", value: String(figures.pendingOrders) },
    { label: "Pedidos Concluídos", value: String(figures.completedOrders) },
    {
      label: "Reembolsado",
      value: formatBRL(figures.refundedCents),
      details: [
        `PIX: ${formatBRL(figures.pixRefundedCents)}`,
        `Cartão/boleto: ${formatBRL(figures.cardRefundedCents)}`,
      ],
    },
    { label: "Receita líquida", value: formatBRL(figures.netRevenueCents) },
    { label: "Devoluções em aberto", value: String(figures.openReturns) },
    { label: "Pedidos em disputa", value: String(figures.disputedOrders) },
    {
      label: "Carrinhos recuperados",
      value: `${figures.cartsRecovered} de ${figures.cartsReminded}`,
      details: [`Receita recuperada: ${formatBRL(figures.recoveredRevenueCents)}`],
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h2 className="sr-only">Dashboard</h2>
      {storeSetup.some((step) => !step.done) && <StoreSetupChecklist steps={storeSetup} />}
      {/* A figure shrinks with its card (to 1 rem at the least) and, still too wide, breaks
          anywhere rather than leave its card. */}
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="@container min-w-0 rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-600">{card.label}</dt>
            <dd className="mt-1 text-[clamp(1rem,13cqi,1.5rem)] leading-tight font-bold wrap-anywhere tabular-nums">
              {card.value}
            </dd>
            {card.details?.map((detail) => (
              <dd key={detail} className="text-xs text-slate-600">
                {detail}
              </dd>
            ))}
          </div>
        ))}
      </dl>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section className="rounded-xl border border-slate-200 p-4 lg:col-span-2">
          <RevenueChart days={revenueByDay} />
        </section>
        <section className="rounded-xl border border-slate-200 p-4">
          <StatusChart statuses={ordersByStatus} />
        </section>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section className="rounded-xl border border-slate-200 p-4 lg:col-span-2">
          <h3 className="font-semibold">Pedidos Recentes</h3>
          {recentOrders.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">Nenhum pedido ainda</p>
          ) : (
            <div className="relative mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-slate-600">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Pedido</th>
                    <th className="py-2 pr-3 font-medium">Cliente</th>
                    <th className="py-2 pr-3 font-medium">Data</th>
                    <th className="py-2 pr-3 font-medium">Itens</th>
                    <th className="py-2 pr-3 font-medium">Total</th>
                    <th className="py-2 pr-3 font-medium">Status</th>
                    <th className="py-2 font-medium">Pagamento</th>
                  </tr>
                </thead>
                <tbody>
                  {recentOrders.map((order) => (
                    <tr key={order.id} className="border-t border-slate-100">
                      <td className="py-2 pr-3">
                        <OrderNumberLink orderId={order.id} />
                      </td>
                      <td className="py-2 pr-3">{order.userName}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{order.placedAt}</td>
                      <td className="py-2 pr-3">{order.itemsCount}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatBRL(order.totalCents)}</td>
                      <td className="py-2 pr-3">
                        <OrderStatusBadge status={order.status} paid={order.paid} />
                      </td>
                      <td className="py-2">
                        <Badge variant={order.paid ? "default" : "secondary"}>
                          {PAYMENT_STATE_LABELS[order.paymentStatus]}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold">Produtos Mais Vendidos</h3>
          {topProducts.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">Nenhuma venda paga ainda</p>
          ) : (
            <ol className="mt-4 flex flex-col gap-2 text-sm">
              {topProducts.map((product, index) => (
                <li key={product.name}>
                  <div className="flex items-center justify-between gap-3">
                    <span>
                      {index + 1}. {product.name}
                    </span>
                    <span className="font-semibold whitespace-nowrap">{product.quantity} un.</span>
                  </div>
                  {product.variants.length > 0 && (
                    <details className="mt-1 ml-4 text-slate-600">
                      <summary className="cursor-pointer">Por variação</summary>
                      <ul className="mt-1 flex flex-col gap-1">
                        {product.variants.map((variant) => (
                          <li key={variant.label} className="flex justify-between gap-3">
                            <span>{variant.label}</span>
                            <span className="whitespace-nowrap">{variant.quantity} un.</span>
                          </li>
                        ))}
                      </ul>
                    </details>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <BackupStatus backups={backups} />
    </div>
  );
}

/** The store's scheduled backups (BACKUP_DIR): the last one, and a failure since. */
function BackupStatus({ backups }: { backups: Route.ComponentProps["loaderData"]["backups"] }) {
  const { scheduled, lastSuccess, lastFailure } = backups;
  return (
    <section aria-labelledby="backups" className="rounded-xl border border-slate-200 p-4 text-sm">
      <h3 id="backups" className="font-semibold">
        Backups
      </h3>
      {!scheduled && (
        <p className="mt-2 text-slate-600">
          Backups agendados desligados: defina BACKUP_DIR (a pasta dos backups) para a loja fazer um por dia.
        </p>
      )}
      {(scheduled || lastSuccess) && (
        <p className="mt-2">
          {lastSuccess
            ? `Último backup: ${lastSuccess.at} (${lastSuccess.size})`
            : "Nenhum backup agendado feito ainda."}
        </p>
      )}
      {lastFailure && (
        <p role="alert" className="mt-2 text-red-700">
          O backup de {lastFailure.at} falhou: {lastFailure.reason}
        </p>
      )}
    </section>
  );
}

/** First start: what is left to make the demo store the owner's own. */
function StoreSetupChecklist({ steps }: { steps: { section: string; label: string; done: boolean }[] }) {
  return (
    <section aria-labelledby="store-setup" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 id="store-setup" className="font-semibold">
        Complete os dados da loja
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Até lá, a loja mostra os dados da loja de demonstração aos clientes.
      </p>
      <ul className="mt-3 flex flex-col gap-1 text-sm">
        {steps.map((step) => (
          <li key={step.section} className="flex items-center gap-2">
            {step.done ? (
              <CircleCheck aria-hidden className="size-4 text-green-700" />
            ) : (
              <Circle aria-hidden className="size-4 text-slate-500" />
            )}
            <span className={step.done ? "text-slate-600 line-through" : undefined}>{step.label}</span>
            <span className="sr-only">{step.done ? "(feito)" : "(pendente)"}</span>
          </li>
        ))}
      </ul>
      <Link to="/admin/settings" className={buttonClasses("default", "sm", "mt-3")}>
        Abrir Configurações da loja
      </Link>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
