import type { OrderFreightSnapshot } from "../../../db/schema.server";
import { CARRIERS, type Carrier, type ParcelTracking } from "../../../lib/carriers";
import { orderNumber } from "../../../lib/order-number";
import { isCompanyTaxId } from "../../../lib/tax-id";
import type { OrderStatus } from "../../orders/order-lifecycle";
import type { ReceiptOrder } from "../../orders/receipt";
import { trackingFormSchema } from "../../orders/tracking-code";
import type { StoreSettings } from "../../store-settings/settings-schema";
import type { LabelParty, LabelShipment } from "./melhor-envio-labels.server";

/** The Melhor Envio service the customer chose ("melhorenvio:2" → 2); null for another quote. */
export function melhorEnvioServiceOf(freight: OrderFreightSnapshot | null): number | null {
  const match = /^melhorenvio:(\d+)$/.exec(freight?.serviceCode ?? "");
  return match ? Number(match[1]) : null;
}

/**
 * Why the order cannot have a label now, or null: it must be paid and not sent yet, without a
 * tracking code, its freight quoted by Melhor Envio.
 */
export function labelRefusal(order: {
  paid: boolean;
  status: OrderStatus;
  trackingCode: string | null;
  freight: OrderFreightSnapshot | null;
}): string | null {
  if (!order.paid || (order.status !== "pending" && order.status !== "processing")) {
    return "Só pedidos pagos e ainda não enviados recebem etiqueta";
  }
  if (order.trackingCode) return "Este pedido já tem código de rastreio";
  if (melhorEnvioServiceOf(order.freight) === null) {
    return "O frete deste pedido não foi cotado pelo Melhor Envio: compre a etiqueta por fora e informe o código de rastreio";
  }
  return null;
}

/**
 * A paid order's shipment as Melhor Envio's cart takes it (issue 54, point 5): from the store's
 * legal details to the customer's delivery address, the service and boxes of the freight the
 * customer chose, the goods at the price bought (their sum insured), and the NF-e's key.
 */
export function labelShipmentOf(
  order: ReceiptOrder,
  freight: OrderFreightSnapshot,
  legal: StoreSettings["legal"],
  invoiceKey: string,
  adminOrderUrl: string,
): LabelShipment {
  const serviceId = melhorEnvioServiceOf(freight);
  if (serviceId === null) throw new Error("frete que não é do Melhor Envio");
  const goodsCents = order.items.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const address = order.shippingAddress;
  const company = isCompanyTaxId(order.customerTaxId);
  return {
    serviceId,
    from: {
      name: legal.companyName,
      phone: legal.sacPhone,
      email: legal.sacEmail,
      document: null,
      companyDocument: legal.cnpj,
      stateRegister: legal.stateRegistration ?? null,
      address: legal.address.street,
      number: legal.address.number,
      complement: legal.address.complement ?? null,
      district: legal.address.neighborhood,
      city: legal.address.city,
      stateAbbr: legal.address.state,
      postalCode: legal.address.cep,
    },
    to: addresseeOf(order, company, address),
    products: order.items.map((line) => ({
      name: line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name,
      quantity: line.quantity,
      unitaryCents: line.unitPriceCents,
    })),
    volumes: freight.boxes.map((box) => ({
      heightCm: box.heightCm,
      widthCm: box.widthCm,
      lengthCm: box.lengthCm,
      weightGrams: box.weightGrams,
    })),
    insuranceCents: goodsCents,
    invoiceKey,
    tag: orderNumber(order.id),
    tagUrl: adminOrderUrl,
  };
}

function addresseeOf(
  order: ReceiptOrder,
  company: boolean,
  address: ReceiptOrder["shippingAddress"],
): LabelParty {
  return {
    name: order.customerName,
    phone: order.customerPhone || null,
    email: order.customerEmail,
    document: company ? null : order.customerTaxId,
    companyDocument: company ? order.customerTaxId : null,
    stateRegister: company ? order.customerStateRegistration : null,
    address: address.street,
    number: address.number,
    complement: address.complement ?? null,
    district: address.neighborhood,
    city: address.city,
    stateAbbr: address.state,
    postalCode: address.cep,
  };
}

/**
 * The tracking code Melhor Envio gave, under the carrier the customer chose (its name as Melhor
 * Envio quoted it: 'Correios', 'Jadlog', 'Loggi'); a code that is not in that carrier's format,
 * or another carrier, goes under the carrier's own name.
 */
export function labelTrackingOf(carrier: string, code: string): ParcelTracking {
  const known = CARRIERS.find(
    (candidate): candidate is Exclude<Carrier, "other"> => candidate === carrier.toLowerCase(),
  );
  const parsed = trackingFormSchema.safeParse(
    known
      ? { carrier: known, trackingCode: code }
      : { carrier: "other", trackingCode: code, carrierName: carrier },
  );
  if (parsed.success) return parsed.data;
  return { carrier: "other", carrierName: carrier, code };
}
