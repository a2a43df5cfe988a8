import type { z } from "zod";

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
  method?: "GET" | "POST" | "PUT" | "DELETE";
}

/**
 * A JSON client for a payment provider's REST API. A failure (no answer in time, an error status,
 * an answer that is not the expected JSON) is thrown as a `ProviderError` whose message names the
 * provider, the call and the status, never the body: it may echo the customer's data.
 */
export function providerHttpClient(options: ProviderHttpOptions) {
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  const name = options.provider;
  return async function call<T>({ action, schema, path, body, method }: ProviderCall<T>): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(`${baseUrl}${path}`, {
        method: method ?? (body === undefined ? "GET" : "POST"),
        headers: {
          ...options.headers,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new ProviderError(`${name} respondeu HTTP ${response.status} ao ${action}`, {
          status: response.status,
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

export class ProviderError extends Error {
  override name = "ProviderError";
  /** The HTTP status the provider answered, when it answered. */
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}
