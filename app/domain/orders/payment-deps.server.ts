import type { Logger } from "../../config/logger.server";
import type { Database } from "../../db/client.server";
import type { StoreProviders } from "../payments/store-providers";
import type { OrderMailStore } from "./order-mail-store.server";

/** What following, settling and refunding an order's payments needs: the database and the providers. */
export interface PaymentDeps extends StoreProviders {
  db: Database;
  logger: Logger;
  /** The store as an order's e-mail presents it, read at each use (see `orderMailStoreOf`). */
  store: () => Promise<OrderMailStore>;
}
