import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { addresses, type OrderFreightSnapshot } from "../../db/schema.server";
import type { Outcome } from "../../lib/outcome";
import { freightPriceText } from "../shipping/freight-options";
import type { FreightLine, QuotedFreight } from "../shipping/freight-quotes.server";
import type { FreightMode } from "../shipping/freight-settings";
import type { CheckoutRequest } from "./checkout-schema";

/** How placing an order prices its freight: the owner's mode, and a quote for a CEP and lines. */
export interface OrderFreightDeps {
  mode: FreightMode;
  /** `couponCents`: what the order's coupon takes off its items, for the free-shipping threshold. */
  quote(destinationCep: string, lines: readonly FreightLine[], couponCents: number): Promise<QuotedFreight>;
}

export const CHOOSE_FREIGHT = "Escolha o frete";
export const FREIGHT_GONE = "O frete escolhido não está mais disponível para este endereço: escolha outro";
const ADDRESS_NOT_FOUND = "Endereço não encontrado";

/**
 * The freight of an order about to be placed (issue 52, point 5): none while freight is free to
 * all of Brazil; else the server quotes the customer's address again and takes the service the
 * customer chose at the price the customer saw. A price that moved since is named and refused, so
 * the customer confirms the new one: the order never charges a freight nobody saw. Only the
 * service's code and the price seen come from the request; the price charged is the quote's.
 */
export async function chosenFreight(
  db: Database,
  freight: OrderFreightDeps,
  userId: string,
  request: CheckoutRequest,
  now: Date,
  couponCents: number,
): Promise<Outcome<{ snapshot: OrderFreightSnapshot | null }>> {
  if (freight.mode === "free") return { ok: true, snapshot: null };
  const [address] = await db
    .select({ cep: addresses.cep })
    .from(addresses)
    .where(and(eq(addresses.id, request.addressId), eq(addresses.userId, userId)));
  if (!address) return { ok: false, message: ADDRESS_NOT_FOUND };
  if (!request.freight) return { ok: false, message: CHOOSE_FREIGHT };
  const lines = request.products.flatMap((line) =>
    line.variantId === undefined ? [] : [{ variantId: line.variantId, quantity: line.quantity }],
  );
  const quoted = await freight.quote(address.cep, lines, couponCents);
  if (quoted.kind === "none") return { ok: false, message: quoted.message };
  if (quoted.kind === "free") return { ok: true, snapshot: null };
  const option = quoted.options.find((candidate) => candidate.serviceCode === request.freight!.service);
  if (!option) return { ok: false, message: FREIGHT_GONE };
  if (option.priceCents !== request.freight.seenCents) {
    return {
      ok: false,
      message: `O frete ${option.serviceName} agora custa ${freightPriceText(option)}: confira o total e confirme de novo`,
    };
  }
  return {
    ok: true,
    snapshot: {
      ...option,
      source: quoted.source,
      providerFailed: quoted.providerFailed,
      boxes: quoted.boxes,
      quotedAt: now.toISOString(),
    },
  };
}
