import { z } from "../../lib/zod";
import { formatCentsAsTyped, parseBRLToCents } from "../../lib/money";
import { typedText } from "../../lib/typed-text";
import { BRAZILIAN_STATES } from "../accounts/address-schema";
import { compactCep, isValidCep, type FreightTableRow } from "./freight/freight-quote";
import { maskCep } from "../../lib/masks";
import { MAX_WEIGHT_GRAMS, PARCEL_SIZE_RULES, type ParcelSizeField } from "./parcel-size";

/**
 * The owner's freight (issue 52, point 2): free to all of Brazil (the spec's store, the default),
 * a quote by a provider with the owner's table when it does not answer, or the table alone. The
 * section is stored as `freightSchema` reads it; its form's texts (the table, the regions) are read
 * and written here too, so the form shows back exactly what it saves.
 */

export const FREIGHT_MODES = ["free", "quote", "table"] as const;
export type FreightMode = (typeof FREIGHT_MODES)[number];

export const FREIGHT_PROVIDERS = ["melhorenvio", "correios"] as const;
export type FreightProviderName = (typeof FREIGHT_PROVIDERS)[number];

export const FREIGHT_PROVIDER_NAMES: Record<FreightProviderName, string> = {
  melhorenvio: "Melhor Envio",
  correios: "Correios (contrato)",
};

export type FreightRegion = FreightTableRow["region"];

const FREIGHT_TABLE_MAX_ROWS = 500;

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const cepText = z.string().refine(isValidCep, "CEP inválido").transform(compactCep);

const regionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("uf"), ufs: z.array(z.enum(BRAZILIAN_STATES)).min(1) }),
  z.object({ kind: z.literal("cep"), fromCep: cepText, toCep: cepText }),
]);

const tableRowSchema = z.object({
  serviceName: typedText().trim().min(1).max(40),
  region: regionSchema,
  minGrams: whole("Peso inválido", 0, MAX_WEIGHT_GRAMS),
  maxGrams: whole("Peso inválido", 1, MAX_WEIGHT_GRAMS),
  priceCents: whole("Preço inválido", 0, 10_000_000),
  daysMin: whole("Prazo inválido", 0, 90),
  daysMax: whole("Prazo inválido", 0, 90),
});

const sideOrWeight = (field: ParcelSizeField) =>
  whole(PARCEL_SIZE_RULES[field].message, 1, PARCEL_SIZE_RULES[field].max);

const parcelSchema = z.object({
  weightGrams: sideOrWeight("weightGrams"),
  heightCm: sideOrWeight("heightCm"),
  widthCm: sideOrWeight("widthCm"),
  lengthCm: sideOrWeight("lengthCm"),
});

export const freightSchema = z.object({
  mode: z.enum(FREIGHT_MODES),
  provider: z.enum(FREIGHT_PROVIDERS),
  /** Where parcels leave from; none: the CEP of the store's address (legal section). */
  originCep: cepText.nullable(),
  /** The services offered, by name as the provider says them ('PAC', 'SEDEX'); none: every one. */
  services: z.array(typedText().trim().min(1).max(40)).max(20),
  /** Days of handling added to every service's days. */
  handlingDays: whole("Os dias de manuseio devem ser de 0 a 30", 0, 30),
  /** Added to every quote: a fixed amount, then a percentage of the quote. */
  feeCents: whole("A taxa fixa deve ser de R$ 0,00 a R$ 1.000,00", 0, 100_000),
  feeBasisPoints: whole("A taxa percentual deve ser de 0% a 100%", 0, 10_000),
  /** Free shipping from this subtotal on (after any discount); none: never free by subtotal. */
  freeOverCents: whole("Informe o valor mínimo em reais, ex.: 299,00", 1, 100_000_000).nullable(),
  /** Where the free shipping holds; none: all of Brazil. */
  freeRegions: z.array(regionSchema).max(100),
  /** The service that ships free; none: the cheapest one. */
  freeService: typedText().trim().max(40).nullable(),
  /** The parcel of a product that gives none. */
  defaultParcel: parcelSchema,
  /** The owner's table: the prices of the 'Tabela' mode, and of a quote the provider did not give. */
  table: z
    .array(tableRowSchema)
    .max(FREIGHT_TABLE_MAX_ROWS, `A tabela pode ter até ${FREIGHT_TABLE_MAX_ROWS} linhas`),
});

