import type { Logger } from "../../config/logger.server";
import type { Database } from "../../db/client.server";
import type { CardProvider } from "../payments/card-provider";
import type { PixProvider } from "../payments/pix-provider";
import type { OrderMailStore } from "./order-mail-store.server";

/** What following, settling and refunding an order's payments needs: the database and the providers. */
export interface PaymentDeps {
  db: Database;
  pix: PixProvider;
  /** The card provider, or null when the store takes no card payments. */
  card: CardProvider | null;
  logger: Logger;
  /** The store as an order's e-mail presents it, read at each use (see `orderMailStoreOf`). */
  store: () => Promise<OrderMailStore>;
}
