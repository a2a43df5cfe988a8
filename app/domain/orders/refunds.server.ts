import { addDays } from "date-fns";
import { and, asc, eq, getTableColumns, gt, isNull, lte, ne, or, sql, sum } from "drizzle-orm";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from "../../lib/typed-text";
import { claimDue } from "../../db/claim-due.server";
import type { Database, Transaction } from "../../db/client.server";
import {
  orderAdjustments,
  orderRefundItems,
  orderRefunds,
  orders,
  payments,
  users,
} from "../../db/schema.server";
import { formatBRL } from "../../lib/money";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import type { PaymentDeps } from "./payment-deps.server";
import { configuredProviderNamed } from "../payments/store-providers";
import type { ProviderRefund } from "../payments/refund-provider";
import { isOrderId, ORDER_NOT_FOUND } from "./order-details.server";
import type { OrderMailStore } from "./order-mail-store.server";
import { queueOrderUpdate } from "./order-update-mail.server";
import { orderLinesOf, type NamedOrderLine } from "./named-lines.server";
import { freightPaidSql } from "./order-adjustments.server";
import { returnUnits, type ReturnedUnits } from "./order-stock.server";
import type { Outcome } from "../../lib/outcome";

/** A PIX can be given back through its provider for 90 days after it was paid (BACEN). */
const PIX_REFUND_DAYS = 90;
/** The refund job asks the provider about one pending refund once a minute at most. */
const RECHECK_MS = 60_000;
const BATCH = 20;

export const REFUND_MESSAGES = {
  unpaid: "Este pedido não foi pago: não há valor a reembolsar",
  invalidAmount: "Informe um valor de reembolso maior que zero",
  reasonRequired: "Informe o motivo do reembolso",
  nothingLeft: "Este pedido já foi reembolsado por inteiro",
  tooMuch: (leftCents: number) =>
    `O reembolso não pode passar de ${formatBRL(leftCents)}, o que resta do valor pago`,
  pixWindowOver: `O prazo de ${PIX_REFUND_DAYS} dias para devolver um PIX pelo provedor terminou: faça o reembolso por outro meio e registre-o aqui`,
  providerGone:
    "O provedor que recebeu este pagamento não está mais configurado: faça o reembolso por outro meio e registre-o aqui",
  providerOpen: "Este pagamento pode ser reembolsado pelo provedor: use 'Reembolsar'",
  otherOrder: "Reembolso inválido",
  requested: "Reembolso solicitado; aguardando a confirmação do provedor",
  confirmed: "Reembolso confirmado!",
  failed: (failure: string) => `O provedor recusou o reembolso: ${failure}`,
  recorded: "Reembolso registrado",
  otherLine: "Escolha itens deste pedido",
  noFreight: "Este pedido não tem frete a reembolsar",
  freightRefunded: "O frete deste pedido já foi reembolsado",
  lessThanFreight: (freightCents: number) =>
    `Um reembolso com o frete devolve ao menos o frete, ${formatBRL(freightCents)}`,
  unitsNotWhole: "Informe em números inteiros quantas unidades de cada item o reembolso devolve",
  tooManyRefunded: ({ name, quantity, refundedQuantity }: RefundedLine) => {
    const left = quantity - refundedQuantity;
    if (left === 0) return `Todas as unidades de ${name} já foram reembolsadas`;
    return `Reembolse no máximo ${unitsText(left)} de ${name}`;
  },
  tooManyUnits: ({ name, quantity, returnedQuantity }: RefundedLine) => {
    const left = quantity - returnedQuantity;
    if (left === 0) return `Todas as unidades de ${name} já voltaram ao estoque`;
    return `Devolva ao estoque no máximo ${unitsText(left)} de ${name}`;
  },
} as const;

function unitsText(count: number): string {
  return `${count} ${count === 1 ? "unidade" : "unidades"}`;
}

/**
 * What is asked: how much of an order's payment to give back, why, which of its units it gives
 * back, and whether those return to stock.
 */
export interface RefundAsk {
  orderId: string;
  /** The payment given back; when none is named, the one that paid the order. */
  paymentId?: string;
  /** The request's own key (the admin's form carries it): a repeated request finds its refund. */
  refundId: string;
  amountCents: number;
  reason: string;
  /** The units it gives back, line by line (none: a refund of a value, not of items). */
  lines: ReturnedUnits[];
  /** Whether those units came back to the shop and return to stock. */
  restock: boolean;
  /**
   * Whether the admin says it gives back the order's freight. A refund of all that is left of the
   * payment that paid the order gives it back in any case.
   */
  includesFreight?: boolean;
}

