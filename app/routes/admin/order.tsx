import { ExternalLink } from "lucide-react";
import { useId, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { z } from "../../lib/zod";
import type { Route } from "./+types/order";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { OrderLines } from "../../components/orders/order-line-row";
import { Badge } from "../../components/ui/badge";
import { Dialog } from "../../components/ui/dialog";
import { Button, buttonClasses } from "../../components/ui/button";
import { FormField, FormMessage, inputClasses } from "../../components/ui/form-field";
import { loadAdminOrder } from "../../domain/admin/admin-order-details.server";
import { changeOrderStatus, type AdminOrderOutcome } from "../../domain/admin/change-order-status.server";
import { saveTracking } from "../../domain/admin/order-tracking-code.server";
import { fieldErrors } from "../../domain/accounts/account-schemas";
import {
  DISPUTED_LABEL,
  DUPLICATE_PAYMENT_LABEL,
  LIFECYCLE_MESSAGES,
  ORDER_STATUS_LABELS,
  orderStatusSchema,
  PAYMENT_MISMATCH_LABEL,
  PAYMENT_STATE_LABELS,
  REFUND_REASON_MAX,
} from "../../domain/orders/order-lifecycle";
import {
  TRACKABLE_STATUSES,
  trackingFormSchema,
  type TrackingField,
} from "../../domain/orders/tracking-code";
import { paymentMethodLabel, providerStatusLabel } from "../../domain/orders/payment-method";
import { PAYMENT_ATTEMPT_STATUS_LABELS } from "../../domain/payments/order-payments.server";
import { CARRIER_LABELS, CARRIERS, carrierName, trackingLink, type Carrier } from "../../lib/carriers";
import { formatDate, formatDateTime } from "../../lib/dates";
import { maskCep, maskPhone, maskTaxId } from "../../lib/masks";
import { stateRegistrationText } from "../../lib/state-registration";
import { formatBRL, formatReais, parseBRLToCents } from "../../lib/money";
import { orderNumber } from "../../lib/order-number";
import { pageTitle } from "../../lib/seo";
import { labelDeps, paymentDeps } from "../../context.server";
import type { ReturnedUnits } from "../../domain/orders/order-stock.server";
import {
  loadOrderRefunds,
  recordOutsideRefund,
  REFUND_MESSAGES,
  refundOrder,
} from "../../domain/orders/refunds.server";
import { freightSummary } from "../../domain/shipping/freight-options";
import { requireAdmin } from "../guards.server";
import { BlingOrderSection } from "../../components/admin/bling-order-section";
import { blingOrderState, resendToBling } from "../../domain/fiscal/bling/bling-orders.server";
import { invoicesOf } from "../../domain/fiscal/bling/bling-invoices.server";
import { shownInvoice } from "../../components/orders/invoice-links";
import { invoiceAfterSaleNotice } from "../../domain/fiscal/invoice-after-sale";
import { ShippingLabelSection } from "../../components/admin/shipping-label-section";
import { useAnswerToast } from "../../components/admin/use-answer-toast";
import { buyLabels, labelState } from "../../domain/shipping/labels/buy-labels.server";
import { labelRefusal, melhorEnvioServiceOf } from "../../domain/shipping/labels/label-shipment.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const order = await loadAdminOrder(context.db, params.orderId);
  if (!order) throw data("Pedido não encontrado", { status: 404 });
  const [{ refunds, refundable, lines, freight }, bling, invoices, label] = await Promise.all([
    loadOrderRefunds(paymentDeps(context), order.id),
    blingOrderState(context.db, order.id),
    invoicesOf(context.db, [order.id]),
    labelState(context.db, order.id),
  ]);
  const invoice = invoices.get(order.id);
  // Offered for freight quoted by Melhor Envio, with the server's token to buy with.
  const labelOffered =
    melhorEnvioServiceOf(order.freight) !== null && Boolean(context.env.MELHOR_ENVIO_TOKEN);
  // Dates as São Paulo text here, so the server and the browser render the same.
  return {
    order: {
      ...order,
      placedAt: formatDateTime(order.createdAt),
      paidAtText: order.paidAt ? formatDateTime(order.paidAt) : null,
      shippedAtText: order.shippedAt ? formatDateTime(order.shippedAt) : null,
      // Until a delivery is reported, the withdrawal's 7 days count from the promised day.
      deliveryDueText: order.deliveryDueAt && !order.deliveredAt ? formatDate(order.deliveryDueAt) : null,
      deliveredAtText: order.deliveredAt ? formatDateTime(order.deliveredAt) : null,
      latePaymentAtText: order.latePaymentAt ? formatDateTime(order.latePaymentAt) : null,
      paymentMismatchText: order.paymentMismatch
        ? `${formatBRL(order.paymentMismatch.receivedCents)} recebidos em ${formatDateTime(order.paymentMismatch.at)}, total do pedido ${formatBRL(order.totalCents)}`
        : null,
      withdrawalText: order.withdrawal
        ? `Desistência do cliente em ${formatDateTime(order.withdrawal.at)}${order.withdrawal.reason ? `: ${order.withdrawal.reason}` : ""}`
        : null,
      disputeText: order.dispute
        ? `${order.dispute.reason} (desde ${formatDateTime(order.dispute.at)})`
        : null,
      history: order.history.map((change) => ({ ...change, atText: formatDateTime(change.at) })),
    },
    label: labelOffered
      ? {
          labelled: label?.labelled ?? false,
          lastError: label?.lastError ?? null,
          invoiceKey: label?.invoiceKey ?? invoice?.accessKey ?? "",
          buyable: labelRefusal({ ...order, trackingCode: order.tracking?.code ?? null }) === null,
        }
      : null,
    bling: bling && {
      ...bling,
      sentAtText: bling.sentAt ? formatDateTime(bling.sentAt) : null,
      cancelledAtText: bling.cancelledAt ? formatDateTime(bling.cancelledAt) : null,
      invoice: shownInvoice(invoice),
      invoiceNotice: invoice
        ? invoiceAfterSaleNotice(
            invoice,
            { status: order.status, refundedCents: order.money.refundedCents },
            new Date(),
          )
        : null,
    },
    money: {
      receivedCents: order.money.receivedCents,
      refundedCents: order.money.refundedCents,
      payments: order.money.payments.map((payment) => ({
        id: payment.id,
        method: payment.method,
        methodLabel: paymentMethodLabel({
          paymentMethod: payment.method,
          cardPaymentType: payment.methodType,
          cardInstallments: payment.installments,
        }),
        provider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        installments: payment.installments,
        statusLabel: PAYMENT_ATTEMPT_STATUS_LABELS[payment.status],
        providerStatusLabel: payment.providerStatus
          ? providerStatusLabel(payment.method, payment.providerStatus)
          : null,
        amountCents: payment.amountCents,
        receivedCents: payment.receivedCents,
        refundedCents: payment.refundedCents,
        duplicate: payment.duplicate,
        createdAtText: formatDateTime(payment.createdAt),
        paidAtText: payment.paidAt ? formatDateTime(payment.paidAt) : null,
      })),
    },
    refunds: {
      list: refunds.map((refund) => ({
        ...refund,
        atText: formatDateTime(refund.confirmedAt ?? refund.createdAt),
      })),
      refundable: refundable.map((payment) => ({
        ...payment,
        // The next refund's own key: a form sent twice (a double click, a retry) refunds once.
        nextRefundId: crypto.randomUUID(),
      })),
      lines,
      freight,
    },
  };
}

