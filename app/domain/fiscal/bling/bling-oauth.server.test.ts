import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rejection, startFakeBling, type FakeBling } from "../../../../tests/support/fake-bling-server";
import { createBlingApi } from "./bling-api.server";
import {
  blingAuthorizeUrl,
  exchangeBlingCode,
  refreshBlingTokens,
  type BlingApp,
} from "./bling-oauth.server";

const CLIENT_ID = "client-id-vitrine";
const CLIENT_SECRET = "client-secret-vitrine";
const REDIRECT = "http://loja.test/admin/bling/retorno";
const NOW = new Date("2026-03-01T12:00:00.000Z");

let fake: FakeBling;
beforeAll(async () => {
  fake = await startFakeBling({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT });
});
afterAll(() => fake?.stop());
beforeEach(() => fake.reset());

const app = (fields: Partial<BlingApp> = {}): BlingApp => ({
  apiUrl: fake.apiUrl,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  now: () => NOW,
  ...fields,
});

/** What the admin does in the browser: opens the page, clicks "Autorizar", comes back with a code. */
async function authorize(state: string): Promise<string> {
  const page = await fetch(blingAuthorizeUrl(app(), state));
  expect(await page.text()).toContain("Autorizar aplicativo");
  const approved = await fetch(`${fake.apiUrl}/oauth/authorize`, {
    method: "POST",
    body: new URLSearchParams({ client_id: CLIENT_ID, state }),
    redirect: "manual",
  });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe(state);
  return back.searchParams.get("code")!;
}

describe("blingAuthorizeUrl", () => {
  it("points at Bling's authorize page with the client id and the state", () => {
    const url = new URL(blingAuthorizeUrl(app({ apiUrl: "https://api.bling.com.br/Api/v3/" }), "a b&c"));
    expect(`${url.origin}${url.pathname}`).toBe("https://api.bling.com.br/Api/v3/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: CLIENT_ID,
      state: "a b&c",
    });
  });

  it("is refused by the fake for an unknown client id", async () => {
    const page = await fetch(blingAuthorizeUrl(app({ clientId: "outro" }), "s"));
    expect(page.status).toBe(400);
    await page.body?.cancel();
  });
});

describe("exchangeBlingCode", () => {
  it("posts the code as a form with Basic credentials and dates the expiry from expires_in", async () => {
    fake.setExpiresIn(3600);
    const code = await authorize("estado-1");
    fake.requests.length = 0;

    const tokens = await exchangeBlingCode(app(), code);

    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/Api/v3/oauth/token" });
    const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64");
    expect(sent!.headers.authorization).toBe(`Basic ${basic}`);
    expect(sent!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(sent!.rawBody))).toEqual({
      grant_type: "authorization_code",
      code,
    });
    expect(tokens).toEqual({
      accessToken: fake.issuedTokens[0]!.accessToken,
      refreshToken: fake.issuedTokens[0]!.refreshToken,
      expiresAt: new Date("2026-03-01T13:00:00.000Z"),
    });
  });

  it("refuses a code used twice, without the code in the message", async () => {
    const code = await authorize("estado-2");
    await exchangeBlingCode(app(), code);

    const error = await rejection(exchangeBlingCode(app(), code));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Bling respondeu HTTP 400 ao trocar o código de autorização");
    expect(error.refusal).toBe("Invalid grant");
    expect(error.message).not.toContain(code);
  });

  it("fails with 401 for a wrong client secret, naming neither secret", async () => {
    const code = await authorize("estado-3");
    const error = await rejection(exchangeBlingCode(app({ clientSecret: "segredo-errado" }), code));
    expect(error.status).toBe(401);
    expect(error.message).not.toMatch(/segredo-errado|client-secret-vitrine/);
  });
});

describe("refreshBlingTokens", () => {
  it("rotates the pair: the new access token works and the old refresh token is refused", async () => {
    const first = await exchangeBlingCode(app(), await authorize("estado-4"));
    fake.setExpiresIn(21_600);

    const second = await refreshBlingTokens(app(), first.refreshToken);

    expect(Object.fromEntries(new URLSearchParams(fake.requests.at(-1)!.rawBody))).toEqual({
      grant_type: "refresh_token",
      refresh_token: first.refreshToken,
    });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.expiresAt).toEqual(new Date("2026-03-01T18:00:00.000Z"));
    const api = createBlingApi({ apiUrl: fake.apiUrl, accessToken: second.accessToken });
    expect(await api.findContactByDocument("12345678909")).toBeNull();

    const error = await rejection(refreshBlingTokens(app(), first.refreshToken));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Bling respondeu HTTP 400 ao renovar o acesso");
    expect(error.message).not.toContain(first.refreshToken);
  });

  it("refuses an answer without expires_in rather than guessing the expiry", async () => {
    fake.answerNext(200, { access_token: "a", refresh_token: "r", token_type: "Bearer" });
    const error = await rejection(refreshBlingTokens(app(), "qualquer"));
    expect(error.message).toBe("Bling respondeu HTTP 200 com um formato inesperado ao renovar o acesso");
  });
});
