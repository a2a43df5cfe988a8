import { describe, expect, it } from "vitest";
import { startFakeCorreiosServer } from "../../../tests/support/fake-correios-server";
import { loadEnv } from "../../config/env.server";
import { ProviderError } from "../payments/provider-http.server";
import { createCarrierTracking } from "./carrier-trackings.server";
import { createCorreiosTracking } from "./correios-tracking.server";

type Event = { codigo: string; tipo: string; dtHrCriado: string };

/**
 * The Correios' client over a stub of `fetch`: the token, then the parcel's events as given (the
 * newest first), or a message with no events for a code not posted.
 */
function trackingAnswering(events: Event[] | null) {
  const asked: string[] = [];
  const stub: typeof fetch = async (input) => {
    const url = String(input);
    asked.push(new URL(url).pathname);
    if (url.endsWith("/token/v1/autentica/cartaopostagem")) {
      return Response.json({ token: "token-de-teste", expiraEm: "2099-01-01T00:00:00" }, { status: 201 });
    }
    const object = events ? { codObjeto: "AA123456789BR", eventos: events } : { mensagem: "SRO-020" };
    return Response.json({ objetos: [object] });
  };
  const tracking = createCorreiosTracking({
    apiUrl: "https://correios.test",
    user: "loja",
    accessCode: "codigo",
    postingCard: "0073423759",
    fetch: stub,
  });
  return { deliveredAt: () => tracking.deliveredAt("AA123456789BR"), asked };
}

const posted = { codigo: "PO", tipo: "01", dtHrCriado: "2026-11-18T09:12:40" };
const inTransit = { codigo: "RO", tipo: "01", dtHrCriado: "2026-11-19T07:30:00" };

describe("createCorreiosTracking", () => {
  it.each(["BDE", "BDI", "BDR"])(
    "reads %s of type 01 as the delivery, its time São Paulo's wall clock",
    async (codigo) => {
      const delivered = { codigo, tipo: "01", dtHrCriado: "2026-11-20T14:03:00" };
      const { deliveredAt } = trackingAnswering([delivered, inTransit, posted]);

      expect(await deliveredAt()).toEqual(new Date("2026-11-20T17:03:00.000Z"));
    },
  );

  it("finds the delivery behind a later event", async () => {
    const delivered = { codigo: "BDE", tipo: "01", dtHrCriado: "2026-11-20T23:59:59" };
    const later = { codigo: "FC", tipo: "01", dtHrCriado: "2026-11-21T08:00:00" };
    const { deliveredAt } = trackingAnswering([later, delivered, inTransit, posted]);

    expect(await deliveredAt()).toEqual(new Date("2026-11-21T02:59:59.000Z"));
  });

  it.each([
    ["posted and on its way", [inTransit, posted]],
    ["the addressee absent (BDE of another type)", [{ ...inTransit, codigo: "BDE", tipo: "02" }, posted]],
    ["returned to the sender (BDR of another type)", [{ ...inTransit, codigo: "BDR", tipo: "23" }, posted]],
    ["not posted yet (no events)", null],
  ])("answers null for a parcel %s", async (_, events) => {
    expect(await trackingAnswering(events).deliveredAt()).toBeNull();
  });

  it("refuses an answer whose time it cannot read", async () => {
    const { deliveredAt } = trackingAnswering([
      { codigo: "BDE", tipo: "01", dtHrCriado: "20/11/2026 14:03" },
    ]);

    await expect(deliveredAt()).rejects.toThrow(
      new ProviderError("Correios respondeu HTTP 200 com um formato inesperado ao consultar o rastreio"),
    );
  });

  it("asks for a token once while it lasts", async () => {
    const { deliveredAt, asked } = trackingAnswering([inTransit, posted]);

    await deliveredAt();
    await deliveredAt();

    expect(asked.filter((path) => path.startsWith("/token/"))).toHaveLength(1);
    expect(asked.filter((path) => path.startsWith("/srorastro/"))).toHaveLength(2);
  });
});

describe("the Correios' token", () => {
  const credentials = { user: "loja", accessCode: "codigo", postingCard: "0073423759" };

  it("is replaced once when refused before its time", async () => {
    const correios = await startFakeCorreiosServer(credentials);
    try {
      const tracking = createCorreiosTracking({ apiUrl: correios.url, ...credentials });
      correios.record("AA123456789BR", "delivered", new Date("2026-11-20T17:03:00.000Z"));

      await tracking.deliveredAt("AA123456789BR");
      correios.revokeTokens();

      expect(await tracking.deliveredAt("AA123456789BR")).toEqual(new Date("2026-11-20T17:03:00.000Z"));
      expect(correios.tokenRequests()).toHaveLength(2);
      expect(correios.trackingRequestsOf("AA123456789BR")).toHaveLength(3);
    } finally {
      await correios.stop();
    }
  });

  it("is not asked for again when the credentials are refused", async () => {
    const correios = await startFakeCorreiosServer(credentials);
    try {
      const tracking = createCorreiosTracking({ apiUrl: correios.url, ...credentials, accessCode: "outro" });

      await expect(tracking.deliveredAt("AA123456789BR")).rejects.toThrow(
        new ProviderError("Correios respondeu HTTP 401 ao obter o token", { status: 401 }),
      );
      expect(correios.tokenRequests()).toHaveLength(1);
      expect(correios.requests).toHaveLength(1);
    } finally {
      await correios.stop();
    }
  });
});

describe("createCarrierTracking", () => {
  it("follows the Correios only when their variables are set", () => {
    expect(createCarrierTracking(loadEnv({}))).toBeNull();
    const env = loadEnv({
      CORREIOS_USER: "loja",
      CORREIOS_ACCESS_CODE: "codigo",
      CORREIOS_POSTING_CARD: "0073423759",
    });
    expect(createCarrierTracking(env)?.name).toBe("Correios");
  });
});