export type RefundOutcome = Outcome<{ message: string }>;

/** An admin's refund: its outcome, or no such order (a malformed id names none). */
export type AdminRefundOutcome = RefundOutcome | typeof ORDER_NOT_FOUND;

type Refund = typeof orderRefunds.$inferSelect;

/**
 * An admin refunds a payment of an order, in full or in part, through the provider that took it:
 * the one that paid the order, or money received otherwise (another amount, a second payment).
 * The refund is kept first (pending) with the order's row locked, so two requests at once never
 * give back more than the payment received; then the provider is asked, outside the transaction.
 * The same request again (its `refundId`) answers the first refund's state and refunds nothing
 * more.
 */
export async function refundOrder(
  deps: PaymentDeps,
  actor: AdminActor,
  ask: RefundAsk,
): Promise<AdminRefundOutcome> {
  const reserved = await reserve(deps, ask, { origin: "admin", requestedBy: actor });
  if (!reserved.ok) return reserved;
  const { refund } = reserved;
  return outcomeOf(refund.status === "pending" ? await askProvider(deps, refund) : refund);
}

/**
 * An admin records a refund made by other means (a bank transfer), when the provider can no longer
 * make it: a PIX past its 90 days, or a provider the store no longer uses. Confirmed at once.
 */
export async function recordOutsideRefund(
  deps: PaymentDeps,
  actor: AdminActor,
  ask: RefundAsk,
): Promise<AdminRefundOutcome> {
  const reserved = await reserve(deps, ask, { origin: "admin", requestedBy: actor, outside: true });
  return reserved.ok ? { ok: true, message: REFUND_MESSAGES.recorded } : reserved;
}

/** An admin's refund kept in its own transaction; a malformed order id names no order. */
function reserve(deps: PaymentDeps, ask: RefundAsk, origin: RefundOrigin) {
  if (!isOrderId(ask.orderId)) return Promise.resolve(ORDER_NOT_FOUND);
  return deps.db.transaction((tx) => reserveRefund(tx, deps, ask, origin));
}

/** What the refund rules read of a payment: what it received and gave back, and where it was paid. */
const refundedPaymentColumns = {
  id: payments.id,
  orderId: payments.orderId,
  method: payments.method,
  provider: payments.provider,
  providerPaymentId: payments.providerPaymentId,
  receivedCents: payments.receivedCents,
  refundedCents: payments.refundedCents,
  settlesOrder: payments.settlesOrder,
  paidAt: payments.paidAt,
};

