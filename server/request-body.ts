import type { IncomingMessage, ServerResponse } from "node:http";
import { AVATAR_MAX_BYTES } from "../app/domain/accounts/account-schemas";
import { PRODUCT_IMAGE_MAX_BYTES } from "../app/domain/admin/product-form-schema";
import { CHECKOUT_TOO_LARGE, type CreatePaymentAnswer } from "../app/domain/orders/checkout-schema";

/** Every form post and JSON body; uploads have their own, larger limits. */
const FORM_BODY_MAX_BYTES = 64 * 1024;

/** Paths that take an upload, and the most their body may carry: the file and its form. */
const UPLOAD_LIMITS: [RegExp, number][] = [
  [/^\/account\/profile(?:\.data)?$/, AVATAR_MAX_BYTES + FORM_BODY_MAX_BYTES],
  // A product's form and its gallery: one image and the product's fields (a long description).
  [/^\/admin\/products\/(?:new|\d{1,10})(?:\.data)?$/, PRODUCT_IMAGE_MAX_BYTES + FORM_BODY_MAX_BYTES],
];

/** The most a request body to this path may carry. */
export function bodyLimitFor(path: string): number {
  return UPLOAD_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? FORM_BODY_MAX_BYTES;
}

const TOO_LARGE_MESSAGE = "O conteúdo enviado é grande demais.";

/** Paths whose callers read a JSON answer, and the refusal in their shape; others get the text. */
const JSON_REFUSALS: [RegExp, CreatePaymentAnswer][] = [
  [/^\/api\/create-payment$/, { success: false, error: CHECKOUT_TOO_LARGE }],
];

function tooLargeAnswer(path: string): { type: string; body: string } {
  const json = JSON_REFUSALS.find(([pattern]) => pattern.test(path))?.[1];
  return json
    ? { type: "application/json; charset=utf-8", body: JSON.stringify(json) }
    : { type: "text/plain; charset=utf-8", body: TOO_LARGE_MESSAGE };
}

/**
 * The request's body, read whole but never past `maxBytes`: a declared Content-Length over the
 * limit is refused before reading, and a chunked body is cut off as soon as it passes it.
 * Null when the body is too large; the request is then left unread.
 */
export function readBoundedBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        chunks.length = 0;
        resolve(null);
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const stop = () => {
      req.off("data", onData).off("end", onEnd).off("error", onError);
      req.pause();
    };
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/**
 * How long a client still sending an oversized body gets to read the 413 before the drop: a
 * reset discards what the client has not read yet, and a busy client (a phone on a slow link, a
 * loaded test machine) took more than 2 s.
 */
const LINGER_MS = 5_000;

/**
 * 413 with a pt-BR message (as JSON where the path's caller reads JSON); the connection is
 * closed after it, so the rest of an oversized body is never read. Our side closes first and
 * the connection is dropped a moment later: dropping it at once, with the client's bytes unread,
 * resets it, and a client still writing could lose the answer.
 */
export function refuseTooLarge(res: ServerResponse, path: string): void {
  const socket = res.socket;
  // Node ends a "Connection: close" answer by destroying the socket as soon as it is written
  // (destroySoon), which would reset it at once: keep only the close, and drop it after the linger.
  if (socket) socket.destroySoon = () => socket.end();
  const answer = tooLargeAnswer(path);
  res.statusCode = 413;
  res.setHeader("Connection", "close");
  res.setHeader("Content-Type", answer.type);
  res.end(answer.body, () => setTimeout(() => socket?.destroy(), LINGER_MS).unref());
}
