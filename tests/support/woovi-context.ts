import { afterAll, beforeAll } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { createWooviPixProvider } from "../../app/domain/payments/providers/woovi/woovi-pix-provider.server";
import { action as webhook } from "../../app/routes/api.webhooks";
import { startFakeWooviServer, wooviWebhookRequest, type FakeWooviServer } from "./fake-woovi-server";

const WOOVI_APP_ID = "app-id-de-teste";

/**
 * A fake Woovi server for one test file (stopped after it), and a loader context on `store`'s
 * database whose PIX provider is that Woovi and which trusts its signed webhooks.
 */
export function setUpFakeWoovi(store: { context: ServerContext }) {
  let server: FakeWooviServer;
  let context: ServerContext;
  beforeAll(async () => {
    server = await startFakeWooviServer({ appId: WOOVI_APP_ID });
    const base = store.context;
    context = {
      ...base,
      pix: createWooviPixProvider({
        apiUrl: server.url,
        appId: WOOVI_APP_ID,
        expiresMinutes: 30,
        webhookPublicKey: server.publicKeyPem,
      }),
      env: { ...base.env, PIX_PROVIDER: "woovi", WOOVI_WEBHOOK_PUBLIC_KEY: server.publicKeyPem },
    };
  });
  afterAll(() => server?.stop());
  return {
    get server(): FakeWooviServer {
      return server;
    },
    /** A request's context: a new one at each use, as the HTTP shell makes one per request. */
    get context(): ServerContext {
      return { ...context };
    },
    /** Woovi posts a webhook (its body and `x-webhook-signature`) to the store's route: its status. */
    async postWebhook(body: string, signature: string): Promise<number> {
      const result = await webhook({
        request: wooviWebhookRequest({ body, signature }),
        context: { ...context },
        params: { provider: "woovi" },
      } as Parameters<typeof webhook>[0]);
      return result.init?.status ?? 200;
    },
  };
}
