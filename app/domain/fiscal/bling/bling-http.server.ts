import { z } from "../../../lib/zod";
import { ProviderError, providerHttpClient, type ProviderCall } from "../../payments/provider-http.server";

/** Bling refused the pace (HTTP 429): the caller waits `retryAfterSeconds` and tries again. */
export class BlingRateLimited extends ProviderError {
  override name = "BlingRateLimited";
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message, { status: 429 });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Spaces the calls made through one instance at least `minIntervalMs` apart, in the order they
 * were asked for: Bling allows about 3 requests per second per account and answers 429 beyond.
 */
export class RequestSpacing {
  private queue: Promise<void> = Promise.resolve();
  private lastStart = Number.NEGATIVE_INFINITY;
  private readonly minIntervalMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    options: { minIntervalMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
  ) {
    this.minIntervalMs = options.minIntervalMs ?? 340;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Resolves when the caller may send its request. */
  turn(): Promise<void> {
    const turn = this.queue.then(async () => {
      const wait = this.lastStart + this.minIntervalMs - this.now();
      if (wait > 0) await this.sleep(wait);
      this.lastStart = this.now();
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}

/** Bling's words on a refusal: the fields' messages, else the description, else the message. */
export const blingRefusal = z
  .object({
    error: z.object({
      message: z.string().nullish(),
      description: z.string().nullish(),
      fields: z.array(z.object({ msg: z.string().nullish() })).nullish(),
    }),
  })
  .transform(({ error }, context) => {
    const fields = (error.fields ?? []).flatMap((field) => (field.msg ? [field.msg] : []));
    const said = fields.length > 0 ? fields.join("; ") : error.description || error.message;
    if (said) return said;
    context.addIssue({ code: "custom", message: "recusa sem mensagem" });
    return z.NEVER;
  });

export interface BlingTransport {
  apiUrl: string;
  headers: Record<string, string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  spacing?: RequestSpacing;
}

/**
 * One call to Bling through the shared JSON client, waiting its turn first (the wait does not eat
 * the call's timeout). `adapt` rewrites the request on its way out (the token endpoint's form).
 */
export async function callBling<T>(
  transport: BlingTransport,
  call: ProviderCall<T>,
  adapt?: (fetcher: typeof fetch) => typeof fetch,
): Promise<T> {
  await transport.spacing?.turn();
  const base = transport.fetch ?? fetch;
  let retryAfter: string | null = null;
  // The shared client keeps no headers of a failure; Retry-After is read here.
  const watched: typeof fetch = async (input, init) => {
    const response = await base(input, init);
    if (response.status === 429) retryAfter = response.headers.get("Retry-After");
    // Some writes answer 204 with no body: the JSON client reads it as null.
    if (response.status === 204) return new Response("null", { status: 200 });
    return response;
  };
  const http = providerHttpClient({
    provider: "Bling",
    baseUrl: transport.apiUrl,
    headers: transport.headers,
    timeoutMs: transport.timeoutMs ?? 10_000,
    fetch: adapt ? adapt(watched) : watched,
  });
  try {
    return await http(call);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 429) {
      throw new BlingRateLimited(error.message, retryAfterSeconds(retryAfter));
    }
    throw error;
  }
}

function retryAfterSeconds(header: string | null): number {
  if (header === null) return 1;
  if (/^\d+$/.test(header.trim())) return Math.max(1, Number(header.trim()));
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1 : Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

/** Integer centavos as Bling's decimal reais, built from digits so 1999 is exactly 19.99. */
export function reaisOf(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`valor em centavos inválido: ${cents}`);
  const abs = Math.abs(cents);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return Number(cents < 0 ? `-${text}` : text);
}
