import { afterAll, beforeAll } from "vitest";
import { startFakeMercadoPagoServer, type FakeMercadoPagoServer } from "./fake-mercadopago-server";
import { setUpStoreHandler } from "./store-handler";

export const MERCADOPAGO_ACCESS_TOKEN = "APP_USR-token-de-teste";
export const MERCADOPAGO_WEBHOOK_SECRET = "segredo-do-webhook-de-teste";

/**
 * A Mercado Pago stand-in on loopback and the store's handler taking cards through it
 * (`CARD_PROVIDER=mercadopago`), with `variables` beside: for the file's tests.
 */
export function setUpMercadoPagoStore(variables: NodeJS.ProcessEnv = {}) {
  let fake: FakeMercadoPagoServer | undefined;
  beforeAll(async () => {
    fake = await startFakeMercadoPagoServer({
      accessToken: MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: MERCADOPAGO_WEBHOOK_SECRET,
    });
  });
  afterAll(() => fake?.stop());
  const store = setUpStoreHandler(() => ({
    CARD_PROVIDER: "mercadopago",
    MERCADOPAGO_API_URL: fake!.url,
    MERCADOPAGO_ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET,
    ...variables,
  }));
  return {
    store,
    get mercadoPago(): FakeMercadoPagoServer {
      return fake!;
    },
    /** The notification URL the store gives Mercado Pago. */
    webhookUrl: () => `${store.url}/api/webhooks/mercadopago?source_news=webhooks`,
  };
}
