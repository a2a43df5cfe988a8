import type { Logger } from "../../../config/logger.server";
import type { Database } from "../../../db/client.server";
import type { OrderMailStore } from "../../orders/order-mail-store.server";
import { createBlingApi } from "./bling-api.server";
import { blingAccessToken, type BlingEnv } from "./bling-connection.server";
import type { RequestSpacing } from "./bling-http.server";
import { followBlingInvoices } from "./bling-invoices.server";
import { sendPaidOrders } from "./bling-orders.server";

export interface BlingJobDeps {
  db: Database;
  env: BlingEnv;
  logger: Logger;
  /** The customers' e-mails speak in the store's name. */
  store: () => Promise<OrderMailStore>;
  /** This process's pace towards Bling (about 3 requests a second per account). */
  spacing: RequestSpacing;
}

/**
 * One run of the store's Bling job: the paid orders due go to Bling, then the NF-e of the orders
 * sent are asked for. Nothing while the store is not connected.
 */
export async function runBlingJob(deps: BlingJobDeps, now = new Date()): Promise<void> {
  const accessToken = await blingAccessToken(deps.db, deps.env, now);
  if (!accessToken) return;
  const api = createBlingApi({ apiUrl: deps.env.BLING_API_URL, accessToken, spacing: deps.spacing });
  await sendPaidOrders(deps, api, now);
  await followBlingInvoices(deps, api, now);
}
