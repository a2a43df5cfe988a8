import type { PaymentMethod, PIX_STATUSES } from "../../lib/order-statuses";
import type { CardPaymentStatus } from "../payments/card-provider";

/** What an order says of how it was (or is to be) paid. */
export interface OrderPaymentMethod {
  paymentMethod: PaymentMethod;
  /** The card provider's payment type: credit_card, debit_card, ticket (boleto)…; null before a payment. */
  cardPaymentType: string | null;
  cardInstallments: number | null;
}

const CARD_PAYMENT_TYPES: Record<string, string> = {
  credit_card: "Cartão de crédito",
  debit_card: "Cartão de débito",
  prepaid_card: "Cartão pré-pago",
  ticket: "Boleto",
  account_money: "Saldo Mercado Pago",
};

/**
 * How the order was paid, as the customer and the shop read it: 'PIX', 'Cartão de crédito em 10x',
 * 'Boleto'; a card order not yet paid, 'Cartão de crédito ou boleto'.
 */
export function paymentMethodLabel(order: OrderPaymentMethod): string {
  if (order.paymentMethod === "pix") return "PIX";
  if (!order.cardPaymentType) return "Cartão de crédito ou boleto";
  const type = CARD_PAYMENT_TYPES[order.cardPaymentType] ?? "Mercado Pago";
  const installments = order.cardInstallments ?? 1;
  return order.cardPaymentType === "credit_card" && installments > 1 ? `${type} em ${installments}x` : type;
}

const CARD_PAYMENT_STATUS_LABELS: Record<CardPaymentStatus, string> = {
  pending: "Aguardando pagamento",
  in_process: "Em análise",
  authorized: "Autorizado",
  approved: "Aprovado",
  in_mediation: "Em disputa",
  rejected: "Recusado",
  cancelled: "Cancelado",
  refunded: "Estornado",
  charged_back: "Contestado (chargeback)",
};

const PIX_CHARGE_STATUS_LABELS: Record<(typeof PIX_STATUSES)[number], string> = {
  ACTIVE: "Aguardando pagamento",
  COMPLETED: "Paga",
  EXPIRED: "Expirada",
};

/** A payment's last status at its provider, in pt-BR ('Aprovado', 'Paga'…); as it came when unknown. */
export function providerStatusLabel(method: PaymentMethod, status: string): string {
  const labels: Record<string, string> =
    method === "card" ? CARD_PAYMENT_STATUS_LABELS : PIX_CHARGE_STATUS_LABELS;
  return labels[status] ?? status;
}
