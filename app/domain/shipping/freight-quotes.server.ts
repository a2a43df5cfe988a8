import { inArray, eq } from "drizzle-orm";
import type { Env } from "../../config/env.server";
import type { Logger } from "../../config/logger.server";
import type { Database } from "../../db/client.server";
import { products, productVariants } from "../../db/schema.server";
import { endOfWorkingDaysAfter, formatDate } from "../../lib/dates";
import { consumeAttempt, type AttemptLimit } from "../rate-limit.server";
import type { StoreSettings } from "../store-settings/settings-schema";
import { createCorreiosPrices } from "./freight/correios-prices.server";
import { compactCep, isValidCep, type FreightProvider } from "./freight/freight-quote";
import { createMelhorEnvio, melhorEnvioUserAgent } from "./freight/melhor-envio.server";
import { CORREIOS_BOX_LIMITS, packBoxes } from "./freight/packing";
import { createFreightQuoter } from "./freight/quote-freight.server";
import {
  freightOptions,
  INVALID_CEP,
  NO_FREIGHT,
  NOTHING_TO_SHIP,
  type FreightAnswer,
} from "./freight-options";
import type { FreightProviderName, FreightSettings } from "./freight-settings";
import { parcelOf, type Parcel } from "./parcel-size";
import { parcelSizeColumns } from "./parcel-size.server";

/** A line to ship: a variant and how many. */
export interface FreightLine {
  variantId: number;
  quantity: number;
}

/**
 * A quote as the shopper's pages show it: without its boxes, each service with the day it arrives
 * by if paid `now`.
 */
export function shownFreight({ boxes: _boxes, ...answer }: QuotedFreight, now = new Date()): FreightAnswer {
  if (answer.kind !== "options") return answer;
  const arrivesBy = (days: number) => formatDate(endOfWorkingDaysAfter(now, days));
  return {
    ...answer,
    options: answer.options.map((option) => ({ ...option, arrivesBy: arrivesBy(option.daysMax) })),
  };
}

/** A destination's freight, with the boxes it was quoted for (what the order keeps). */
export type QuotedFreight = FreightAnswer & { boxes: Parcel[] };

/**
 * The freight page's quotes a client may ask in a row: each new CEP may reach the provider, whose
 * account has its own limits, so one client cannot spend them for the shop.
 */
const QUOTES_PER_CLIENT: AttemptLimit = { windowSeconds: 10 * 60, max: 60 };
export const TOO_MANY_QUOTES = "Muitas consultas de frete seguidas: tente de novo em alguns minutos";

/** Whether the client at `clientIp` may ask one more quote now (and counts it). */
export function quoteAllowed(db: Database, clientIp: string): Promise<boolean> {
  return consumeAttempt(db, `freight-quote|${clientIp}`, QUOTES_PER_CLIENT);
}

/** Whether the server has the credentials of a provider (its variables). */
export function freightProviderConfigured(env: Env, name: FreightProviderName): boolean {
  if (name === "melhorenvio") return env.MELHOR_ENVIO_TOKEN !== undefined;
  return Boolean(env.CORREIOS_USER && env.CORREIOS_ACCESS_CODE && env.CORREIOS_POSTING_CARD);
}

/** The provider the owner chose, or null without its credentials (the table answers alone). */
function freightProvider(env: Env, settings: StoreSettings): FreightProvider | null {
  const name = settings.freight.provider;
  if (!freightProviderConfigured(env, name)) return null;
  if (name === "melhorenvio") {
    return createMelhorEnvio({
      apiUrl: env.MELHOR_ENVIO_API_URL,
      token: env.MELHOR_ENVIO_TOKEN!,
      userAgent: melhorEnvioUserAgent(settings.legal.sacEmail),
    });
  }
  return createCorreiosPrices({
    apiUrl: env.CORREIOS_API_URL,
    user: env.CORREIOS_USER!,
    accessCode: env.CORREIOS_ACCESS_CODE!,
    postingCard: env.CORREIOS_POSTING_CARD!,
  });
}

/**
 * One quoter per state of the settings (a save parses them again), so its cache is the settings'
 * of the moment: a new table or provider is used at once.
 */
