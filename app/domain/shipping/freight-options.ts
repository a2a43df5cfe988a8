import { formatBRL } from "../../lib/money";
import { ufOfCep } from "./freight/cep-uf";
import type { FreightQuote } from "./freight/freight-quote";
import type { FreightRegion, FreightSettings } from "./freight-settings";

/**
 * What the shopper is offered for a destination (isomorphic: the product page, the cart and the
 * checkout show it, the order keeps the one chosen): the quotes with the owner's rules applied.
 */

/** One service the shopper can choose: its price after the owner's fee or free shipping. */
export interface FreightOption extends FreightQuote {
  /** Free by the owner's free-shipping rule (its price is then 0). */
  free: boolean;
  /**
   * The day it arrives by if paid when quoted ('08/12/2026'), as the pages show it: the date the
   * order promises once paid (`promisedArrival`). Absent from what the order keeps.
   */
  arrivesBy?: string;
}

/** Where the quotes came from: the provider, or the owner's table in its place (`providerFailed`). */
export type FreightSource = "provider" | "table";

/** A destination's freight: free (the spec's store), the options, or none to be had. */
export type FreightAnswer =
  | { kind: "free"; deliveryDays: number }
  | { kind: "options"; options: FreightOption[]; source: FreightSource; providerFailed: boolean }
  | { kind: "none"; message: string };

/** What the freight page gives its calculator: the CEP asked (or offered) and its answer. */
export interface FreightPageData {
  cep: string;
  answer: FreightAnswer | null;
}

export const INVALID_CEP = "CEP inválido";
export const NOTHING_TO_SHIP = "Nenhum produto para calcular o frete";
export const NO_FREIGHT = "Não entregamos neste CEP. Confira o CEP ou fale com a loja.";

/** Whether a region of the owner's contains the CEP (8 digits). */
export function regionHolds(region: FreightRegion, cep: string): boolean {
  if (region.kind === "cep") return cep >= region.fromCep && cep <= region.toCep;
  const uf = ufOfCep(cep);
  return uf !== null && (region.ufs as readonly string[]).includes(uf);
}

const sameName = (a: string, b: string) => a.localeCompare(b, "pt-BR", { sensitivity: "base" }) === 0;

/**
 * The quotes as the shopper sees them: the services the owner offers (a table's are the owner's
 * own), the handling days and the fee added, and free shipping where its rule holds: a subtotal
 * (after discounts) at or above its threshold, a destination in its regions (none: all of Brazil),
 * on the service it names or else the cheapest. Cheapest first, then quickest.
 */
export function freightOptions(
  quotes: readonly FreightQuote[],
  fromProvider: boolean,
  freight: FreightSettings,
  destinationCep: string,
  subtotalCents: number,
): FreightOption[] {
  const offered =
    fromProvider && freight.services.length > 0
      ? quotes.filter((quote) => freight.services.some((name) => sameName(name, quote.serviceName)))
      : quotes;
  const options = offered.map((quote) => ({
    ...quote,
    priceCents:
      quote.priceCents + freight.feeCents + Math.round((quote.priceCents * freight.feeBasisPoints) / 10_000),
    daysMin: quote.daysMin + freight.handlingDays,
    daysMax: quote.daysMax + freight.handlingDays,
    free: false,
  }));
  const freeHere =
    freight.freeOverCents !== null &&
    subtotalCents >= freight.freeOverCents &&
    (freight.freeRegions.length === 0 ||
      freight.freeRegions.some((region) => regionHolds(region, destinationCep)));
  if (freeHere && options.length > 0) {
    const named = freight.freeService;
    const cheapest = options.reduce((best, option) => (option.priceCents < best.priceCents ? option : best));
    const chosen = named === null ? cheapest : options.find((option) => sameName(option.serviceName, named));
    if (chosen) Object.assign(chosen, { priceCents: 0, free: true });
  }
  return options.toSorted(
    (a, b) => a.priceCents - b.priceCents || a.daysMin - b.daysMin || a.daysMax - b.daysMax,
  );
}

/** 'SEDEX (Correios)': a service with its carrier. */
export function freightServiceName(freight: Pick<FreightOption, "serviceName" | "carrier">): string {
  return `${freight.serviceName} (${freight.carrier})`;
}

/**
 * An order's freight as the admin reads it: 'SEDEX (Correios) · R$ 23,45 · 1 a 3 dias úteis', and
 * where its price came from when it was the owner's table in a provider's place.
 */
export function freightSummary(
  freight: Pick<FreightOption, "serviceName" | "carrier" | "priceCents" | "daysMin" | "daysMax"> & {
    source: FreightSource;
    providerFailed: boolean;
  },
): string {
  const quoted = `${freightServiceName(freight)} · ${freightPriceText(freight)} · ${freightDaysText(freight)}`;
  return freight.providerFailed ? `${quoted} · pela tabela da loja: o provedor não respondeu` : quoted;
}

/** 'Grátis' or 'R$ 23,45'. */
export function freightPriceText(option: Pick<FreightOption, "priceCents">): string {
  return option.priceCents === 0 ? "Grátis" : formatBRL(option.priceCents);
}

/** '3 a 5 dias úteis', '1 dia útil'; with the day it arrives by, '… · chega até 08/12/2026'. */
export function freightDaysText(option: Pick<FreightOption, "daysMin" | "daysMax" | "arrivesBy">): string {
  const { daysMin, daysMax } = option;
  const unit = daysMax === 1 ? "dia útil" : "dias úteis";
  const days = daysMin === daysMax ? `${daysMax} ${unit}` : `${daysMin} a ${daysMax} ${unit}`;
  return option.arrivesBy ? `${days} · chega até ${option.arrivesBy}` : days;
}
