import { and, eq, gt, max } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { adminAuditLog, blingConnection } from "../../app/db/schema.server";
import { blingAccessToken } from "../../app/domain/fiscal/bling/bling-connection.server";
import { BLING_RETURN_PATH } from "../../app/domain/fiscal/bling/bling-settings";
import { loader as settingsLoader } from "../../app/routes/admin/settings";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import {
  authorizeAtBling,
  BLING_APP,
  connectStoreToBling,
  connectToBling,
  postSettings,
  returnFromBling,
  startFakeBlingForStore,
} from "../support/bling";
import type { FakeBling } from "../support/fake-bling-server";
import { createTestContext, setUpTestStore, TEST_BASE_URL } from "../support/test-context";

/**
 * 'Conectar ao Bling' (issue 54, point 1) through the admin's settings and the return route: the
 * application saved sealed, the authorisation at the fake Bling and back, the code traded once
 * for tokens kept sealed, renewed from `expires_in`, and the connection ended.
 */

const { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } = BLING_APP;

const store = setUpTestStore();
let fake: FakeBling;
let context: ServerContext;
let admin: TestAdmin;

beforeAll(async () => {
  fake = await startFakeBlingForStore();
  context = createTestContext(store.database, undefined, { BLING_API_URL: fake.apiUrl });
  admin = await signedInAdmin(context);
});
afterAll(() => fake?.stop());
beforeEach(async () => {
  fake.reset();
  await store.database.db.delete(blingConnection);
});

const db = () => store.database.db;
const post = (form: Record<string, string>, who = admin) => postSettings(context, who, form);
const connect = (who = admin) => connectToBling(context, who);
const comeBack = (who: TestAdmin, returned: URL) => returnFromBling(context, who, returned);
const authorize = authorizeAtBling;

async function saveApp() {
  expect(await post({ intent: "bling-app", ...BLING_APP })).toEqual({ intent: "bling-app", ok: true });
}

const connected = () => connectStoreToBling(context, admin);

const savedRow = async () => (await db().select().from(blingConnection))[0];

describe("the Bling application in the admin's settings", () => {
  it("is kept with its secret sealed, and the page shows the id but never the secret", async () => {
    await saveApp();

    const row = await savedRow();
    expect(row).toMatchObject({ clientId: CLIENT_ID, accessToken: null, connectedAt: null });
    expect(row!.clientSecret).not.toContain(CLIENT_SECRET);
    const page = await settingsLoader({
      request: adminRequest(admin, "/admin/settings"),
      context: { ...context },
      params: {},
    } as Parameters<typeof settingsLoader>[0]);
    expect(page.bling).toEqual({
      clientId: CLIENT_ID,
      connectedAt: null,
      options: {
        pixPaymentFormId: null,
        cardPaymentFormId: null,
        boletoPaymentFormId: null,
        // 'Cancelado' in a new Bling account.
        cancelledSituationId: 12,
        issueInvoices: false,
      },
      returnUrl: `${TEST_BASE_URL}${BLING_RETURN_PATH}`,
      webhookUrl: `${TEST_BASE_URL}/api/webhooks/bling`,
    });
    expect(JSON.stringify(page)).not.toContain(CLIENT_SECRET);
  });

  it("refuses an id or a secret that is not one, at its field, saving nothing", async () => {
    expect(await post({ intent: "bling-app", clientId: "abc def", clientSecret: "curto" })).toEqual({
      intent: "bling-app",
      ok: false,
      errors: {
        clientId: "Client ID inválido: copie-o do aplicativo no Bling",
        clientSecret: "Client Secret inválido: copie-o do aplicativo no Bling",
      },
    });
    expect(await savedRow()).toBeUndefined();
  });

  it("keeps the forms of payment, the cancelled situation and the NF-e option, refusing an id that is not a number at its field", async () => {
    await saveApp();
    const options = {
      pixPaymentFormId: "101",
      cardPaymentFormId: "",
      boletoPaymentFormId: "303",
      cancelledSituationId: "",
    };

    expect(
      await post({
        intent: "bling-options",
        ...options,
        cardPaymentFormId: "cartão",
        cancelledSituationId: "0",
      }),
    ).toEqual({
      intent: "bling-options",
      ok: false,
      errors: {
        cardPaymentFormId: "Informe o número (ID) da forma de pagamento no Bling, ou deixe em branco",
        cancelledSituationId:
          "Informe o número (ID) da situação 'Cancelado' dos pedidos de venda no Bling, ou deixe em branco",
      },
    });
    expect(await post({ intent: "bling-options", ...options, issueInvoices: "on" })).toEqual({
      intent: "bling-options",
      ok: true,
    });

    expect(await savedRow()).toMatchObject({
      pixPaymentFormId: 101,
      cardPaymentFormId: null,
      boletoPaymentFormId: 303,
      // Left blank: the store leaves the sales orders' situations alone.
      cancelledSituationId: null,
      issueInvoices: true,
    });
  });

  it("cannot be connected before the application is saved", async () => {
    expect(await post({ intent: "bling-connect" })).toEqual({
      intent: "bling-connect",
      ok: false,
      errors: { bling: "Salve o Client ID e o Client Secret do aplicativo do Bling antes de conectar" },
    });
  });
});