export type FreightSettings = z.output<typeof freightSchema>;

export const DEFAULT_FREIGHT: FreightSettings = {
  mode: "free",
  provider: "melhorenvio",
  originCep: null,
  services: [],
  handlingDays: 0,
  feeCents: 0,
  feeBasisPoints: 0,
  freeOverCents: null,
  freeRegions: [],
  freeService: null,
  defaultParcel: { weightGrams: 500, heightCm: 10, widthCm: 15, lengthCm: 20 },
  table: [],
};

/** A problem of a text the form posted, at its line ('Linha 2: …') when it has lines. */
type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const CEP_RANGE = /^(\d{5}-?\d{3})\s*(?:a|-|até)\s*(\d{5}-?\d{3})$/i;

/** 'SP, RJ, 01000-000 a 09999-999' → the states as one region, each range as its own. */
export function parseRegions(text: string): Parsed<FreightRegion[]> {
  const ufs: (typeof BRAZILIAN_STATES)[number][] = [];
  const ranges: FreightRegion[] = [];
  for (const item of text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const uf = item.toUpperCase();
    const range = CEP_RANGE.exec(item);
    if ((BRAZILIAN_STATES as readonly string[]).includes(uf))
      ufs.push(uf as (typeof BRAZILIAN_STATES)[number]);
    else if (range && isValidCep(range[1]!) && isValidCep(range[2]!))
      ranges.push({ kind: "cep", fromCep: compactCep(range[1]!), toCep: compactCep(range[2]!) });
    else
      return {
        ok: false,
        message: `Região inválida: "${item}" (use a sigla do estado ou 01000-000 a 09999-999)`,
      };
  }
  return { ok: true, value: ufs.length > 0 ? [{ kind: "uf", ufs }, ...ranges] : ranges };
}

export function regionsText(regions: readonly FreightRegion[]): string {
  return regions
    .map((region) =>
      region.kind === "uf" ? region.ufs.join(", ") : `${maskCep(region.fromCep)} a ${maskCep(region.toCep)}`,
    )
    .join(", ");
}