/** The order's payments that received money, oldest first: what refunds may give back. */
function paidPaymentsOf(db: Transaction | Database, orderId: string) {
  return db
    .select(refundedPaymentColumns)
    .from(payments)
    .where(and(eq(payments.orderId, orderId), gt(payments.receivedCents, 0)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

type RefundedPayment = Awaited<ReturnType<typeof paidPaymentsOf>>[number];

/** The payment a refund gives back: the one named, else the one that paid the order; or none. */
async function paymentToRefund(
  tx: Transaction,
  orderId: string,
  paymentId: string | undefined,
): Promise<RefundedPayment | undefined> {
  const paid = await paidPaymentsOf(tx, orderId);
  return paid.find((payment) => (paymentId ? payment.id === paymentId : payment.settlesOrder));
}

interface RefundOrigin {
  origin: Refund["origin"];
  /** The admin who asks; null for the store's own, on a customer's withdrawal. */
  requestedBy: AdminActor | null;
  /** Made by other means and recorded (`recordOutsideRefund`). */
  outside?: boolean;
}

/**
 * Checks and keeps a refund in the caller's transaction, with the order's row locked: the payment
 * must have received money, the amount at most what it received less its refunds confirmed or
 * pending. Returns the refund (an earlier one with the same id, as it stands), or why it is refused.
 */
export async function reserveRefund(
  tx: Transaction,
  deps: Pick<PaymentDeps, "pix" | "card">,
  ask: RefundAsk,
  { origin, requestedBy, outside = false }: RefundOrigin,
  now = new Date(),
): Promise<Outcome<{ refund: Refund }>> {
  const [order] = await tx
    .select({ id: orders.id, refundedCents: orders.refundedCents })
    .from(orders)
    .where(eq(orders.id, ask.orderId))
    .for("update");
  if (!order) return { ok: false, message: REFUND_MESSAGES.otherOrder };
  const [earlier] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, ask.refundId));
  if (earlier) return earlier.orderId === order.id ? { ok: true, refund: earlier } : refused("otherOrder");

  const payment = await paymentToRefund(tx, order.id, ask.paymentId);
  if (!payment) return refused("unpaid");
  if (!Number.isSafeInteger(ask.amountCents) || ask.amountCents <= 0) return refused("invalidAmount");
  if (!ask.reason.trim()) return refused("reasonRequired");
  if (hasControlCharacter(ask.reason)) return { ok: false, message: CONTROL_CHARACTER_MESSAGE };
  const leftCents = await refundableCents(tx, payment);
  if (leftCents <= 0) return refused("nothingLeft");
  if (ask.amountCents > leftCents) return { ok: false, message: REFUND_MESSAGES.tooMuch(leftCents) };
  const linesRefusal = await checkLines(tx, order.id, ask);
  if (linesRefusal) return { ok: false, message: linesRefusal };
  const freight = await freightRefundOf(tx, order.id);
  const includesFreight = freightIncluded(
    ask,
    freight,
    payment.settlesOrder && ask.amountCents === leftCents,
  );
  if (!includesFreight.ok) return includesFreight;

  const route = paymentRoute(payment, deps, now);
  if (outside && route.ok) return refused("providerOpen");
  if (!outside && !route.ok) return route;

  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      id: ask.refundId,
      orderId: order.id,
      paymentId: payment.id,
      amountCents: ask.amountCents,
      reason: ask.reason.trim(),
      origin,
      restock: ask.restock && ask.lines.length > 0,
      includesFreight: includesFreight.included,
      provider: route.ok ? route.provider : null,
      requestedBy: requestedBy?.id ?? null,
      status: outside ? "confirmed" : "pending",
      confirmedAt: outside ? now : null,
      // Asked at once by the request itself: the job leaves it alone for a while.
      checkedAt: now,
    })
    .returning();
  if (outside) await addRefunded(tx, refund!);
  if (ask.lines.length > 0) {
    await tx
      .insert(orderRefundItems)
      .values(ask.lines.map((units) => ({ refundId: ask.refundId, ...units })));
    if (ask.restock) await returnUnits(tx, ask.lines);
  }
  if (requestedBy) {
    await recordAdminWrite(tx, requestedBy, {
      action: outside ? "order.refund.outside" : "order.refund",
      targetType: "order",
      targetId: order.id,
      before: { refundedCents: order.refundedCents },
      after: {
        refundId: ask.refundId,
        paymentId: payment.id,
        amountCents: ask.amountCents,
        reason: refund!.reason,
        lines: ask.lines,
        restock: refund!.restock,
        includesFreight: refund!.includesFreight,
      },
    });
  }
  return { ok: true, refund: refund! };
}

/** An order's freight line, and whether a refund (but a failed one) gave it back already. */
export interface RefundedFreight {
  cents: number;
  refunded: boolean;
}

/** The order's freight as refunds see it; null when it shipped free. */
async function freightRefundOf(db: Database | Transaction, orderId: string): Promise<RefundedFreight | null> {
  // Its freight as the customer paid it: none given back of a free-shipping coupon's.
  const [freight] = await db
    .select({ cents: sql<number>`${freightPaidSql(sql`${orderId}::uuid`)}`.mapWith(Number) })
    .from(orderAdjustments)
    .where(and(eq(orderAdjustments.orderId, orderId), eq(orderAdjustments.kind, "freight")));
  if (!freight || freight.cents <= 0) return null;
  const [giving] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.includesFreight, true),
        ne(orderRefunds.status, "failed"),
      ),
    )
    .limit(1);
  return { cents: freight.cents, refunded: Boolean(giving) };
}

/**
 * Whether a refund gives back the freight: when the admin says so (an order with freight not
 * given back yet, and at least its amount), or when it gives back all that is left of the payment
 * that paid the order (a withdrawal before shipping, CDC art. 49).
 */
function freightIncluded(
  ask: Pick<RefundAsk, "includesFreight" | "amountCents">,
  freight: RefundedFreight | null,
  allLeftOfOrderPayment: boolean,
): Outcome<{ included: boolean }> {
  if (!ask.includesFreight) {
    return { ok: true, included: allLeftOfOrderPayment && freight !== null && !freight.refunded };
  }
  if (!freight) return refused("noFreight");
  if (freight.refunded) return refused("freightRefunded");
  if (ask.amountCents < freight.cents) {
    return { ok: false, message: REFUND_MESSAGES.lessThanFreight(freight.cents) };
  }
  return { ok: true, included: true };
}

