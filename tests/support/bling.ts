import { createHmac, randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { BLING_RETURN_PATH } from "../../app/domain/fiscal/bling/bling-settings";
import { loader as blingReturn } from "../../app/routes/admin/bling-return";
import { action as settingsAction } from "../../app/routes/admin/settings";
import { action as blingWebhook } from "../../app/routes/api.webhooks.bling";
import { adminRequest, type TestAdmin } from "./admin";
import { startFakeBling } from "./fake-bling-server";
import { TEST_BASE_URL } from "./test-context";

/** The Bling application the tests' stores are connected with. */
export const BLING_APP = {
  clientId: "a1b2c3d4e5f6a7b8c9d0",
  clientSecret: "segredo-do-aplicativo-bling-123",
};

/** A fake Bling whose application sends the admin back to the test store's return route. */
export function startFakeBlingForStore() {
  return startFakeBling({ ...BLING_APP, redirectUri: `${TEST_BASE_URL}${BLING_RETURN_PATH}` });
}

type Args<T extends (args: never) => unknown> = Parameters<T>[0];

/** A form of 'Configurações da loja' posted by the admin, in a request context of its own. */
export function postSettings(context: ServerContext, who: TestAdmin, form: Record<string, string>) {
  return settingsAction({
    request: adminRequest(who, "/admin/settings", form),
    context: { ...context },
    params: {},
  } as Args<typeof settingsAction>);
}

/** Where an answer that redirects sends the browser. */
export async function redirectOf(answer: Promise<unknown>): Promise<URL> {
  const response = await answer.then(
    () => {
      throw new Error("expected a redirect");
    },
    (thrown: unknown) => thrown as Response,
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location")!, TEST_BASE_URL);
}

/** 'Conectar ao Bling' posted: where the browser is sent, Bling's authorisation page. */
export function connectToBling(context: ServerContext, who: TestAdmin) {
  return redirectOf(postSettings(context, who, { intent: "bling-connect" }));
}

/** The admin authorises at the fake Bling, which sends the browser back with the code. */
export async function authorizeAtBling(authorizeUrl: URL): Promise<URL> {
  const approve = new URL(authorizeUrl);
  approve.pathname += "/approve";
  const answer = await fetch(approve, { redirect: "manual" });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("location")!);
}

/** The browser back at the store from Bling: where the store then sends it. */
export function returnFromBling(context: ServerContext, who: TestAdmin, returned: URL) {
  return redirectOf(
    blingReturn({
      request: adminRequest(who, `${returned.pathname}${returned.search}`),
      context: { ...context },
      params: {},
    } as Args<typeof blingReturn>),
  );
}

/** The store's Bling application saved, authorised at the fake and back: connected. */
export async function connectStoreToBling(context: ServerContext, who: TestAdmin) {
  expect(await postSettings(context, who, { intent: "bling-app", ...BLING_APP })).toEqual({
    intent: "bling-app",
    ok: true,
  });
  const back = await returnFromBling(
    context,
    who,
    await authorizeAtBling(await connectToBling(context, who)),
  );
  expect(back.search).toBe("?bling=conectado");
}

/** Bling's webhook to the store's route, signed with `signature` (the application's secret's, unless told). */
export function postBlingWebhook(
  context: ServerContext,
  body: string,
  signature = `sha256=${createHmac("sha256", BLING_APP.clientSecret).update(body).digest("hex")}`,
) {
  return blingWebhook({
    request: new Request(`${TEST_BASE_URL}/api/webhooks/bling`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-bling-signature-256": signature },
      body,
    }),
    context: { ...context },
    params: {},
  } as Args<typeof blingWebhook>) as Promise<{ data: unknown; init: ResponseInit | null }>;
}

/** Bling's event that an NF-e changed. */
export const invoiceEvent = (invoiceId: number, eventId = randomUUID()) =>
  JSON.stringify({
    eventId,
    date: "2026-11-30 10:00:00",
    version: "v1",
    event: "invoice.updated",
    companyId: "x",
    data: { id: invoiceId },
  });