/** '3-5' or '4': days from and to. */
function parseRange(text: string): [number, number] | null {
  const match = /^(\d{1,6})(?:\s*-\s*(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  return from <= to ? [from, to] : null;
}

export const TABLE_LINE_FORMAT = "Serviço; Região; Peso em gramas (de-até); Preço; Prazo em dias úteis";

/**
 * The table as the owner types it, one row per line: `Econômico; SP, RJ; 0-1000; 15,90; 3-5`. A
 * line naming states and CEP ranges gives one row per region.
 */
export function parseTable(text: string): Parsed<FreightTableRow[]> {
  const rows: FreightTableRow[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const fail = (problem: string) =>
      ({ ok: false, message: `Tabela, linha ${index + 1}: ${problem}` }) as const;
    const cells = line.split(";").map((cell) => cell.trim());
    if (cells.length !== 5) return fail(`use ${TABLE_LINE_FORMAT}, separados por ";"`);
    const [serviceName, regionCell, weightCell, priceCell, daysCell] = cells as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (serviceName === "" || serviceName.length > 40)
      return fail("informe o nome do serviço (até 40 caracteres)");
    const regions = parseRegions(regionCell);
    if (!regions.ok) return fail(regions.message);
    if (regions.value.length === 0) return fail("informe os estados ou as faixas de CEP");
    const weight = parseRange(weightCell);
    if (!weight || weight[1] < 1 || weight[1] > MAX_WEIGHT_GRAMS)
      return fail(`peso inválido "${weightCell}" (use gramas de-até, ex.: 0-1000)`);
    const priceCents = parseBRLToCents(priceCell);
    if (priceCents === null || priceCents < 0) return fail(`preço inválido "${priceCell}"`);
    const days = parseRange(daysCell);
    if (!days || days[1] > 90) return fail(`prazo inválido "${daysCell}" (use dias úteis, ex.: 3-5)`);
    for (const region of regions.value) {
      rows.push({
        serviceName,
        region,
        minGrams: weight[0],
        maxGrams: weight[1],
        priceCents,
        daysMin: days[0],
        daysMax: days[1],
      });
    }
  }
  return { ok: true, value: rows };
}

export function tableText(rows: readonly FreightTableRow[]): string {
  const range = (from: number, to: number) => (from === to ? String(from) : `${from}-${to}`);
  return rows
    .map((row) =>
      [
        row.serviceName,
        regionsText([row.region]),
        `${row.minGrams}-${row.maxGrams}`,
        formatCentsAsTyped(row.priceCents),
        range(row.daysMin, row.daysMax),
      ].join("; "),
    )
    .join("\n");
}

const wholeText = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, message)
    .transform(Number);

/** Reais as typed ('299,00'), blank for none. */
const optionalReais = (message: string) =>
  z.string().transform((text, context) => {
    if (text.trim() === "") return null;
    const cents = parseBRLToCents(text);
    if (cents !== null) return cents;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });

const parsedText = <T>(parse: (text: string) => Parsed<T>) =>
  z.string().transform((text, context) => {
    const parsed = parse(text);
    if (parsed.ok) return parsed.value;
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

/** The freight form's fields as typed, read into the section. */
export const freightFormSchema = z
  .object({
    mode: z.string(),
    provider: z.string(),
    originCep: z.string().transform((text) => (text.trim() === "" ? null : text.trim())),
    services: z.string().transform((text) =>
      text
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
    handlingDays: wholeText("Informe os dias de manuseio (0 ou mais)"),
    feeCents: optionalReais("Informe a taxa fixa em reais, ex.: 5,00").transform((cents) => cents ?? 0),
    feeBasisPoints: optionalReais("Informe a taxa em %, ex.: 10 ou 7,5").transform(
      (hundredths) => hundredths ?? 0,
    ),
    freeOverCents: optionalReais("Informe o valor mínimo em reais, ex.: 299,00"),
    freeRegions: parsedText(parseRegions),
    freeService: z.string().transform((text) => text.trim() || null),
    weightGrams: wholeText(PARCEL_SIZE_RULES.weightGrams.message),
    heightCm: wholeText(PARCEL_SIZE_RULES.heightCm.message),
    widthCm: wholeText(PARCEL_SIZE_RULES.widthCm.message),
    lengthCm: wholeText(PARCEL_SIZE_RULES.lengthCm.message),
    table: parsedText(parseTable),
  })
  .transform(({ weightGrams, heightCm, widthCm, lengthCm, ...rest }) => ({
    ...rest,
    defaultParcel: { weightGrams, heightCm, widthCm, lengthCm },
  }))
  .pipe(freightSchema)
  .refine((freight) => freight.mode !== "table" || freight.table.length > 0, {
    path: ["table"],
    message: "Preencha a tabela de frete para usar o modo Tabela",
  });

export type FreightFormField = keyof z.input<typeof freightFormSchema>;

export const FREIGHT_FORM_FIELDS: readonly FreightFormField[] = [
  "mode",
  "provider",
  "originCep",
  "services",
  "handlingDays",
  "feeCents",
  "feeBasisPoints",
  "freeOverCents",
  "freeRegions",
  "freeService",
  "weightGrams",
  "heightCm",
  "widthCm",
  "lengthCm",
  "table",
];

/** The section as its form's texts. */
export function freightFormTexts(freight: FreightSettings): Record<FreightFormField, string> {
  return {
    mode: freight.mode,
    provider: freight.provider,
    originCep: freight.originCep ? maskCep(freight.originCep) : "",
    services: freight.services.join(", "),
    handlingDays: String(freight.handlingDays),
    feeCents: formatCentsAsTyped(freight.feeCents),
    feeBasisPoints: formatCentsAsTyped(freight.feeBasisPoints),
    freeOverCents: freight.freeOverCents === null ? "" : formatCentsAsTyped(freight.freeOverCents),
    freeRegions: regionsText(freight.freeRegions),
    freeService: freight.freeService ?? "",
    weightGrams: String(freight.defaultParcel.weightGrams),
    heightCm: String(freight.defaultParcel.heightCm),
    widthCm: String(freight.defaultParcel.widthCm),
    lengthCm: String(freight.defaultParcel.lengthCm),
    table: tableText(freight.table),
  };
}