/** One of an order's lines, with the units its refunds (but failed ones) gave back already. */
export interface RefundedLine extends NamedOrderLine {
  refundedQuantity: number;
}

/** The units each of an order's refunds gives back, line by line, and whether that refund failed. */
function refundUnitsOf(db: Database | Transaction, orderId: string) {
  return db
    .select({
      refundId: orderRefundItems.refundId,
      orderItemId: orderRefundItems.orderItemId,
      quantity: orderRefundItems.quantity,
      failed: sql<boolean>`${orderRefunds.status} = 'failed'`,
    })
    .from(orderRefundItems)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundItems.refundId))
    .where(eq(orderRefunds.orderId, orderId));
}

type RefundUnits = Awaited<ReturnType<typeof refundUnitsOf>>[number];

/** An order's lines in the order they were bought, with what its refunds gave back of each. */
async function refundedLinesOf(
  db: Database | Transaction,
  orderId: string,
  units?: RefundUnits[],
): Promise<RefundedLine[]> {
  const given = units ?? (await refundUnitsOf(db, orderId));
  return (await orderLinesOf(db, orderId)).map((line) => ({
    ...line,
    refundedQuantity: given
      .filter((entry) => entry.orderItemId === line.orderItemId && !entry.failed)
      .reduce((total, entry) => total + entry.quantity, 0),
  }));
}

/** Every unit of an order no refund gave back yet, line by line: what a refund of the rest names. */
export async function unitsNotRefunded(tx: Transaction, orderId: string): Promise<ReturnedUnits[]> {
  return (await refundedLinesOf(tx, orderId))
    .filter((line) => line.refundedQuantity < line.quantity)
    .map((line) => ({ orderItemId: line.orderItemId, quantity: line.quantity - line.refundedQuantity }));
}

/**
 * Why the units asked back cannot all be given back, or null: each must be of one of the order's
 * lines, named once, and at most what the line holds and no refund gave back already; units
 * returning to stock, at most what the line has not returned to stock already.
 */
async function checkLines(
  tx: Transaction,
  orderId: string,
  { lines, restock }: Pick<RefundAsk, "lines" | "restock">,
): Promise<string | null> {
  if (lines.length === 0) return null;
  const orderLines = new Map((await refundedLinesOf(tx, orderId)).map((line) => [line.orderItemId, line]));
  const named = new Set(lines.map((units) => units.orderItemId));
  if (named.size < lines.length) return REFUND_MESSAGES.otherLine;
  for (const { orderItemId, quantity } of lines) {
    const line = orderLines.get(orderItemId);
    if (!line || !Number.isSafeInteger(quantity) || quantity <= 0) return REFUND_MESSAGES.otherLine;
    if (quantity > line.quantity - line.refundedQuantity) return REFUND_MESSAGES.tooManyRefunded(line);
    if (restock && quantity > line.quantity - line.returnedQuantity)
      return REFUND_MESSAGES.tooManyUnits(line);
  }
  return null;
}

/**
 * What is left to give back of a payment: what it received, less its refunds confirmed and those
 * still pending at the provider.
 */
async function refundableCents(
  tx: Transaction | Database,
  payment: Pick<RefundedPayment, "id" | "receivedCents" | "refundedCents">,
): Promise<number> {
  const [pending] = await tx
    .select({ cents: sum(orderRefunds.amountCents).mapWith(Number) })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.paymentId, payment.id), eq(orderRefunds.status, "pending")));
  return payment.receivedCents - payment.refundedCents - (pending?.cents ?? 0);
}

/** What is left to give back of the payment that paid the order; 0 when none did. */
export async function orderRefundableCents(tx: Transaction, orderId: string): Promise<number> {
  const payment = await paymentToRefund(tx, orderId, undefined);
  return payment ? refundableCents(tx, payment) : 0;
}

function refused(
  reason: Exclude<
    keyof typeof REFUND_MESSAGES,
    "tooMuch" | "failed" | "tooManyRefunded" | "tooManyUnits" | "lessThanFreight"
  >,
) {
  return { ok: false, message: REFUND_MESSAGES[reason] } as const;
}

/**
 * The provider that took the payment, which gives it back; or why it cannot (a PIX past its 90
 * days, a provider the store no longer uses).
 */
