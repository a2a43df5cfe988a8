import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBrCode, type BrCodeFields } from "../../app/domain/payments/br-code";
import type { PixChargeRequest } from "../../app/domain/payments/pix-provider";
import {
  createSandboxPixProvider,
  simulateSandboxPayment,
} from "../../app/domain/payments/providers/sandbox-pix/sandbox-pix-provider.server";
import { createWooviPixProvider } from "../../app/domain/payments/providers/woovi/woovi-pix-provider.server";
import { startFakeWooviServer } from "../support/fake-woovi-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { loadEnv } from "../../app/config/env.server";

// What is each PIX provider's own; what every provider does is the contract's
// (payment-provider-contract.test.ts).

const APP_ID = "Q2xpZW50X0lkX2Zha2U6Q2xpZW50X1NlY3JldF9mYWtl";

let database: TestDatabase;
let woovi: Awaited<ReturnType<typeof startFakeWooviServer>>;
beforeAll(async () => {
  [database, woovi] = await Promise.all([createTestDatabase(), startFakeWooviServer({ appId: APP_ID })]);
});
afterAll(async () => {
  await Promise.all([database?.destroy(), woovi?.stop()]);
});

let orders = 0;
function chargeRequest(overrides: Partial<PixChargeRequest> = {}): PixChargeRequest {
  orders += 1;
  return {
    orderId: `0b7c5e2a-4f1d-4c3b-9a8e-${String(orders).padStart(12, "0")}`,
    amountCents: 12_990,
    customer: {
      name: "Maria Souza",
      email: "maria@example.com",
      phone: "(11) 98765-4321",
      taxId: "529.982.247-25",
    },
    ...overrides,
  };
}

const txidOf = (brCode: string) => (parseBrCode(brCode)["62"] as BrCodeFields)["05"];

