import type { Logger } from "../../../config/logger.server";
import {
  compactCep,
  isValidCep,
  type FreightProvider,
  type FreightQuote,
  type FreightTableRow,
  type QuoteRequest,
} from "./freight-quote";
import { tableQuotes } from "./table-quotes";

export interface FreightQuotes {
  /** Who priced the quotes: the provider, or the owner's table. */
  source: "provider" | "table";
  /** Cheapest first, then quickest. */
  quotes: FreightQuote[];
  /** The provider was asked and failed (or offered nothing): the table answered in its place. */
  providerFailed: boolean;
}

export interface FreightQuoterOptions {
  /** Null when the owner quotes by the table alone. */
  provider: FreightProvider | null;
  table: FreightTableRow[];
  /** The clock of the cache (tests move it). */
  now?: () => number;
  /**
   * A bound on each attempt, for a provider without a timeout of its own: the factories take
   * theirs (`timeoutMs`), so by default the quoter adds none.
   */
  timeoutMs?: number;
  /** How long the provider's quotes are reused. */
  cacheTtlMs?: number;
  /** How long the table's quotes stand in for a failed provider before it is asked again. */
  fallbackTtlMs?: number;
  /** The most requests remembered: the oldest goes first. */
  cacheEntries?: number;
}

type QuoteLogger = Pick<Logger, "warn">;

const CACHE_TTL_MS = 15 * 60_000;
const FALLBACK_TTL_MS = 60_000;
const CACHE_ENTRIES = 1_000;

/**
 * Freight quotes for a request: the provider's, asked twice at most (a failure, not an empty
 * answer, is asked again), else the owner's table by the total weight, marked so the admin can
 * tell. Answers are remembered by origin, destination, boxes and declared value (the table's,
 * standing in for a failed provider, only briefly), and identical requests at the same time share
 * one call. A request no provider could quote (an invalid CEP) goes to the table alone.
 */
export function createFreightQuoter(options: FreightQuoterOptions) {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { result: Promise<FreightQuotes>; expiresAt: number }>();
  const entries = options.cacheEntries ?? CACHE_ENTRIES;

  function fromTable(request: QuoteRequest, providerFailed: boolean): FreightQuotes {
    const weight = request.boxes.reduce((sum, box) => sum + box.weightGrams, 0);
    const quotes = sorted(tableQuotes(options.table, request.destinationCep, weight));
    return { source: "table", quotes, providerFailed };
  }

  async function fromProvider(
    provider: FreightProvider,
    request: QuoteRequest,
    logger: QuoteLogger,
  ): Promise<FreightQuotes> {
    let quotes: FreightQuote[];
    try {
      quotes = await attempt(provider, request).catch(() => attempt(provider, request));
    } catch (error) {
      logger.warn(
        { provider: provider.name, reason: reasonOf(error) },
        "Cotação de frete falhou: usando a tabela da loja",
      );
      return fromTable(request, true);
    }
    if (quotes.length === 0) {
      logger.warn(
        { provider: provider.name, reason: "nenhum serviço disponível" },
        "Cotação de frete sem serviços: usando a tabela da loja",
      );
      return fromTable(request, true);
    }
    return { source: "provider", quotes: sorted(quotes), providerFailed: false };
  }

  function attempt(provider: FreightProvider, request: QuoteRequest): Promise<FreightQuote[]> {
    const quote = provider.quote(request);
    return options.timeoutMs === undefined ? quote : withinTime(quote, options.timeoutMs);
  }

  function remember(key: string, result: Promise<FreightQuotes>) {
    // In flight until it settles: a request like it waits for the same answer.
    if (cache.size >= entries) cache.delete(cache.keys().next().value!);
    const entry = { result, expiresAt: Infinity };
    cache.set(key, entry);
    result.then(
      (quotes) => {
        const ttl =
          quotes.source === "provider"
            ? (options.cacheTtlMs ?? CACHE_TTL_MS)
            : (options.fallbackTtlMs ?? FALLBACK_TTL_MS);
        entry.expiresAt = now() + ttl;
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
  }

  return {
    /** The request's quotes; a provider's failure is logged on the logger of the request that asked. */
    quote(request: QuoteRequest, logger: QuoteLogger): Promise<FreightQuotes> {
      const normalized = {
        ...request,
        originCep: compactCep(request.originCep),
        destinationCep: compactCep(request.destinationCep),
      };
      const provider = options.provider;
      if (!provider || !isValidCep(normalized.originCep) || !isValidCep(normalized.destinationCep)) {
        return Promise.resolve(fromTable(normalized, false));
      }
      const key = cacheKey(normalized);
      const cached = cache.get(key);
      if (cached && cached.expiresAt > now()) return cached.result;
      if (cached) cache.delete(key);
      const result = fromProvider(provider, normalized, logger);
      remember(key, result);
      return result;
    },
  };
}

function cacheKey(request: QuoteRequest): string {
  const boxes = request.boxes.map((box) => [box.weightGrams, box.lengthCm, box.widthCm, box.heightCm]);
  return JSON.stringify([request.originCep, request.destinationCep, boxes, request.insuredCents]);
}

function sorted(quotes: FreightQuote[]): FreightQuote[] {
  return quotes.toSorted(
    (a, b) => a.priceCents - b.priceCents || a.daysMin - b.daysMin || a.daysMax - b.daysMax,
  );
}

/** Why the provider failed, as the log keeps it: a `ProviderError` names the call and the status, never the body. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : "erro desconhecido";
}

/** The attempt, or a failure once `timeoutMs` have passed (the call itself runs on unanswered). */
function withinTime<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
