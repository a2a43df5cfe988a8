import { afterAll, beforeAll } from "vitest";
import { startFakeMercadoPagoServer, type FakeMercadoPagoServer } from "./fake-mercadopago-server";
import { startFakeWooviServer, type FakeWooviServer } from "./fake-woovi-server";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * For one test file, gone after it: a test database (where the sandboxes keep their charges), a
 * Woovi stand-in answering `wooviAppId`, and a Mercado Pago stand-in answering `mercadoPago`'s
 * access token and signing with its webhook secret.
 */
export function setUpPaymentFakes(credentials: {
  wooviAppId: string;
  mercadoPago: { accessToken: string; webhookSecret: string };
}) {
  let database: TestDatabase | undefined;
  let woovi: FakeWooviServer | undefined;
  let mercadoPago: FakeMercadoPagoServer | undefined;
  beforeAll(async () => {
    [database, woovi, mercadoPago] = await Promise.all([
      createTestDatabase(),
      startFakeWooviServer({ appId: credentials.wooviAppId }),
      startFakeMercadoPagoServer(credentials.mercadoPago),
    ]);
  });
  afterAll(async () => {
    await Promise.all([database?.destroy(), woovi?.stop(), mercadoPago?.stop()]);
  });
  return {
    get database(): TestDatabase {
      return database!;
    },
    get woovi(): FakeWooviServer {
      return woovi!;
    },
    get mercadoPago(): FakeMercadoPagoServer {
      return mercadoPago!;
    },
  };
}
