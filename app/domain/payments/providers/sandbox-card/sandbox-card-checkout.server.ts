import { asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../../../db/client.server";
import { sandboxCardCheckouts, sandboxCardPayments } from "../../../../db/schema.server";
import type { CardPaymentStatus } from "../../card-provider";
import { installmentPlan, installmentText, type PaymentTerms } from "../../payment-prices";

// The sandbox's card checkout as its simulation page shows and pays it: what the customer does on
// Mercado Pago's pages (pay by card, be refused, print a boleto, pay it at the bank), done with a
// button. The page's route tells the store afterwards, as Mercado Pago's webhook would.

type Checkout = typeof sandboxCardCheckouts.$inferSelect;
type Payment = typeof sandboxCardPayments.$inferSelect;

/**
 * What a checkout takes now: `open`, any payment; `boleto-only`, past its expiry, only the payment
 * of the boleto issued before it (a boleto is paid until its due date); `paid`, nothing more once
 * a payment was approved; `expired`, nothing (expired, or closed by the store).
 */
export type SandboxCheckoutState = "open" | "boleto-only" | "paid" | "expired";

export interface SandboxCardCheckoutView {
  id: string;
  orderId: string;
  items: Checkout["items"];
  totalCents: number;
  maxInstallments: number;
  returnUrl: string;
  state: SandboxCheckoutState;
  /** The boleto issued on the checkout and not paid yet, while it can be paid. */
  pendingBoleto: { paymentId: string; dueAt: Date } | null;
}

export type SandboxCardChoice = "approve" | "reject" | "boleto" | "pay-boleto";

export type SandboxCardOutcome =
  | { ok: true; paymentId: string; status: CardPaymentStatus; returnUrl: string }
  | { ok: false; state: SandboxCheckoutState };

/** A checkout as its simulation page shows it, or null when there is none of that id. */
export async function findSandboxCardCheckout(
  db: Database,
  checkoutId: string,
  now: Date = new Date(),
): Promise<SandboxCardCheckoutView | null> {
  const found = await checkoutWithPayments(db, checkoutId, false);
  return found && viewOf(found.checkout, found.payments, now);
}

/**
 * The customer's choice on the checkout, as Mercado Pago would record it: a card payment approved
 * or rejected in `installments`, a boleto issued (the one already issued, if still unpaid), or the
 * boleto paid. Refused, with what the checkout takes, when the choice is not one it takes now.
 * One choice at a time per checkout (its row is locked), so a double submit pays once.
 */
export async function simulateSandboxCardPayment(
  db: Database,
  checkoutId: string,
  choice: { action: SandboxCardChoice; installments: number },
  now: Date = new Date(),
): Promise<SandboxCardOutcome> {
  return db.transaction(async (tx) => {
    const found = await checkoutWithPayments(tx, checkoutId, true);
    if (!found) return { ok: false, state: "expired" };
    const { checkout, payments } = found;
    const view = viewOf(checkout, payments, now);
    const answer = (payment: Pick<Payment, "id" | "status">): SandboxCardOutcome => ({
      ok: true,
      paymentId: String(payment.id),
      status: payment.status,
      returnUrl: checkout.returnUrl,
    });

    if (choice.action === "pay-boleto") {
      if (!view.pendingBoleto || (view.state !== "open" && view.state !== "boleto-only")) {
        return { ok: false, state: view.state };
      }
      const [paid] = await tx
        .update(sandboxCardPayments)
        .set({ status: "approved" })
        .where(eq(sandboxCardPayments.id, Number(view.pendingBoleto.paymentId)))
        .returning({ id: sandboxCardPayments.id, status: sandboxCardPayments.status });
      return answer(paid!);
    }
    if (view.state !== "open") return { ok: false, state: view.state };
    if (choice.action === "boleto" && view.pendingBoleto) {
      return answer({ id: Number(view.pendingBoleto.paymentId), status: "pending" });
    }
    const boleto = choice.action === "boleto";
    const [made] = await tx
      .insert(sandboxCardPayments)
      .values({
        checkoutId: checkout.id,
        orderId: checkout.orderId,
        status: boleto ? "pending" : choice.action === "approve" ? "approved" : "rejected",
        amountCents: view.totalCents,
        installments: boleto ? 1 : Math.min(Math.max(choice.installments, 1), checkout.maxInstallments),
        paymentType: boleto ? "ticket" : "credit_card",
        dueAt: boleto ? checkout.boletoDueAt : null,
      })
      .returning({ id: sandboxCardPayments.id, status: sandboxCardPayments.status });
    return answer(made!);
  });
}

/**
 * The instalments the checkout offers, 1 up to its most, each as the store's terms price it:
 * '3x de R$ 33,33 sem juros (a primeira de R$ 33,34)', '10x de R$ 11,13 com juros de 1,99% a.m.
 * (total R$ 111,30)'.
 */
export function installmentChoices(
  totalCents: number,
  maxInstallments: number,
  terms: PaymentTerms,
): { count: number; label: string }[] {
  return Array.from({ length: maxInstallments }, (_, index) => {
    const count = index + 1;
    // Exactly `count` instalments: with no minimum, the plan's largest offer is that many.
    const plan = installmentPlan(totalCents, { ...terms, maxInstallments: count, minInstallmentCents: 0 });
    return { count, label: installmentText(plan.withInterest ?? plan.withoutInterest) };
  });
}

async function checkoutWithPayments(db: Database | Transaction, checkoutId: string, lock: boolean) {
  const query = db.select().from(sandboxCardCheckouts).where(eq(sandboxCardCheckouts.id, checkoutId));
  const [checkout] = lock ? await query.for("update") : await query;
  if (!checkout) return null;
  const payments = await db
    .select()
    .from(sandboxCardPayments)
    .where(eq(sandboxCardPayments.checkoutId, checkout.id))
    .orderBy(asc(sandboxCardPayments.id));
  return { checkout, payments };
}

function viewOf(checkout: Checkout, payments: Payment[], now: Date): SandboxCardCheckoutView {
  const boleto = payments.find(
    (payment) =>
      payment.paymentType === "ticket" &&
      payment.status === "pending" &&
      payment.dueAt &&
      payment.dueAt > now,
  );
  const state: SandboxCheckoutState = checkout.closedAt
    ? "expired"
    : payments.some((payment) => payment.status === "approved")
      ? "paid"
      : checkout.expiresAt > now
        ? "open"
        : boleto
          ? "boleto-only"
          : "expired";
  return {
    id: checkout.id,
    orderId: checkout.orderId,
    items: checkout.items,
    totalCents: checkout.items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0),
    maxInstallments: checkout.maxInstallments,
    returnUrl: checkout.returnUrl,
    state,
    pendingBoleto:
      boleto && (state === "open" || state === "boleto-only")
        ? { paymentId: String(boleto.id), dueAt: boleto.dueAt! }
        : null,
  };
}
