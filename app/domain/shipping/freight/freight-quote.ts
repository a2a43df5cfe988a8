import type { Parcel } from "../parcel-size";

/** What a freight quote is asked about and what it answers, whichever provider gives it. */

/** One way to ship the boxes: a carrier's service, its price for all of them, its delivery days. */
export interface FreightQuote {
  /** Stable across quotes ("melhorenvio:1", "correios:03298", "tabela:pac"). */
  serviceCode: string;
  serviceName: string;
  carrier: string;
  priceCents: number;
  daysMin: number;
  daysMax: number;
}

export interface QuoteRequest {
  /** 8 digits, no hyphen. */
  originCep: string;
  destinationCep: string;
  /** The packed boxes (packing.ts): whole grams and centimetres. */
  boxes: Parcel[];
  /** The declared value of the whole shipment, split over the boxes by each provider. */
  insuredCents: number;
}

/** A freight service the store quotes with (Melhor Envio, the Correios' contract). */
export interface FreightProvider {
  /** As logs say it ("Melhor Envio"). */
  name: string;
  /** The services that can take the boxes; a failure to ask is thrown. */
  quote(request: QuoteRequest): Promise<FreightQuote[]>;
}

/** A row of the owner's own freight table, used when no provider is set or it fails. */
export interface FreightTableRow {
  serviceName: string;
  /** The states it serves, or a CEP range (both ends included, 8 digits each). */
  region: { kind: "uf"; ufs: string[] } | { kind: "cep"; fromCep: string; toCep: string };
  /** The weight band, both ends included. */
  minGrams: number;
  maxGrams: number;
  priceCents: number;
  daysMin: number;
  daysMax: number;
}

/** A CEP's 8 digits without its hyphen or spaces ("01310-100" → "01310100"). */
export function compactCep(text: string): string {
  return text.replace(/[\s-]/g, "");
}

/** 8 digits once a hyphen and spaces are dropped, and not all zeros. */
export function isValidCep(text: string): boolean {
  const digits = compactCep(text);
  return /^\d{8}$/.test(digits) && digits !== "00000000";
}

/**
 * The shipment's declared value over its boxes, in whole centavos that add up to it exactly:
 * equal shares, the first boxes taking the centavos left over (1000 over 3 → 334, 333, 333).
 */
export function insuredPerBox(insuredCents: number, boxCount: number): number[] {
  const share = Math.floor(insuredCents / boxCount);
  const left = insuredCents - share * boxCount;
  return Array.from({ length: boxCount }, (_, index) => share + (index < left ? 1 : 0));
}