const quoters = new WeakMap<FreightSettings, ReturnType<typeof createFreightQuoter>>();

function quoterFor(env: Env, settings: StoreSettings) {
  let quoter = quoters.get(settings.freight);
  if (!quoter) {
    const provider = settings.freight.mode === "quote" ? freightProvider(env, settings) : null;
    quoter = createFreightQuoter({ provider, table: settings.freight.table });
    quoters.set(settings.freight, quoter);
  }
  return quoter;
}

/** Each line's parcel (its variant's, its product's, the store's default) and list price. */
async function linesToShip(db: Database, lines: readonly FreightLine[], defaultParcel: Parcel) {
  const ids = [...new Set(lines.map((line) => line.variantId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: productVariants.id,
      priceCents: productVariants.salePriceCents,
      variant: parcelSizeColumns(productVariants),
      product: parcelSizeColumns(products),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lines.flatMap((line) => {
    const row = byId.get(line.variantId);
    if (!row) return [];
    return [
      {
        quantity: line.quantity,
        priceCents: row.priceCents,
        parcel: parcelOf(row.variant, row.product, defaultParcel),
      },
    ];
  });
}

type QuoteDeps = { db: Database; env: Env; logger: Pick<Logger, "warn"> };

/** The freight of these lines to one CEP: `quoteFreightTo`'s answer for a single destination. */
export async function quoteFreight(
  deps: QuoteDeps,
  settings: StoreSettings,
  destinationCep: string,
  lines: readonly FreightLine[],
  couponCents = 0,
): Promise<QuotedFreight> {
  return (await quoteFreightTo(deps, settings, lines, couponCents))(destinationCep);
}

/**
 * The freight of these lines to any CEP, as the owner's settings say: free (the spec's store), the
 * services quoted (by the provider or the table) with the owner's rules, or none. The lines are
 * read and packed once, into boxes by the Correios' limits (packing.ts), declared at their list
 * prices; the free-shipping threshold compares their list subtotal less what the shopper's coupon
 * takes off them (`couponCents`, `itemsDiscountForThreshold`).
 */
export async function quoteFreightTo(
  deps: QuoteDeps,
  settings: StoreSettings,
  lines: readonly FreightLine[],
  couponCents = 0,
): Promise<(destinationCep: string) => Promise<QuotedFreight>> {
  const { freight } = settings;
  const toShip = await linesToShip(deps.db, lines, freight.defaultParcel);
  const boxes = packBoxes(toShip, CORREIOS_BOX_LIMITS);
  const subtotalCents = toShip.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  return (destinationCep) =>
    quoteBoxes(deps, settings, destinationCep, boxes, { subtotalCents, couponCents });
}

/** The boxes' freight to one CEP, declared at the lines' list subtotal. */
async function quoteBoxes(
  deps: QuoteDeps,
  settings: StoreSettings,
  destinationCep: string,
  boxes: Parcel[],
  { subtotalCents, couponCents }: { subtotalCents: number; couponCents: number },
): Promise<QuotedFreight> {
  if (!isValidCep(destinationCep)) return { kind: "none", message: INVALID_CEP, boxes: [] };
  if (boxes.length === 0) return { kind: "none", message: NOTHING_TO_SHIP, boxes: [] };
  const destination = compactCep(destinationCep);
  const { freight } = settings;
  if (freight.mode === "free") return { kind: "free", deliveryDays: settings.delivery.deliveryDays, boxes };
  const quoted = await quoterFor(deps.env, settings).quote(
    {
      originCep: freight.originCep ?? settings.legal.address.cep,
      destinationCep: destination,
      boxes,
      insuredCents: subtotalCents,
    },
    deps.logger,
  );
  const options = freightOptions(
    quoted.quotes,
    quoted.source === "provider",
    freight,
    destination,
    subtotalCents - couponCents,
  );
  if (options.length === 0) return { kind: "none", message: NO_FREIGHT, boxes };
  return { kind: "options", options, source: quoted.source, providerFailed: quoted.providerFailed, boxes };
}
