import { and, eq, gt, max } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { adminAuditLog, blingConnection } from "../../app/db/schema.server";
import { blingAccessToken } from "../../app/domain/fiscal/bling/bling-connection.server";
import { BLING_RETURN_PATH } from "../../app/domain/fiscal/bling/bling-settings";
import { loader as blingReturn } from "../../app/routes/admin/bling-return";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/admin/settings";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { startFakeBling, type FakeBling } from "../support/fake-bling-server";
import { createTestContext, setUpTestStore, TEST_BASE_URL } from "../support/test-context";

/**
 * 'Conectar ao Bling' (issue 54, point 1) through the admin's settings and the return route: the
 * application saved sealed, the authorisation at the fake Bling and back, the code traded once
 * for tokens kept sealed, renewed from `expires_in`, and the connection ended.
 */

const CLIENT_ID = "a1b2c3d4e5f6a7b8c9d0";
const CLIENT_SECRET = "segredo-do-aplicativo-bling-123";

const store = setUpTestStore();
let fake: FakeBling;
let context: ServerContext;
let admin: TestAdmin;
/** Each request's own context, as the server gives one per request (a page's session is read once per context). */
const requestContext = () => ({ ...context });

beforeAll(async () => {
  fake = await startFakeBling({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${TEST_BASE_URL}${BLING_RETURN_PATH}`,
  });
  context = createTestContext(store.database, undefined, { BLING_API_URL: fake.apiUrl });
  admin = await signedInAdmin(context);
});
afterAll(() => fake?.stop());
beforeEach(async () => {
  fake.reset();
  await store.database.db.delete(blingConnection);
});

const db = () => store.database.db;
type Args<T extends (args: never) => unknown> = Parameters<T>[0];

function postSettings(who: TestAdmin, form: Record<string, string>) {
  return settingsAction({
    request: adminRequest(who, "/admin/settings", form),
    context: requestContext(),
    params: {},
  } as Args<typeof settingsAction>);
}

/** What the admin's browser does after a form or a link answered: the redirect's target. */
async function redirectOf(answer: Promise<unknown>): Promise<URL> {
  const response = await answer.then(
    () => {
      throw new Error("expected a redirect");
    },
    (thrown: unknown) => thrown as Response,
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location")!, TEST_BASE_URL);
}

/** 'Conectar ao Bling' posted, and where the browser is sent: Bling's authorisation page. */
function connect(who = admin) {
  return redirectOf(postSettings(who, { intent: "bling-connect" }));
}

/** The admin authorises at the fake Bling; Bling sends the browser back with the code. */
async function authorize(authorizeUrl: URL): Promise<URL> {
  const approve = new URL(authorizeUrl);
  approve.pathname += "/approve";
  const answer = await fetch(approve, { redirect: "manual" });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("location")!);
}

function comeBack(who: TestAdmin, returned: URL) {
  return redirectOf(
    blingReturn({
      request: adminRequest(who, `${returned.pathname}${returned.search}`),
      context: requestContext(),
      params: {},
    } as Args<typeof blingReturn>),
  );
}

async function saveApp() {
  expect(
    await postSettings(admin, { intent: "bling-app", clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
  ).toEqual({
    intent: "bling-app",
    ok: true,
  });
}

async function connected() {
  await saveApp();
  const back = await comeBack(admin, await authorize(await connect()));
  expect(back.search).toBe("?bling=conectado");
}

const savedRow = async () => (await db().select().from(blingConnection))[0];

describe("the Bling application in the admin's settings", () => {
  it("is kept with its secret sealed, and the page shows the id but never the secret", async () => {
    await saveApp();

    const row = await savedRow();
    expect(row).toMatchObject({ clientId: CLIENT_ID, accessToken: null, connectedAt: null });
    expect(row!.clientSecret).not.toContain(CLIENT_SECRET);
    const page = await settingsLoader({
      request: adminRequest(admin, "/admin/settings"),
      context: requestContext(),
      params: {},
    } as Args<typeof settingsLoader>);
    expect(page.bling).toEqual({
      clientId: CLIENT_ID,
      connectedAt: null,
      returnUrl: `${TEST_BASE_URL}${BLING_RETURN_PATH}`,
    });
    expect(JSON.stringify(page)).not.toContain(CLIENT_SECRET);
  });

  it("refuses an id or a secret that is not one, at its field, saving nothing", async () => {
    expect(
      await postSettings(admin, { intent: "bling-app", clientId: "abc def", clientSecret: "curto" }),
    ).toEqual({
      intent: "bling-app",
      ok: false,
      errors: {
        clientId: "Client ID inválido: copie-o do aplicativo no Bling",
        clientSecret: "Client Secret inválido: copie-o do aplicativo no Bling",
      },
    });
    expect(await savedRow()).toBeUndefined();
  });

  it("cannot be connected before the application is saved", async () => {
    expect(await postSettings(admin, { intent: "bling-connect" })).toEqual({
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

    expect(await postSettings(admin, { intent: "bling-disconnect" })).toEqual({
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

    await postSettings(admin, {
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
