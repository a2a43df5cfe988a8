import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { failureAnswerOf } from "../app/route-failures";
import { FORM_BODY_MAX_BYTES } from "../app/route-policies";
import type { MatchedRoute, RouteTable } from "./route-table";

const TOO_LARGE_MESSAGE = "O conteúdo enviado é grande demais.";

/**
 * Bodies are read here, bounded by their route's limit (app/route-policies.ts), before anything
 * parses them; the body is left in `res.locals.body`.
 */
export function boundedBodies(routes: RouteTable): RequestHandler {
  return async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    try {
      const route = routes.routeOf(req);
      const body = await readBoundedBody(req, route?.policy.bodyLimitBytes ?? FORM_BODY_MAX_BYTES);
      if (!body) {
        req.log.warn({ path: req.path }, "Corpo da requisição grande demais; recusado");
        return refuseTooLarge(res, route);
      }
      res.locals.body = body;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The refusal in the shape the route's client reads: its failure answer, or the text. */
function tooLargeAnswer(route: MatchedRoute | null): { type: string; body: string } {
  const message = route?.policy.tooLargeMessage;
  const answer = message ? failureAnswerOf(route.id) : "page";
  return answer !== "page"
    ? { type: "application/json; charset=utf-8", body: JSON.stringify(answer.json(message!)) }
    : { type: "text/plain; charset=utf-8", body: TOO_LARGE_MESSAGE };
}

/**
 * The request's body, read whole but never past `maxBytes`: a declared Content-Length over the
 * limit is refused before reading, and a chunked body is cut off as soon as it passes it.
 * Null when the body is too large; the request is then left unread.
 */
function readBoundedBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
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
 * 413 with a pt-BR message (as JSON where the route's caller reads JSON); the connection is
 * closed after it, so the rest of an oversized body is never read. Our side closes first and
 * the connection is dropped a moment later: dropping it at once, with the client's bytes unread,
 * resets it, and a client still writing could lose the answer.
 */
function refuseTooLarge(res: ServerResponse, route: MatchedRoute | null): void {
  const socket = res.socket;
  // Node ends a "Connection: close" answer by destroying the socket as soon as it is written
  // (destroySoon), which would reset it at once: keep only the close, and drop it after the linger.
  if (socket) socket.destroySoon = () => socket.end();
  const answer = tooLargeAnswer(route);
  res.statusCode = 413;
  res.setHeader("Connection", "close");
  res.setHeader("Content-Type", answer.type);
  res.end(answer.body, () => setTimeout(() => socket?.destroy(), LINGER_MS).unref());
}