const refundFields = {
  refundId: z.uuid(),
  paymentId: z.uuid().optional(),
  amount: z.string().max(30).catch(""),
  reason: z.string().max(REFUND_REASON_MAX).catch(""),
  restock: z.literal("on").optional().catch(undefined),
  freight: z.literal("on").optional().catch(undefined),
};

/** Each line's field in 'Itens reembolsados': `line.<line id>`, its units typed. */
const LINE_FIELD = /^line\.(\d{1,9})$/;

/**
 * The units the admin's refund gives back, line by line (a blank or 0 gives none), or null when
 * one is not a whole number.
 */
function refundedUnitsOf(form: FormData): ReturnedUnits[] | null {
  const units: ReturnedUnits[] = [];
  for (const [name, value] of form) {
    const line = LINE_FIELD.exec(name);
    const typed = typeof value === "string" ? value.trim() : "";
    if (!line || typed === "") continue;
    if (!/^\d{1,3}$/.test(typed)) return null;
    if (Number(typed) > 0) units.push({ orderItemId: Number(line[1]), quantity: Number(typed) });
  }
  return units;
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: orderStatusSchema.optional().catch(undefined) }),
  z.object({
    intent: z.literal("tracking"),
    // A form without a carrier (a page the previous release drew) names a Correios code.
    carrier: z.string().max(20).default("correios").catch(""),
    trackingCode: z.string().max(100).catch(""),
    carrierName: z.string().max(200).optional().catch(undefined),
  }),
  z.object({ intent: z.literal("refund"), ...refundFields }),
  z.object({ intent: z.literal("refund-outside"), ...refundFields }),
  z.object({ intent: z.literal("bling-resend") }),
  z.object({ intent: z.literal("label"), invoiceKey: z.string().max(100).catch("") }),
]);

