import type { OrderFreightSnapshot } from "../../../db/schema.server";
import { storeDayText } from "../../../lib/dates";
import { orderNumber } from "../../../lib/order-number";
import { STATE_REGISTRATION_EXEMPT } from "../../../lib/state-registration";
import { isCompanyTaxId } from "../../../lib/tax-id";
import { paymentMethodLabel } from "../../orders/payment-method";
import type { ReceiptOrder } from "../../orders/receipt";
import type { BlingContact, BlingSalesOrder } from "./bling-api.server";
import type { BlingOptions } from "./bling-settings";

/**
 * A paid order as Bling's 'pedido de venda' takes it (issue 54, point 2): the customer as a
 * contact, the lines at the price they were bought for, the freight and its carrier, the order's
 * discounts whole (the PIX discount and the coupon), and its payment as one parcel.
 */

/**
 * The customer as a Bling contact, with the delivery address. A company gives its state
 * registration (a contribuinte), or ISENTO, or none (não contribuinte); a person never has one.
 */
export function blingContactOf(order: ReceiptOrder): BlingContact {
  const company = isCompanyTaxId(order.customerTaxId);
  const registration = company ? order.customerStateRegistration : null;
  const address = order.shippingAddress;
  return {
    nome: order.customerName,
    numeroDocumento: order.customerTaxId,
    tipo: company ? "J" : "F",
    email: order.customerEmail,
    telefone: order.customerPhone,
    ...(registration && registration !== STATE_REGISTRATION_EXEMPT && { ie: registration }),
    indicadorIe: registration === null ? 9 : registration === STATE_REGISTRATION_EXEMPT ? 2 : 1,
    endereco: {
      endereco: address.street,
      numero: address.number,
      complemento: address.complement ?? "",
      bairro: address.neighborhood,
      cep: address.cep,
      municipio: address.city,
      uf: address.state,
    },
  };
}

/**
 * The sales order of a paid order for the contact Bling knows it by. Its `numeroLoja` is the
 * order's whole id (the 8 characters customers see could, in a large shop, repeat), and the
 * number customers see goes in its notes.
 */
export function blingSalesOrderOf(
  order: ReceiptOrder,
  freight: OrderFreightSnapshot | null,
  contactId: number,
  paymentForms: Pick<BlingOptions, "pixPaymentFormId" | "cardPaymentFormId" | "boletoPaymentFormId">,
): BlingSalesOrder {
  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
  const adjustments = order.adjustments;
  const day = storeDayText(order.paidAt ?? order.createdAt);
  return {
    numeroLoja: order.id,
    data: day,
    contatoId: contactId,
    itens: order.items.map((line) => ({
      codigo: line.sku ?? `produto-${line.productId ?? line.id}`,
      descricao: line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name,
      quantidade: line.quantity,
      valorCents: line.unitPriceCents,
    })),
    freteCents: sum(adjustments.filter((line) => line.kind === "freight").map((line) => line.amountCents)),
    ...(freight && { transportador: freight.carrier }),
    descontoCents: -sum(adjustments.filter((line) => line.amountCents < 0).map((line) => line.amountCents)),
    parcelas: [
      {
        dataVencimento: day,
        valorCents: order.totalCents,
        ...paymentFormOf(order, paymentForms),
        observacoes: paymentMethodLabel(order),
      },
    ],
    observacoes: `Pedido ${orderNumber(order.id)} da loja virtual`,
  };
}

/** The owner's form of payment at Bling for how the order was paid (a boleto is the card provider's 'ticket'). */
function paymentFormOf(
  order: ReceiptOrder,
  forms: Pick<BlingOptions, "pixPaymentFormId" | "cardPaymentFormId" | "boletoPaymentFormId">,
): { formaPagamentoId?: number } {
  const id =
    order.paymentMethod === "pix"
      ? forms.pixPaymentFormId
      : order.cardPaymentType === "ticket"
        ? forms.boletoPaymentFormId
        : forms.cardPaymentFormId;
  return id === null ? {} : { formaPagamentoId: id };
}
