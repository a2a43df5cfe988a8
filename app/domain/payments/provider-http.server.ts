import type { z } from "../../lib/zod";

export interface ProviderHttpOptions {
  /** The provider's name as error messages say it ("Woovi"). */
  provider: string;
  baseUrl: string;
  /** Sent with every request (the credentials): never part of an error message. */
  headers: Record<string, string>;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** A call to a provider's JSON API: what it was for (in the error messages), the answer's shape. */
export interface ProviderCall<T> {
  action: string;
  schema: z.ZodType<T>;
  path: string;
  body?: unknown;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent with this request only (an idempotency key). */
  headers?: Record<string, string>;
  /**
   * The provider's own words on a refusal (a 4xx body), for a call whose refusal is news to keep
   * (a refund refused): the `ProviderError`'s `refusal`. Without it the body is never read.
   */
  refusal?: z.ZodType<string>;
}

/**
 * A JSON client for a payment provider's REST API. A failure (no answer in time, an error status,
 * an answer that is not the expected JSON) is thrown as a `ProviderError` whose message names the
 * provider, the call and the status, never the body: it may echo the customer's data. Only a call
 * that asks for it (`refusal`) reads a refusal's body, for the provider's own message.
 */
export function providerHttpClient(options: ProviderHttpOptions) {
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  const name = options.provider;
  return async function call<T>({
    action,
    schema,
    path,
    body,
    method,
    headers,
    refusal,
  }: ProviderCall<T>): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(`${baseUrl}${path}`, {
        method: method ?? (body === undefined ? "GET" : "POST"),
        headers: {
          ...options.headers,
          ...headers,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        let said: string | undefined;
        if (refusal && isRefusal(response.status)) said = await refusalOf(response, refusal);
        else await response.body?.cancel();
        throw new ProviderError(`${name} respondeu HTTP ${response.status} ao ${action}`, {
          status: response.status,
          refusal: said,
        });
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      const reason = timedOut ? `sem resposta em ${options.timeoutMs} ms` : "falha de conexão";
      throw new ProviderError(`${name}: ${reason} ao ${action}`, { cause: error });
    }
    // Neither the parse error nor zod's issues are kept: they would quote the body.
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderError(`${name} respondeu HTTP ${response.status} sem JSON válido ao ${action}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError(
        `${name} respondeu HTTP ${response.status} com um formato inesperado ao ${action}`,
      );
    }
    return parsed.data;
  };
}

/**
 * A 4xx that is the provider's answer to the request itself, not a refusal of the store's
 * credentials (401, 403) or of its pace (429).
 */
export function isRefusal(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && ![401, 403, 429].includes(status);
}

async function refusalOf(response: Response, refusal: z.ZodType<string>): Promise<string | undefined> {
  try {
    const parsed = refusal.safeParse(JSON.parse(await response.text()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export class ProviderError extends Error {
  override name = "ProviderError";
  /** The HTTP status the provider answered, when it answered. */
  readonly status: number | undefined;
  /** The provider's message for a refusal, when the call asked for it (`ProviderCall.refusal`). */
  readonly refusal: string | undefined;

  constructor(message: string, options: { status?: number; refusal?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.refusal = options.refusal;
  }
}