export interface OrderActionData {
  intent: "status" | "tracking" | "refund" | "refund-outside" | "bling-resend" | "label";
  ok: boolean;
  message: string;
  /** The tracking form's fields refused, each with its message. */
  errors?: Partial<Record<TrackingField, string>>;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const form = await request.formData();
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data("Ação desconhecida", { status: 400 });
  const actor = { id: user.id, email: user.email };
  const input = parsed.data;
  let outcome: AdminOrderOutcome;
  if (input.intent === "status") {
    if (!input.status)
      return { intent: input.intent, ok: false, message: "Status inválido" } satisfies OrderActionData;
    outcome = await changeOrderStatus(paymentDeps(context), actor, params.orderId, input.status);
  } else if (input.intent === "tracking") {
    const tracking = trackingFormSchema.safeParse(input);
    if (!tracking.success) {
      const errors = fieldErrors(tracking.error);
      return {
        intent: input.intent,
        ok: false,
        message: Object.values(errors)[0]!,
        errors,
      } satisfies OrderActionData;
    }
    outcome = await saveTracking(context.db, actor, params.orderId, tracking.data);
  } else if (input.intent === "label") {
    const { labelled, refused } = await buyLabels(await labelDeps(context), actor, [
      { orderId: params.orderId, invoiceKey: input.invoiceKey },
    ]);
    const [bought] = labelled;
    if (!bought)
      return { intent: input.intent, ok: false, message: refused[0]!.message } satisfies OrderActionData;
    return {
      intent: input.intent,
      ok: true,
      message: bought.trackingCode
        ? `Etiqueta comprada! Código de rastreio: ${bought.trackingCode}`
        : "Etiqueta comprada! O código de rastreio aparece quando o Melhor Envio o informar",
    } satisfies OrderActionData;
  } else if (input.intent === "bling-resend") {
    const resent = await resendToBling(context.db, actor, params.orderId);
    return {
      intent: input.intent,
      ok: resent.ok,
      message: resent.ok
        ? "O pedido voltou para a fila do Bling: ele é enviado em instantes"
        : resent.message,
    } satisfies OrderActionData;
  } else {
    const lines = refundedUnitsOf(form);
    if (!lines)
      return {
        intent: input.intent,
        ok: false,
        message: REFUND_MESSAGES.unitsNotWhole,
      } satisfies OrderActionData;
    const ask = {
      orderId: params.orderId,
      paymentId: input.paymentId,
      refundId: input.refundId,
      amountCents: parseBRLToCents(input.amount) ?? 0,
      reason: input.reason,
      lines,
      restock: input.restock === "on",
      includesFreight: input.freight === "on",
    };
    const refund = input.intent === "refund" ? refundOrder : recordOutsideRefund;
    outcome = await refund(paymentDeps(context), actor, ask);
  }
  if ("notFound" in outcome) throw data("Pedido não encontrado", { status: 404 });
  return { intent: input.intent, ok: outcome.ok, message: outcome.message } satisfies OrderActionData;
}

