import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViaCepLookup } from "../../app/domain/accounts/cep-lookup.server";
import { FAILING_CEP, SLOW_CEP, startFakeCepServer } from "../support/fake-cep-server";

const logger = pino({ level: "silent" });
let fake: Awaited<ReturnType<typeof startFakeCepServer>>;
beforeAll(async () => {
  fake = await startFakeCepServer();
});
afterAll(() => fake.stop());

describe("CEP lookup (ViaCEP)", () => {
  it("maps ViaCEP's answer to an address and keeps it", async () => {
    const lookup = createViaCepLookup({ baseUrl: fake.url });
    const expected = {
      cep: "01310100",
      street: "Avenida Paulista",
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
    };
    expect(await lookup.lookup("01310100", logger)).toEqual({ ok: true, address: expected });
    const asked = fake.requests.length;
    expect(await lookup.lookup("01310100", logger)).toEqual({ ok: true, address: expected });
    expect(fake.requests.length).toBe(asked);
  });

  it("answers no address for an unknown CEP, and remembers that too", async () => {
    const lookup = createViaCepLookup({ baseUrl: fake.url });
    expect(await lookup.lookup("00000000", logger)).toEqual({ ok: true, address: null });
    const asked = fake.requests.length;
    expect(await lookup.lookup("00000000", logger)).toEqual({ ok: true, address: null });
    expect(fake.requests.length).toBe(asked);
  });

  it("gives up after the timeout and asks again next time", async () => {
    const lookup = createViaCepLookup({ baseUrl: fake.url, timeoutMs: 200 });
    const started = Date.now();
    expect(await lookup.lookup(SLOW_CEP, logger)).toEqual({ ok: false });
    expect(Date.now() - started).toBeLessThan(3_000);
    const asked = fake.requests.length;
    await lookup.lookup(SLOW_CEP, logger);
    expect(fake.requests.length).toBe(asked + 1);
  });

  it("says a failing service did not answer, and does not remember it", async () => {
    const lookup = createViaCepLookup({ baseUrl: fake.url });
    expect(await lookup.lookup(FAILING_CEP, logger)).toEqual({ ok: false });
    expect(await lookup.lookup(FAILING_CEP, logger)).toEqual({ ok: false });
    expect(fake.requests.filter((cep) => cep === FAILING_CEP)).toHaveLength(2);
  });

  it("says it did not answer when nothing listens", async () => {
    const lookup = createViaCepLookup({ baseUrl: "http://127.0.0.1:9", timeoutMs: 500 });
    expect(await lookup.lookup("01310100", logger)).toEqual({ ok: false });
  });
});
