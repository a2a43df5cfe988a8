import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { sandboxCardCheckouts, sandboxCardPayments } from "../../../../db/schema.server";
import { boletoBarcode, digitableLineOf } from "../../../../lib/boleto";
import type { CardPayment, CardProvider } from "../../card-provider";
import type { ProviderSetting } from "../provider-setting.server";
import { sandboxRefundsOf } from "../sandbox-refunds.server";

/** The path of a sandbox checkout's simulation page, where its customer is sent to pay. */
export const sandboxCardCheckoutPath = (checkoutId: string) =>
  `/sandbox/card-checkout/${encodeURIComponent(checkoutId)}`;

/** A payment id as Mercado Pago writes one, and as the column holds it (a 64-bit integer). */
const PAYMENT_ID = /^[1-9]\d{0,17}$/;

/** The sandbox's card mode as `CARD_PROVIDER=sandbox` configures it. */
export const sandboxCardProviderOf = ({ db, baseURL }: ProviderSetting) =>
  createSandboxCardProvider({ db, baseURL });

/**
 * A card provider without a payment company: checkouts and payments kept in
 * `sandbox_card_checkouts` and `sandbox_card_payments`, paid only on the sandbox's simulation page
 * (`simulateSandboxCardPayment`), which tells the store as Mercado Pago's webhook would. It posts
 * no webhook of its own. Its refunds are kept in `sandbox_refunds`.
 */
export function createSandboxCardProvider(options: {
  db: Database;
  /** The store's public origin: the simulation page is the store's own. */
  baseURL: string;
  now?: () => Date;
}): CardProvider {
  const { db, baseURL } = options;
  const now = options.now ?? (() => new Date());
  return {
    name: "sandbox-card",
    method: "card",
    async createCheckout(request) {
      const checkoutId = randomUUID();
      await db.insert(sandboxCardCheckouts).values({
        id: checkoutId,
        orderId: request.orderId,
        items: request.items,
        returnUrl: request.returnUrl,
        maxInstallments: request.maxInstallments,
        expiresAt: request.expiresAt,
        boletoDueAt: request.boletoDueAt,
      });
      return { checkoutId, redirectUrl: new URL(sandboxCardCheckoutPath(checkoutId), baseURL).href };
    },
    async payment(paymentId) {
      const [payment] = PAYMENT_ID.test(paymentId)
        ? await db
            .select()
            .from(sandboxCardPayments)
            .where(eq(sandboxCardPayments.id, Number(paymentId)))
        : [];
      if (!payment) throw new Error(`Pagamento de cartão de teste desconhecido: ${paymentId}`);
      return cardPaymentOf(payment);
    },
    async paymentsOf(orderId) {
      const payments = await db
        .select()
        .from(sandboxCardPayments)
        .where(eq(sandboxCardPayments.orderId, orderId))
        .orderBy(asc(sandboxCardPayments.id));
      return payments.map(cardPaymentOf);
    },
    async cancel(checkoutId) {
      await db.transaction(async (tx) => {
        const [checkout] = await tx
          .select({ closedAt: sandboxCardCheckouts.closedAt })
          .from(sandboxCardCheckouts)
          .where(eq(sandboxCardCheckouts.id, checkoutId))
          .for("update");
        if (!checkout) throw new Error(`Checkout de cartão de teste desconhecido: ${checkoutId}`);
        if (checkout.closedAt) return;
        await tx
          .update(sandboxCardCheckouts)
          .set({ closedAt: now() })
          .where(eq(sandboxCardCheckouts.id, checkoutId));
        // Its boleto can no longer be paid either: it reads as Mercado Pago shows a lapsed one.
        await tx
          .update(sandboxCardPayments)
          .set({ status: "cancelled" })
          .where(
            and(eq(sandboxCardPayments.checkoutId, checkoutId), eq(sandboxCardPayments.status, "pending")),
          );
      });
    },
    ...sandboxRefundsOf(db, "sandbox-card", async (tx, paymentId) => {
      const [payment] = PAYMENT_ID.test(paymentId)
        ? await tx
            .select({ amountCents: sandboxCardPayments.amountCents, status: sandboxCardPayments.status })
            .from(sandboxCardPayments)
            .where(eq(sandboxCardPayments.id, Number(paymentId)))
            .for("update")
        : [];
      return payment?.status === "approved" ? payment.amountCents : null;
    }),
  };
}

function cardPaymentOf(payment: typeof sandboxCardPayments.$inferSelect): CardPayment {
  const { dueAt } = payment;
  const boleto = payment.paymentType === "ticket" && dueAt !== null;
  return {
    paymentId: String(payment.id),
    status: payment.status,
    amountCents: payment.amountCents,
    installments: payment.installments,
    methodType: payment.paymentType,
    orderId: payment.orderId,
    dueAt: payment.dueAt,
    ...(boleto && { digitableLine: sandboxDigitableLine({ ...payment, dueAt }) }),
  };
}

/**
 * A boleto's linha digitável as a bank would print it, check digits included: Bradesco's (237, the
 * bank of Mercado Pago's boletos), for the payment's amount and due date, the payment's id as the
 * bank's free field. No bank knows it.
 */
function sandboxDigitableLine(payment: { id: number; amountCents: number; dueAt: Date }): string {
  const freeField = String(payment.id).padStart(25, "0");
  const barcode = boletoBarcode({
    bank: "237",
    dueAt: payment.dueAt,
    amountCents: payment.amountCents,
    freeField,
  });
  return digitableLineOf(barcode)!;
}
