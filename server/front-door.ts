import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../app/config/logger.server";
import type { createCustomerPages } from "./customer-pages";
import type { createOrderTurns } from "./order-turns";
import type { createRequestLog } from "./request-log";
import type { RouteTable } from "./route-table";
import type { keptAssets } from "./static-files";
import type { localUploads } from "./uploads";
import { carriesSession, type VisitorPages } from "./visitor-pages";

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface FrontDoorOptions {
  routes: RouteTable;
  requestLog: ReturnType<typeof createRequestLog>;
  orderTurns: ReturnType<typeof createOrderTurns>;
  visitorPages: VisitorPages;
  customerPages: ReturnType<typeof createCustomerPages>;
  /** The build's hashed assets in memory; none without a build (development: Vite serves them). */
  assets: ReturnType<typeof keptAssets> | null;
  /** The stored files when they are on this machine's disk; a bucket's go through `app`. */
  uploads: ReturnType<typeof localUploads> | null;
  logger: Logger;
}

/**
 * What happens before the Express stack: the request is given its id and followed to its log
 * line, a hashed asset, a stored file or a cached visitor page is answered, a route that queues
 * (order creation) takes its turn, then a signed-in customer's kept page is answered; anything
 * else goes on to `app`.
 */
export function frontDoor(options: FrontDoorOptions, app: RequestListener): RequestListener {
  const { orderTurns, visitorPages, customerPages, assets, uploads } = options;
  return (req, res) => {
    const requestId = options.requestLog.follow(req, res);
    // Files and visitors' kept pages need nothing further down; a stored file that is not there
    // goes on to `app`.
    if (
      assets?.serve(req, res, requestId) ||
      uploads?.(req, res, requestId, () => app(req, res)) ||
      visitorPages.serveFromCache(req, res, requestId)
    ) {
      orderTurns.noteOtherRequest();
      return;
    }
    res.setHeader("X-Request-Id", requestId);
    const route = options.routes.routeOf(req);
    if (req.method === "POST" && route?.policy.queue === "orders" && !route.data) {
      return orderTurns.takeTurn(req, res, app);
    }
    orderTurns.noteOtherRequest();
    if (!carriesSession(req)) return app(req, res);
    customerPages.serveFromCache(req, res).then(
      (served) => served || app(req, res),
      (error: unknown) => {
        options.logger.error({ err: error }, "Falha ao procurar a página guardada do cliente");
        app(req, res);
      },
    );
  };
}
