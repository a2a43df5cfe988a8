import type { Env } from "./config/env.server";
import type { Logger } from "./config/logger.server";
import type { Database } from "./db/client.server";
import type { AuthCall } from "./domain/accounts/auth-endpoints.server";
import type { Auth } from "./domain/accounts/auth.server";
import { orderMailStoreOf } from "./domain/orders/order-mail-store.server";
import { quoteFreight } from "./domain/shipping/freight-quotes.server";
import type { PlaceOrderDeps } from "./domain/orders/place-order.server";
import type { PaymentDeps } from "./domain/orders/payment-deps.server";
import type { StoreProviders } from "./domain/payments/store-providers";
import type { LabelDeps } from "./domain/shipping/labels/buy-labels.server";
import { currentStoreSettings } from "./domain/store-settings/store-settings.server";
import type { FileStorage } from "./storage/file-storage.server";

/** What every loader and action receives from the HTTP shell (`server/app.ts`). */
export interface ServerContext extends StoreProviders {
  db: Database;
  auth: Auth;
  storage: FileStorage;
  env: Env;
  /** The store's public origin. */
  baseURL: string;
  /** The client's address (behind a local proxy, the one it reports). */
  clientIp: string;
  /** The request's logger: every line carries the request id. */
  logger: Logger;
  /** Nonce of this response's Content-Security-Policy, for the inline scripts React Router emits. */
  cspNonce: string;
  /**
   * Loaders add the products whose stock or availability their page shows: the visitors' page
   * cache drops that page when one of them sells (and only then, for a sale).
   */
  shownProducts: Set<number>;
  /**
   * Ends an order creation's turn (server/order-turns.ts) before the order waits on a remote PIX
   * provider; for other requests it does nothing.
   */
  endOrderTurn: () => void;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerContext {}
}

/** What the payment use cases need from a request's context. */
export function paymentDeps(context: ServerContext): PaymentDeps {
  return {
    db: context.db,
    pix: context.pix,
    card: context.card,
    logger: context.logger,
    store: orderMailStoreOf(context.db, context.env, context.baseURL),
  };
}

/** What placing an order, or starting another payment of it, needs from a request's context. */
export async function placeOrderDeps(context: ServerContext): Promise<PlaceOrderDeps> {
  const { settings } = await currentStoreSettings(context.db, context.env);
  return {
    db: context.db,
    pix: context.pix,
    expiresMinutes: context.env.PIX_EXPIRES_MINUTES,
    card: context.card,
    cardExpiresMinutes: context.env.CARD_EXPIRES_MINUTES,
    boletoExpiresDays: context.env.BOLETO_EXPIRES_DAYS,
    terms: settings.payment,
    freight: {
      mode: settings.freight.mode,
      quote: (destinationCep, lines, couponCents) =>
        quoteFreight(context, settings, destinationCep, lines, couponCents),
    },
    baseURL: context.baseURL,
    logger: context.logger,
    beforeRemoteCharge: context.endOrderTurn,
  };
}

/** What buying and printing Melhor Envio labels needs from a request's context. */
export async function labelDeps(context: ServerContext): Promise<LabelDeps> {
  const { settings } = await currentStoreSettings(context.db, context.env);
  return {
    db: context.db,
    env: context.env,
    logger: context.logger,
    store: orderMailStoreOf(context.db, context.env, context.baseURL),
    settings,
    baseURL: context.baseURL,
  };
}

/** What a use case needs to call the auth library on behalf of the request's client. */
export function authCall(context: ServerContext, request: Request): AuthCall {
  return { auth: context.auth, request, clientIp: context.clientIp, baseURL: context.baseURL };
}