function paymentRoute(
  payment: Pick<RefundedPayment, "method" | "provider" | "providerPaymentId" | "paidAt">,
  deps: Pick<PaymentDeps, "pix" | "card">,
  now: Date,
): Outcome<{ provider: string }> {
  if (payment.method === "pix" && payment.paidAt && now > addDays(payment.paidAt, PIX_REFUND_DAYS)) {
    return refused("pixWindowOver");
  }
  const provider = configuredProviderNamed(deps, payment.provider);
  return payment.providerPaymentId && provider
    ? { ok: true, provider: provider.name }
    : refused("providerGone");
}

/** The payment a refund gives back, as its provider knows it: a PIX charge's or a card payment's id. */
async function chargeOf(db: Database, refund: Refund): Promise<string> {
  const [payment] = await db
    .select({ providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(eq(payments.id, refund.paymentId!));
  return payment!.providerPaymentId!;
}

/**
 * Asks the provider about a kept, pending refund (asking again with the same id refunds once) and
 * follows its answer. Returns the refund as it now stands: still pending when the provider is out
 * of reach (the refund job asks again) or no longer configured (the admin records it by hand).
 */
export async function askProvider(deps: PaymentDeps, refund: Refund): Promise<Refund> {
  const provider = configuredProviderNamed(deps, refund.provider);
  if (!provider) {
    deps.logger.warn(
      { refundId: refund.id, provider: refund.provider },
      "Reembolso de um provedor não configurado",
    );
    return refund;
  }
  const request = {
    refundId: refund.id,
    chargeId: await chargeOf(deps.db, refund),
    amountCents: refund.amountCents,
    reason: refund.reason,
  };
  let answer: ProviderRefund;
  try {
    answer = refund.providerRefundId
      ? await provider.refundStatus({ ...request, providerRefundId: refund.providerRefundId })
      : await provider.refund(request);
  } catch (error) {
    deps.logger.warn(
      { err: error, refundId: refund.id },
      "Reembolso não enviado ao provedor; nova tentativa em 1 min",
    );
    return refund;
  }
  const store = await deps.store();
  return (await deps.db.transaction((tx) => followRefund(tx, refund.id, answer, store))) ?? refund;
}

/** What the admin is told of a refund as it stands. */
function outcomeOf(refund: Refund): RefundOutcome {
  if (refund.status === "confirmed") return { ok: true, message: REFUND_MESSAGES.confirmed };
  if (refund.status === "failed") return { ok: false, message: REFUND_MESSAGES.failed(refund.failure ?? "") };
  return { ok: true, message: REFUND_MESSAGES.requested };
}

/**
 * Brings a pending refund in line with its provider's answer, in the caller's transaction. A
 * confirmed refund adds its amount to the order's refunded total, once, and the customer is told;
 * a failed one keeps the provider's reason (the customer is told when it was their withdrawal's:
 * the shop will refund by other means). A refund already confirmed or failed never changes again:
 * a late or repeated notification, or one out of order, is ignored. Returns the refund as it now
 * stands.
 */
async function followRefund(
  tx: Transaction,
  refundId: string,
  answer: ProviderRefund,
  store: OrderMailStore,
): Promise<Refund | undefined> {
  const pending = and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, "pending"));
  const [changed] = await tx
    .update(orderRefunds)
    .set({
      status: answer.status,
      providerRefundId: sql`coalesce(${orderRefunds.providerRefundId}, ${answer.providerRefundId})`,
      failure: answer.status === "failed" ? answer.failure : null,
      confirmedAt: answer.status === "confirmed" ? sql`now()` : null,
    })
    .where(pending)
    .returning();
  if (changed?.status === "confirmed") await addRefunded(tx, changed);
  const told = changed && (changed.status === "confirmed" || changed.origin === "withdrawal");
  if (told) {
    const step = changed.status === "confirmed" ? "refund_confirmed" : "refund_failed";
    await queueOrderUpdate(tx, store, changed.orderId, step, {
      amountCents: changed.amountCents,
      occurrence: changed.id,
    });
  }
  if (changed) return changed;
  const [current] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  return current;
}

/**
 * A confirmed refund of the payment that paid the order counts in the order's refunded total too,
 * which release 2026-11-29-8245de2 reads (decision 0035); the payment's own total counts it by
 * trigger (migration 0030).
 */
