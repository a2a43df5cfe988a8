import type { ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/** A signal that aborts when the client goes away before its answer is complete. */
export function abortedOnClose(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The Fetch API request React Router handles, built from Express's, for the URL given, with the
 * body already read (and bounded) by the server.
 */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  url: string,
  body: Buffer | undefined,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(url, {
    method: req.method,
    headers,
    signal: abortedOnClose(res),
    body: body && new Uint8Array(body),
  });
}

export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  // JSON is complete before it is sent: written in one piece, its length is known and compression
  // leaves the many small answers alone (a deflate stream costs more than it saves on them).
  if (response.headers.get("content-type")?.startsWith("application/json")) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  await writeReadableStreamToWritable(response.body, res);
}