describe("connecting to Bling", () => {
  it("sends the admin to Bling's authorisation and, back with the code, keeps the tokens sealed", async () => {
    const [before] = await db()
      .select({ lastEntry: max(adminAuditLog.id) })
      .from(adminAuditLog);
    await saveApp();

    const authorizeUrl = await connect();
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${fake.apiUrl}/oauth/authorize`);
    expect(authorizeUrl.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(authorizeUrl.searchParams.get("response_type")).toBe("code");
    const back = await comeBack(admin, await authorize(authorizeUrl));

    expect(`${back.pathname}${back.search}${back.hash}`).toBe("/admin/settings?bling=conectado#bling");
    const [issued] = fake.issuedTokens;
    const row = await savedRow();
    expect(row!.connectedAt).toBeInstanceOf(Date);
    expect(row!.accessToken).not.toContain(issued!.accessToken);
    expect(row!.refreshToken).not.toContain(issued!.refreshToken);
    // Bling said six hours (`expires_in`).
    const hours = (row!.accessExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(5.9);
    expect(hours).toBeLessThanOrEqual(6);
    expect(await blingAccessToken(db(), context.env)).toBe(issued!.accessToken);
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, "bling"), gt(adminAuditLog.id, before?.lastEntry ?? 0)));
    expect(audit.map((entry) => entry.action)).toEqual(["bling.app", "bling.connect"]);
    expect(JSON.stringify(audit)).not.toContain(CLIENT_SECRET);
  });

  it("refuses a return whose state was altered, was used already, or belongs to another admin", async () => {
    await saveApp();
    const other = await signedInAdmin(context);
    const returned = await authorize(await connect());
    const altered = new URL(returned);
    altered.searchParams.set("state", `${returned.searchParams.get("state")}x`);

    expect((await comeBack(admin, altered)).search).toBe("?bling=estado");
    expect((await comeBack(other, returned)).search).toBe("?bling=estado");
    expect(fake.requests.filter((request) => request.path.endsWith("/oauth/token"))).toEqual([]);
    expect((await savedRow())!.connectedAt).toBeNull();

    expect((await comeBack(admin, returned)).search).toBe("?bling=conectado");
    // Once back, the state is spent: the same return again connects nothing.
    expect((await comeBack(admin, returned)).search).toBe("?bling=estado");
  });

  it("says so when the admin refuses at Bling, or when Bling refuses the code", async () => {
    await saveApp();
    const refusedAtBling = await authorize(await connect());
    refusedAtBling.searchParams.delete("code");
    refusedAtBling.searchParams.set("error", "access_denied");
    expect((await comeBack(admin, refusedAtBling)).search).toBe("?bling=recusado");

    const returned = await authorize(await connect());
    fake.answerNext(400, {
      error: { type: "invalid_grant", message: "invalid_grant", description: "Código inválido" },
    });
    expect((await comeBack(admin, returned)).search).toBe("?bling=falhou");
    expect((await savedRow())!.connectedAt).toBeNull();
  });
});

describe("the connection's tokens", () => {
  it("are renewed before they end, and the spent refresh token is not used again", async () => {
    await connected();
    const [first] = fake.issuedTokens;
    // Four minutes left: within the renewal margin.
    await db()
      .update(blingConnection)
      .set({ accessExpiresAt: new Date(Date.now() + 4 * 60_000) });
    fake.setExpiresIn(3600);

    const renewed = await blingAccessToken(db(), context.env);

    const second = fake.issuedTokens[1]!;
    expect(renewed).toBe(second.accessToken);
    expect(renewed).not.toBe(first!.accessToken);
    const hours = ((await savedRow())!.accessExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.9);
    expect(hours).toBeLessThanOrEqual(1);
    // Used at once again: the stored, renewed token, without another renewal.
    expect(await blingAccessToken(db(), context.env)).toBe(second.accessToken);
    expect(fake.issuedTokens).toHaveLength(2);
  });

  it("are dropped on 'Desconectar', leaving the application to connect again", async () => {
    await connected();

    expect(await post({ intent: "bling-disconnect" })).toEqual({
      intent: "bling-disconnect",
      ok: true,
    });

    expect(await savedRow()).toMatchObject({
      clientId: CLIENT_ID,
      accessToken: null,
      refreshToken: null,
      connectedAt: null,
    });
    expect(await blingAccessToken(db(), context.env)).toBeNull();
    expect((await connect()).searchParams.get("client_id")).toBe(CLIENT_ID);
  });

  it("are dropped when another application is saved: they were granted to the one before", async () => {
    await connected();

    await post({
      intent: "bling-app",
      clientId: "outroaplicativo123",
      clientSecret: CLIENT_SECRET,
    });

    expect(await savedRow()).toMatchObject({
      clientId: "outroaplicativo123",
      accessToken: null,
      connectedAt: null,
    });
  });
});