async function addRefunded(tx: Transaction, refund: Refund): Promise<void> {
  await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}` })
    .where(
      and(
        eq(orders.id, refund.orderId),
        sql`exists (select 1 from ${payments} where ${payments.id} = ${refund.paymentId} and ${payments.settlesOrder})`,
      ),
    );
}

/**
 * The refund job: asks the providers about refunds still pending (one not answered, or answered
 * "in process"), each at most once a minute, or all of a provider's at once when it notified a
 * refund (`provider`). Safe with several instances: each refund is claimed by one of them.
 * Returns how many it settled.
 */
export async function followPendingRefunds(
  deps: PaymentDeps,
  { provider, now = new Date() }: { provider?: string; now?: Date } = {},
): Promise<number> {
  const { db } = deps;
  const claimed = await claimDue(db, orderRefunds, {
    key: [orderRefunds.id],
    due: and(
      eq(orderRefunds.status, "pending"),
      provider
        ? eq(orderRefunds.provider, provider)
        : or(
            isNull(orderRefunds.checkedAt),
            lte(orderRefunds.checkedAt, new Date(now.getTime() - RECHECK_MS)),
          ),
    ),
    order: asc(orderRefunds.checkedAt),
    batch: BATCH,
    lease: { checkedAt: now },
    returning: getTableColumns(orderRefunds),
  });
  let settled = 0;
  for (const refund of claimed) {
    if ((await askProvider(deps, refund)).status !== "pending") settled += 1;
  }
  return settled;
}

/** A refund as the panel lists it. */
export interface ListedRefund {
  id: string;
  createdAt: Date;
  confirmedAt: Date | null;
  amountCents: number;
  reason: string;
  status: Refund["status"];
  failure: string | null;
  /** The units it gave back, by line name. */
  lines: { name: string; quantity: number }[];
  /** Whether those units returned to stock. */
  restocked: boolean;
  /** Whether it gave back the order's freight. */
  includesFreight: boolean;
  /** Made by other means and recorded by the admin. */
  outside: boolean;
  /** Who asked: the admin's e-mail, or 'Cliente (desistência)'. */
  by: string;
}

/** A payment that still has money to give back, and how it is given. */
export interface RefundablePayment {
  paymentId: string;
  /** Whether it paid the order (else: another amount, a second payment). */
  settlesOrder: boolean;
  /** What may still be given back: received, less refunds confirmed or pending. */
  leftCents: number;
  /** Why the provider cannot give it back (the admin records a refund made by other means), or null. */
  providerClosed: string | null;
}

export interface OrderRefunds {
  refunds: ListedRefund[];
  /** The order's payments with money left to give back; none for an unpaid order. */
  refundable: RefundablePayment[];
  /** The order's lines, with the units each already gave back, by refund and to stock. */
  lines: RefundedLine[];
  /** The order's freight, and whether a refund gave it back; null when it shipped free. */
  freight: RefundedFreight | null;
}

/** An order's refunds, oldest first, and what may still be refunded and how: the panel's section. */
export async function loadOrderRefunds(
  deps: Pick<PaymentDeps, "db" | "pix" | "card">,
  orderId: string,
  now = new Date(),
): Promise<OrderRefunds> {
  const { db } = deps;
  const rows = await db
    .select({ refund: orderRefunds, email: users.email })
    .from(orderRefunds)
    .leftJoin(users, eq(users.id, orderRefunds.requestedBy))
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt));
  const refundedUnits = await refundUnitsOf(db, orderId);
  const lines = await refundedLinesOf(db, orderId, refundedUnits);
  const refundable: RefundablePayment[] = [];
  for (const payment of await paidPaymentsOf(db, orderId)) {
    const leftCents = await refundableCents(db, payment);
    const route = paymentRoute(payment, deps, now);
    if (leftCents > 0) {
      refundable.push({
        paymentId: payment.id,
        settlesOrder: payment.settlesOrder,
        leftCents,
        providerClosed: route.ok ? null : route.message,
      });
    }
  }
  return {
    refunds: rows.map(({ refund, email }) => ({
      id: refund.id,
      createdAt: refund.createdAt,
      confirmedAt: refund.confirmedAt,
      amountCents: refund.amountCents,
      reason: refund.reason,
      status: refund.status,
      failure: refund.failure,
      lines: lines.flatMap((line) => {
        const units = refundedUnits.find(
          (entry) => entry.refundId === refund.id && entry.orderItemId === line.orderItemId,
        );
        return units ? [{ name: line.name, quantity: units.quantity }] : [];
      }),
      restocked: refund.restock,
      includesFreight: refund.includesFreight,
      outside: refund.provider === null,
      by: refund.origin === "withdrawal" ? "Cliente (desistência)" : (email ?? "Administrador"),
    })),
    refundable,
    lines,
    freight: await freightRefundOf(db, orderId),
  };
}
