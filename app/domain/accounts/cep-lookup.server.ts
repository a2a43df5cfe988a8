import type { Logger } from "../../config/logger.server";
import type { CepAddress } from "./address-schema";

/** What a look-up learns: the address of a CEP (null for one the service does not know), or nothing (it did not answer). */
export type CepAnswer = { ok: true; address: CepAddress | null } | { ok: false };

/** Postal-code lookup. */
export interface CepLookup {
  lookup(cep: string, logger: Logger): Promise<CepAnswer>;
}

const UNAVAILABLE: CepAnswer = { ok: false };

const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
const CACHE_ENTRIES = 5_000;

interface ViaCepAnswer {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  erro?: boolean | string;
}

/**
 * ViaCEP (`{baseUrl}/{cep}/json/`), with a timeout and a bounded cache. Answers are cached
 * (found for a day, not found for an hour); a failing service is not, so it is asked again.
 */
export function createViaCepLookup(options: { baseUrl: string; timeoutMs?: number }): CepLookup {
  const cache = new Map<string, { address: CepAddress | null; expiresAt: number }>();
  const remember = (cep: string, address: CepAddress | null) => {
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(cep, { address, expiresAt: Date.now() + (address ? FOUND_TTL_MS : NOT_FOUND_TTL_MS) });
  };
  return {
    async lookup(cep, logger) {
      const cached = cache.get(cep);
      if (cached && cached.expiresAt > Date.now()) return { ok: true, address: cached.address };
      let answer: ViaCepAnswer;
      try {
        const response = await fetch(`${options.baseUrl.replace(/\/$/, "")}/${cep}/json/`, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
        });
        if (response.status === 400 || response.status === 404) {
          remember(cep, null);
          return { ok: true, address: null };
        }
        if (!response.ok) throw new Error(`resposta ${response.status}`);
        answer = (await response.json()) as ViaCepAnswer;
      } catch (error) {
        logger.warn({ err: error, cep }, "Consulta de CEP indisponível");
        return UNAVAILABLE;
      }
      const found = answer.erro === undefined || answer.erro === false || answer.erro === "false";
      const address = found && answer.uf ? toAddress(cep, answer) : null;
      remember(cep, address);
      return { ok: true, address };
    },
  };
}

function toAddress(cep: string, answer: ViaCepAnswer): CepAddress {
  return {
    cep,
    street: answer.logradouro ?? "",
    neighborhood: answer.bairro ?? "",
    city: answer.localidade ?? "",
    state: (answer.uf ?? "").toUpperCase(),
  };
}

const lookups = new Map<string, CepLookup>();

/** One lookup (and cache) per service URL for the whole process. */
export function cepLookupFor(baseUrl: string): CepLookup {
  let lookup = lookups.get(baseUrl);
  if (!lookup) {
    lookup = createViaCepLookup({ baseUrl });
    lookups.set(baseUrl, lookup);
  }
  return lookup;
}