type ShownOrder = Route.ComponentProps["loaderData"]["order"];

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const address = order.shippingAddress;
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <Link to="/admin/orders" className={buttonClasses("outline", "sm")}>
          Voltar aos pedidos
        </Link>
        <h2 className="text-xl font-semibold">
          Pedido <span className="font-mono">#{orderNumber(order.id)}</span>
        </h2>
        <OrderStatusBadge status={order.status} />
        {order.latePaymentAtText && <Badge variant="destructive">Pagamento após o vencimento</Badge>}
        {order.paymentMismatchText && <Badge variant="destructive">{PAYMENT_MISMATCH_LABEL}</Badge>}
        {order.duplicatePayment && <Badge variant="destructive">{DUPLICATE_PAYMENT_LABEL}</Badge>}
        {order.disputeText && <Badge variant="destructive">{DISPUTED_LABEL}</Badge>}
        <p className="w-full text-sm text-slate-600">
          Realizado em {order.placedAt}
          {order.shippedAtText && ` · Enviado em ${order.shippedAtText}`}
          {order.deliveryDueText && ` · Entrega prometida até ${order.deliveryDueText}`}
          {order.deliveredAtText && ` · Entregue em ${order.deliveredAtText}`}
        </p>
        {order.withdrawalText && <p className="w-full text-sm text-amber-800">{order.withdrawalText}</p>}
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section className="rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold">Cliente</h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Nome</dt>
            <dd>{order.customerName}</dd>
            <dt className="text-slate-600">E-mail</dt>
            <dd className="break-all">{order.customerEmail}</dd>
            <dt className="text-slate-600">Telefone</dt>
            <dd>{maskPhone(order.customerPhone)}</dd>
            <dt className="text-slate-600">CPF/CNPJ</dt>
            <dd>{maskTaxId(order.customerTaxId)}</dd>
            {order.customerStateRegistration && (
              <>
                <dt className="text-slate-600">Inscrição estadual</dt>
                <dd>{stateRegistrationText(order.customerStateRegistration)}</dd>
              </>
            )}
          </dl>
        </section>
        <section className="rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold">Endereço de entrega</h3>
          <address className="mt-3 text-sm not-italic">
            <p>
              {[address.street, address.number].filter(Boolean).join(", ")}
              {address.complement ? ` - ${address.complement}` : ""}
            </p>
            <p>
              {[address.neighborhood, [address.city, address.state].filter(Boolean).join("/")]
                .filter(Boolean)
                .join(" - ")}
            </p>
            {address.cep && <p>CEP {maskCep(address.cep)}</p>}
          </address>
          <p className="mt-3 text-sm">
            <span className="text-slate-600">Frete: </span>
            {order.freight ? freightSummary(order.freight) : "Grátis"}
          </p>
        </section>
        <section className="rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold">Pagamento</h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Forma de pagamento</dt>
            <dd>{paymentMethodLabel(order)}</dd>
            <dt className="text-slate-600">Status</dt>
            <dd>{PAYMENT_STATE_LABELS[order.paymentState]}</dd>
            <dt className="text-slate-600">Pago em</dt>
            <dd>{order.paidAtText ?? "—"}</dd>
            <dt className="text-slate-600">Total recebido</dt>
            <dd>{formatBRL(loaderData.money.receivedCents)}</dd>
            <dt className="text-slate-600">Total reembolsado</dt>
            <dd>{formatBRL(loaderData.money.refundedCents)}</dd>
            {order.latePaymentAtText && (
              <>
                <dt className="text-slate-600">Atenção</dt>
                <dd className="text-red-700">Pagamento após o vencimento ({order.latePaymentAtText})</dd>
              </>
            )}
            {order.paymentMismatchText && (
              <>
                <dt className="text-slate-600">Atenção</dt>
                <dd className="text-red-700">{`${PAYMENT_MISMATCH_LABEL}: ${order.paymentMismatchText}`}</dd>
              </>
            )}
            {order.disputeText && (
              <>
                <dt className="text-slate-600">Disputa</dt>
                <dd className="text-red-700">{order.disputeText}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      <section className="rounded-xl border border-slate-200 p-4">
        <h3 className="font-semibold">Itens</h3>
        <OrderLines
          items={order.items}
          adjustments={order.adjustments}
          totalCents={order.totalCents}
          showSku
        />
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <StatusForm order={order} />
        <TrackingForm order={order} />
      </div>

      <PaymentsSection payments={loaderData.money.payments} />

      {loaderData.label && <ShippingLabelSection label={loaderData.label} orderId={order.id} />}

      {loaderData.bling && <BlingOrderSection bling={loaderData.bling} orderNumber={orderNumber(order.id)} />}

      <RefundsSection refunds={loaderData.refunds} payments={loaderData.money.payments} />

      <section className="rounded-xl border border-slate-200 p-4">
        <h3 className="font-semibold">Histórico de status</h3>
        {order.history.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">Nenhuma mudança de status ainda</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-2 text-sm">
            {order.history.map((change) => (
              <li key={change.id} className="flex flex-wrap gap-x-3">
                <span className="text-slate-600">{change.atText}</span>
                <span>
                  {ORDER_STATUS_LABELS[change.from]} → {ORDER_STATUS_LABELS[change.to]}
                </span>
                <span className="text-slate-600">por {change.who}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

/**
 * Each attempt to pay the order, as its provider reported it, to find it there: its ids, status,
 * instalments, and the money it brought in and gave back.
 */
function PaymentsSection({
  payments,
}: {
  payments: Route.ComponentProps["loaderData"]["money"]["payments"];
}) {
  return (
    <section className="rounded-xl border border-slate-200 p-4" aria-labelledby="pagamentos">
      <h3 id="pagamentos" className="font-semibold">
        Pagamentos
      </h3>
      <ol className="mt-3 flex flex-col gap-4 text-sm">
        {payments.map((payment) => (
          <li key={payment.id}>
            <p className="font-medium">
              {payment.methodLabel}
              {payment.provider && <span className="text-slate-600"> · {payment.provider}</span>} —{" "}
              {payment.statusLabel}
              {payment.duplicate && <span className="text-red-700"> · {DUPLICATE_PAYMENT_LABEL}</span>}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-600">Valor</dt>
              <dd>{formatBRL(payment.amountCents)}</dd>
              <dt className="text-slate-600">Recebido</dt>
              <dd>{formatBRL(payment.receivedCents)}</dd>
              <dt className="text-slate-600">Reembolsado</dt>
              <dd>{formatBRL(payment.refundedCents)}</dd>
              <dt className="text-slate-600">
                {payment.method === "card" ? "ID do pagamento" : "ID da cobrança"}
              </dt>
              <dd className="font-mono break-all">{payment.providerPaymentId ?? "—"}</dd>
              <dt className="text-slate-600">Status no provedor</dt>
              <dd>{payment.providerStatusLabel ?? "—"}</dd>
              {payment.method === "card" && (
                <>
                  <dt className="text-slate-600">Parcelas</dt>
                  <dd>{payment.installments ? `${payment.installments}x` : "—"}</dd>
                </>
              )}
              <dt className="text-slate-600">Criado em</dt>
              <dd>{payment.createdAtText}</dd>
              <dt className="text-slate-600">Pago em</dt>
              <dd>{payment.paidAtText ?? "—"}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Shows the action's answer as a toast, once per answer. */
function StatusForm({ order }: { order: ShownOrder }) {
  const fetcher = useFetcher<OrderActionData>();
  useAnswerToast(fetcher.data);
  const options = order.nextStatuses;
  const busy = fetcher.state !== "idle";
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold">Alterar status</h3>
      {options.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{LIFECYCLE_MESSAGES.final}</p>
      ) : (
        // Keyed by the status, so the choices start afresh once it changed.
        <fetcher.Form key={order.status} method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="status" />
          <label className="flex flex-1 flex-col gap-1.5 text-sm font-medium text-slate-700">
            Novo status
            <select name="status" className={inputClasses} defaultValue={options[0]}>
              {options.map((status) => (
                <option key={status} value={status}>
                  {ORDER_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" disabled={busy}>
            {busy ? "Salvando..." : "Atualizar status"}
          </Button>
          {!order.paid && order.status === "pending" && (
            <p className="w-full text-xs text-slate-500">{LIFECYCLE_MESSAGES.unpaid}</p>
          )}
        </fetcher.Form>
      )}
    </section>
  );
}

const REFUND_STATUS_LABELS = {
  pending: "aguardando o provedor",
  confirmed: "confirmado",
  failed: "recusado",
};

type LoadedRefunds = Route.ComponentProps["loaderData"]["refunds"];
type ShownPayments = Route.ComponentProps["loaderData"]["money"]["payments"];

/**
 * The order's refunds, and a form for each payment with money left to give back (through its
 * provider, or recorded when the provider cannot): the one that paid the order, and money received
 * otherwise (another amount, a second payment).
 */
function RefundsSection({ refunds, payments }: { refunds: LoadedRefunds; payments: ShownPayments }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4" aria-labelledby="reembolsos">
      <h3 id="reembolsos" className="font-semibold">
        Reembolsos
      </h3>
      {refunds.list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nenhum reembolso</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {refunds.list.map((refund) => (
            <li key={refund.id} className="flex flex-wrap gap-x-3">
              <span className="text-slate-600">{refund.atText}</span>
              <span className="font-medium">{formatBRL(refund.amountCents)}</span>
              <span>
                {refund.outside ? "registrado (feito por outro meio)" : REFUND_STATUS_LABELS[refund.status]}
                {refund.failure && `: ${refund.failure}`}
              </span>
              <span className="text-slate-600">
                {refund.reason} · por {refund.by}
                {refund.lines.length > 0 &&
                  ` · itens: ${refund.lines.map((units) => `${units.quantity} × ${units.name}`).join(", ")}${refund.restocked ? " (devolvidos ao estoque)" : ""}`}
                {refund.includesFreight && " · frete incluído"}
              </span>
            </li>
          ))}
        </ul>
      )}
      {refunds.refundable.map((payment) => (
        <RefundForm
          key={payment.nextRefundId}
          payment={payment}
          // Named when it is not the order's one payment, which goes without saying.
          shown={
            refunds.refundable.length > 1 || !payment.settlesOrder
              ? payments.find((entry) => entry.id === payment.paymentId)
              : undefined
          }
          lines={refunds.lines}
          // The freight was paid with the order, by the payment that paid it.
          freight={
            payment.settlesOrder && refunds.freight && !refunds.freight.refunded ? refunds.freight : null
          }
        />
      ))}
    </section>
  );
}

/** Gives back what is left of one payment. Keyed by the request's key: after an answer it starts afresh. */
function RefundForm({
  payment,
  shown,
  lines,
  freight,
}: {
  payment: LoadedRefunds["refundable"][number];
  shown: ShownPayments[number] | undefined;
  lines: LoadedRefunds["lines"];
  /** The order's freight while no refund gave it back: the refund may say it includes it. */
  freight: LoadedRefunds["freight"];
}) {
  const fetcher = useFetcher<OrderActionData>();
  useAnswerToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const outside = payment.providerClosed !== null;
  // Money leaves the shop: the refund asked is confirmed first, with its amount (the form sent
  // without scripts goes as it is).
  const [asked, setAsked] = useState<{ form: FormData; amountCents: number } | null>(null);
  const ask = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const amountCents = parseBRLToCents(String(form.get("amount") ?? ""));
    // An amount that cannot be read is the server's to refuse, with its message.
    if (amountCents === null || amountCents <= 0) return;
    event.preventDefault();
    setAsked({ form, amountCents });
  };
  const confirm = () => {
    void fetcher.submit(asked!.form, { method: "post" });
    setAsked(null);
  };
  return (
    <fetcher.Form
      method="post"
      onSubmit={ask}
      className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4"
    >
      <input type="hidden" name="intent" value={outside ? "refund-outside" : "refund"} />
      <input type="hidden" name="refundId" value={payment.nextRefundId} />
      <input type="hidden" name="paymentId" value={payment.paymentId} />
      {shown && (
        <p className="text-sm font-medium">
          {`Reembolsar o pagamento ${shown.methodLabel}${shown.provider ? ` · ${shown.provider}` : ""} de ${formatBRL(shown.receivedCents)}`}
        </p>
      )}
      {outside && <p className="text-sm text-amber-800">{payment.providerClosed}</p>}
      <FormField
        label={`Valor (até ${formatBRL(payment.leftCents)})`}
        name="amount"
        inputMode="decimal"
        defaultValue={formatReais(payment.leftCents)}
        required
      />
      <FormField label="Motivo" name="reason" maxLength={REFUND_REASON_MAX} required />
      <RefundedLinesFields lines={lines} />
      {freight && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="freight" className="size-4" />
          {`O reembolso inclui o frete (${formatBRL(freight.cents)})`}
        </label>
      )}
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? "Enviando..." : outside ? "Registrar reembolso" : "Reembolsar"}
      </Button>
      <Dialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title="Confirmar reembolso"
        description={asked && refundQuestion(asked.amountCents, payment.leftCents, outside)}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setAsked(null)}>
            Cancelar
          </Button>
          <Button variant="destructive" onClick={confirm}>
            {outside ? "Registrar reembolso" : "Confirmar reembolso"}
          </Button>
        </div>
      </Dialog>
    </fetcher.Form>
  );
}

/** What the admin confirms: the amount, and that it is all that is left of the payment when it is. */
function refundQuestion(amountCents: number, leftCents: number, outside: boolean): string {
  const amount = formatBRL(amountCents);
  const all = amountCents === leftCents ? " É todo o valor que resta deste pagamento." : "";
  return outside
    ? `Registrar o reembolso de ${amount}, feito por outro meio?${all}`
    : `Devolver ${amount} ao cliente pelo provedor do pagamento? Não pode ser desfeito.${all}`;
}

/**
 * 'Itens reembolsados': how many units of each line the refund gives back (none by default: a
 * refund of a value), and whether they return to stock.
 */
function RefundedLinesFields({ lines }: { lines: LoadedRefunds["lines"] }) {
  return (
    <fieldset className="flex flex-col gap-2 text-sm text-slate-700">
      <legend className="mb-1 font-medium">Itens reembolsados</legend>
      {lines.map((line) => {
        const left = line.quantity - line.refundedQuantity;
        return (
          <label key={line.orderItemId} className="flex flex-wrap items-center gap-2">
            <input
              type="number"
              name={`line.${line.orderItemId}`}
              min={0}
              max={left}
              step={1}
              defaultValue={0}
              disabled={left === 0}
              className={`${inputClasses} w-20`}
            />
            <span>
              {line.name}
              <span className="text-slate-500">
                {` · ${line.quantity} ${line.quantity === 1 ? "comprada" : "compradas"}`}
                {line.refundedQuantity > 0 &&
                  `, ${line.refundedQuantity} já ${line.refundedQuantity === 1 ? "reembolsada" : "reembolsadas"}`}
                {line.returnedQuantity > 0 && `, ${line.returnedQuantity} já no estoque`}
              </span>
            </span>
          </label>
        );
      })}
      <label className="flex items-center gap-2">
        <input type="checkbox" name="restock" className="size-4" />
        Devolver ao estoque os itens reembolsados
      </label>
    </fieldset>
  );
}

/** The code's field as each carrier names it, with an example of its code. */
const CODE_FIELDS: Record<Carrier, { label: string; placeholder: string; maxLength: number }> = {
  correios: { label: "Código dos Correios", placeholder: "AA123456789BR", maxLength: 13 },
  jadlog: { label: "Código da Jadlog", placeholder: "14 dígitos", maxLength: 14 },
  loggi: { label: "Código da Loggi", placeholder: "Como na etiqueta", maxLength: 40 },
  other: { label: "Código de rastreio", placeholder: "", maxLength: 40 },
};

/**
 * The parcel's carrier and code: the Correios, Jadlog, Loggi, or another carrier named here, each
 * code checked by its carrier's rule; the saved one links to its carrier's page when it has one.
 */
function TrackingForm({ order }: { order: ShownOrder }) {
  const fetcher = useFetcher<OrderActionData>();
  useAnswerToast(fetcher.data);
  const saved = order.tracking;
  const [carrier, setCarrier] = useState<Carrier>(saved?.carrier ?? "correios");
  const carrierId = useId();
  const [errors, setErrors] = useState<OrderActionData["errors"]>();
  const busy = fetcher.state !== "idle";
  const shown = errors ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined);
  const codeField = CODE_FIELDS[carrier];
  const link = saved && trackingLink(saved);

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = trackingFormSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    setErrors(parsed.success ? undefined : fieldErrors(parsed.error));
    if (!parsed.success) event.preventDefault();
  };

  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold">Código de rastreio</h3>
      {TRACKABLE_STATUSES.includes(order.status) ? (
        // Keyed by what was saved, so the fields show it as kept (a Correios code upper-cased).
        <fetcher.Form
          key={saved ? `${saved.carrier}:${saved.carrierName}:${saved.code}` : ""}
          method="post"
          onSubmit={submit}
          noValidate
          className="mt-3 flex flex-wrap items-start gap-3"
        >
          <input type="hidden" name="intent" value="tracking" />
          <div className="flex w-full flex-col gap-1.5">
            <label htmlFor={carrierId} className="text-sm font-medium text-slate-700">
              Transportadora
            </label>
            <select
              id={carrierId}
              name="carrier"
              className={inputClasses}
              value={carrier}
              onChange={(event) => setCarrier(event.currentTarget.value as Carrier)}
              aria-invalid={shown?.carrier ? true : undefined}
              aria-describedby={shown?.carrier ? `${carrierId}-erro` : undefined}
            >
              {CARRIERS.map((option) => (
                <option key={option} value={option}>
                  {CARRIER_LABELS[option]}
                </option>
              ))}
            </select>
            <FormMessage id={`${carrierId}-erro`} message={shown?.carrier} />
          </div>
          {carrier === "other" && (
            <FormField
              label="Nome da transportadora"
              name="carrierName"
              defaultValue={saved?.carrierName ?? ""}
              maxLength={60}
              className="w-full"
              error={shown?.carrierName}
            />
          )}
          <FormField
            label={codeField.label}
            name="trackingCode"
            defaultValue={saved?.code ?? ""}
            placeholder={codeField.placeholder}
            maxLength={codeField.maxLength}
            autoCapitalize={carrier === "correios" ? "characters" : "none"}
            inputMode={carrier === "jadlog" ? "numeric" : undefined}
            className="flex-1"
            error={shown?.trackingCode}
          />
          <Button type="submit" className="mt-7" disabled={busy}>
            {busy ? "Salvando..." : "Salvar código"}
          </Button>
        </fetcher.Form>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {saved ? `${carrierName(saved)}: ${saved.code}. ` : ""}O código de rastreio pode ser informado
          quando o pedido estiver em processamento, enviado, entregue ou concluído.
        </p>
      )}
      {link && (
        <a
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses("outline", "sm", "mt-3")}
        >
          {link.label}
          <ExternalLink aria-hidden className="size-4" />
        </a>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ params, matches }) => [
  pageTitle(matches, `Pedido #${orderNumber(params.orderId)} | Painel de Administração`),
  { name: "robots", content: "noindex" },
];

export { AdminErrorBoundary as ErrorBoundary };
