import type { DatabaseHandle } from "../app/db/client.server";
import type { Auth } from "../app/domain/accounts/auth.server";
import type { CardProvider } from "../app/domain/payments/card-provider";
import type { PixProvider } from "../app/domain/payments/pix-provider";

/** What the store needs once its database is migrated and ready. */
export interface StoreServices {
  database: DatabaseHandle;
  auth: Auth;
  pix: PixProvider;
  card: CardProvider | null;
}
