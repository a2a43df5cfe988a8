import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as it came off the wire: still compressed, or an image's bytes. */
  bytes: Buffer;
}

/**
 * One HTTP request as an attacker would send it: any method and any header, Host included
 * (which `fetch` would not let a test forge), and the body read whole. A `chunked` body is sent
 * without Content-Length, so the server learns its size only as it reads it.
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string; chunked?: boolean } = {},
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? "GET",
        headers: options.chunked ? { ...options.headers, "Transfer-Encoding": "chunked" } : options.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: bytes.toString("utf8"),
            bytes,
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** A request's body, read whole, as text (the payment and carrier stand-ins read JSON from it). */
export async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** JSON text as a value; undefined for an empty or malformed body. */
export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
