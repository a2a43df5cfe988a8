import { ufOfCep } from "./cep-uf";
import { compactCep, isValidCep, type FreightQuote, type FreightTableRow } from "./freight-quote";

export const TABLE_CARRIER = "Tabela da loja";

/**
 * The owner's table's prices for a destination and a total weight: one quote per service. Of the
 * rows that serve the CEP and whose weight band holds the weight, a CEP-range row wins over a
 * state (UF) row, being the more specific; between rows equally specific, the first in the table
 * wins. An invalid CEP gets no quote.
 */
export function tableQuotes(
  rows: FreightTableRow[],
  destinationCep: string,
  weightGrams: number,
): FreightQuote[] {
  if (!isValidCep(destinationCep)) return [];
  const cep = compactCep(destinationCep);
  const uf = ufOfCep(cep);
  const chosen = new Map<string, FreightTableRow>();
  for (const row of rows) {
    if (weightGrams < row.minGrams || weightGrams > row.maxGrams) continue;
    const region = row.region;
    const serves =
      region.kind === "cep"
        ? cep >= compactCep(region.fromCep) && cep <= compactCep(region.toCep)
        : uf !== null && region.ufs.includes(uf);
    if (!serves) continue;
    const kept = chosen.get(row.serviceName);
    if (!kept || (kept.region.kind === "uf" && region.kind === "cep")) chosen.set(row.serviceName, row);
  }
  return [...chosen.values()].map((row) => ({
    serviceCode: `tabela:${slugOf(row.serviceName)}`,
    serviceName: row.serviceName,
    carrier: TABLE_CARRIER,
    priceCents: row.priceCents,
    daysMin: row.daysMin,
    daysMax: row.daysMax,
  }));
}

/** "Entrega Expressa (SP)" → "entrega-expressa-sp": the same name always gives the same code. */
function slugOf(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
