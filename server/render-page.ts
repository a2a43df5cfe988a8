import type { Request as ExpressRequest, RequestHandler } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Env } from "../app/config/env.server";
import type { FileStorage } from "../app/storage/file-storage.server";
import type { StoreServices } from "./store-services";
import { sendFetchResponse, toFetchRequest } from "./fetch-bridge";
import type { RequestOrigin } from "./request-origin";
import { answeringUnexpectedFailures } from "./resource-route-failures";
import { carriesSession } from "./visitor-pages";

export interface RendererOptions {
  env: Env;
  services: StoreServices;
  storage: FileStorage;
  baseURL: string;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Ends an order's turn before its answer (server/order-turns.ts). */
  endOrderTurn: (req: ExpressRequest) => void;
}

export type Render = (
  request: Request,
  req: ExpressRequest,
  cspNonce: string,
  shownProducts?: Set<number>,
) => Promise<Response>;

/** How the store renders a request through React Router, with the request's context. */
export function createRenderer(options: RendererOptions): Render {
  const { env } = options;
  const handleRequest = createRequestHandler(answeringUnexpectedFailures(options.build), env.NODE_ENV);
  return (request, req, cspNonce, shownProducts = new Set<number>()) => {
    const { services } = options;
    return handleRequest(request, {
      db: services.database.db,
      auth: services.auth,
      storage: options.storage,
      pix: services.pix,
      card: services.card,
      env,
      baseURL: options.baseURL,
      clientIp: req.ip ?? "desconhecido",
      logger: req.log,
      cspNonce,
      shownProducts,
      endOrderTurn: () => options.endOrderTurn(req),
    });
  };
}

/** The last handler: every request the caches did not answer, rendered with this response's nonce. */
export function renderedPages(render: Render, origin: RequestOrigin): RequestHandler {
  return async (req, res, next) => {
    try {
      // An invalid Host builds no URL of its own; the page is made for localhost.
      const url = `${origin.of(req) ?? "http://localhost"}${req.originalUrl}`;
      const request = toFetchRequest(req, res, url, res.locals.body as Buffer | undefined);
      const response = await render(request, req, String(res.locals.cspNonce ?? ""));
      // Made for this session (or opening one): no browser or proxy may keep it.
      if (carriesSession(req) || response.headers.has("set-cookie")) {
        response.headers.set("Cache-Control", "private, no-store");
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