describe("Woovi PIX provider", () => {
  const provider = () => createWooviPixProvider({ apiUrl: woovi.url, appId: APP_ID, expiresMinutes: 30 });

  it("creates a charge with the order as correlation id, the customer as Woovi writes them", async () => {
    const request = chargeRequest();
    const before = Date.now();
    const charge = await provider().createCharge(request);

    expect(woovi.requests.at(-1)).toEqual({
      method: "POST",
      path: "/api/v1/charge",
      authorization: APP_ID,
      body: {
        correlationID: request.orderId,
        value: 12_990,
        expiresIn: 1_800,
        customer: {
          name: "Maria Souza",
          email: "maria@example.com",
          phone: "+5511987654321",
          taxID: "52998224725",
        },
      },
    });
    expect(charge.chargeId).toBe(request.orderId);
    expect(charge.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 1_800_000 - 1_000);
    expect(charge.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_800_000);
  });

  it("sends a company's alphanumeric CNPJ with its letters, upper case and unmasked", async () => {
    const request = chargeRequest({
      customer: {
        name: "Loja Alfa Ltda",
        email: "loja@example.com",
        phone: "1133334444",
        taxId: "12.abc.345/01de-35",
      },
    });
    await provider().createCharge(request);
    expect(woovi.requests.at(-1)).toMatchObject({
      body: { correlationID: request.orderId, customer: { taxID: "12ABC34501DE35" } },
    });
  });

  it("asks Woovi for the charge with the AppID, and reports the amount Woovi says was paid", async () => {
    const { chargeId } = await provider().createCharge(chargeRequest());
    woovi.complete(chargeId);
    woovi.reportValue(chargeId, 100);
    expect(await provider().chargeStatus(chargeId)).toEqual({ status: "COMPLETED", amountCents: 100 });
    expect(woovi.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/api/v1/charge/${chargeId}`,
      authorization: APP_ID,
    });
  });

  it("deletes a charge at Woovi, and names Woovi's refusal to delete a paid one", async () => {
    const { chargeId } = await provider().createCharge(chargeRequest());
    await provider().cancel(chargeId);
    expect(woovi.requests.at(-1)).toMatchObject({
      method: "DELETE",
      path: `/api/v1/charge/${chargeId}`,
      authorization: APP_ID,
    });
    expect(woovi.isDeleted(chargeId)).toBe(true);

    const paid = await provider().createCharge(chargeRequest());
    woovi.complete(paid.chargeId);
    await expect(provider().cancel(paid.chargeId)).rejects.toThrow(/HTTP 400 ao cancelar a cobrança/);
  });

  it("answers the charge already made for the order when Woovi refuses a second one, never one of another amount", async () => {
    const request = chargeRequest();
    const first = await provider().createCharge(request);
    const again = await provider().createCharge(request);
    expect(again).toMatchObject({
      chargeId: first.chargeId,
      brCode: first.brCode,
      expiresAt: first.expiresAt,
    });
    expect(woovi.requests.slice(-2).map(({ method, path }) => `${method} ${path}`)).toEqual([
      "POST /api/v1/charge",
      `GET /api/v1/charge/${request.orderId}`,
    ]);

    await expect(provider().createCharge({ ...request, amountCents: 1 })).rejects.toThrow(
      /HTTP 400 ao criar a cobrança/,
    );
  });

  it("throws on an error answer, naming the status but neither the app id nor the customer", async () => {
    const messageOf = (promise: Promise<unknown>) =>
      promise.then(
        () => "",
        (error: unknown) => (error as Error).message,
      );

    woovi.failNext(500);
    const failed = await messageOf(provider().createCharge(chargeRequest()));
    expect(failed).toMatch(/HTTP 500/);

    const wrongKey = createWooviPixProvider({ apiUrl: woovi.url, appId: "outra-chave", expiresMinutes: 30 });
    const refused = await messageOf(wrongKey.createCharge(chargeRequest()));
    expect(refused).toMatch(/HTTP 401/);
    expect(refused).not.toContain("outra-chave");

    const unknown = await messageOf(provider().chargeStatus("nao-existe"));
    expect(unknown).toMatch(/HTTP 404/);

    for (const message of [failed, unknown]) {
      expect(message).not.toContain(APP_ID);
      expect(message).not.toContain("maria@example.com");
    }
  });

  it("throws when Woovi does not answer in time", async () => {
    const slow: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    const impatient = createWooviPixProvider({
      apiUrl: woovi.url,
      appId: APP_ID,
      expiresMinutes: 30,
      fetch: slow,
      timeoutMs: 50,
    });
    await expect(impatient.chargeStatus("qualquer")).rejects.toThrow(/sem resposta em 50 ms/);
  });

  it("throws on an answer that is not JSON or has an unknown status", async () => {
    const answering = (text: string) =>
      createWooviPixProvider({
        apiUrl: woovi.url,
        appId: APP_ID,
        expiresMinutes: 30,
        fetch: async () => new Response(text, { status: 200 }),
      });
    await expect(answering("<html>").chargeStatus("x")).rejects.toThrow(/HTTP 200 sem JSON válido/);
    const paused = JSON.stringify({ charge: { status: "PAUSED", value: 100 } });
    await expect(answering(paused).chargeStatus("x")).rejects.toThrow(/formato inesperado/);
    const withoutValue = JSON.stringify({ charge: { status: "COMPLETED" } });
    await expect(answering(withoutValue).chargeStatus("x")).rejects.toThrow(/formato inesperado/);
    await expect(answering("{}").createCharge(chargeRequest())).rejects.toThrow(/formato inesperado/);
  });
});

describe("sandbox PIX provider", () => {
  const env = {
    ...loadEnv({}),
    PIX_KEY: "contato@vitrine.local",
    PIX_MERCHANT_NAME: "Vitrine Eletrônicos",
    PIX_MERCHANT_CITY: "São Paulo",
    PIX_EXPIRES_MINUTES: 30,
    SUPPORT_EMAIL: "contato@vitrine.local",
    WHATSAPP_NUMBER: "5511999999999",
  };

  it("charges with a one-time BR Code of the store's key and receiver, whose txid is the charge's id; paid once", async () => {
    const provider = createSandboxPixProvider({ db: database.db, env });
    const charge = await provider.createCharge(chargeRequest({ amountCents: 4_550 }));

    const fields = parseBrCode(charge.brCode);
    expect(fields).toMatchObject({ "01": "12", "26": { "01": "contato@vitrine.local" }, "54": "45.50" });
    expect(fields["60"]).toBe("SAO PAULO");
    expect(txidOf(charge.brCode)).toBe(charge.chargeId);
    expect(charge.chargeId).toMatch(/^[A-Za-z0-9]{25}$/);

    expect(await simulateSandboxPayment(database.db, charge.chargeId)).toBe(true);
    expect(await simulateSandboxPayment(database.db, charge.chargeId)).toBe(false);
  });

  it("expires a charge once its time has passed", async () => {
    let now = new Date("2026-03-02T12:00:00Z");
    const provider = createSandboxPixProvider({ db: database.db, env, now: () => now });
    const charge = await provider.createCharge(chargeRequest());
    expect(charge.expiresAt).toEqual(new Date("2026-03-02T12:30:00Z"));

    now = new Date("2026-03-02T12:29:59Z");
    expect((await provider.chargeStatus(charge.chargeId)).status).toBe("ACTIVE");
    now = new Date("2026-03-02T12:30:00Z");
    expect((await provider.chargeStatus(charge.chargeId)).status).toBe("EXPIRED");
  });

  it("changes nothing when simulating the payment of an unknown charge", async () => {
    const provider = createSandboxPixProvider({ db: database.db, env });
    expect(await simulateSandboxPayment(database.db, "desconhecida")).toBe(false);
    await expect(provider.chargeStatus("desconhecida")).rejects.toThrow(/desconhecida/);
  });
});
