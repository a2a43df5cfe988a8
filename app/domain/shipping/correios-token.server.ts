import { z } from "../../lib/zod";
import { storeWallClock } from "../../lib/dates";
import { ProviderError, type providerHttpClient } from "../payments/provider-http.server";

/** What the Correios' API (Meu Correios) is entered with: never part of an error message. */
export interface CorreiosCredentials {
  user: string;
  accessCode: string;
  /** The contract's posting card (cartão de postagem) the token is asked for. */
  postingCard: string;
}

type ProviderCall = ReturnType<typeof providerHttpClient>;

/** A Correios time: São Paulo's wall clock, written without an offset ("2026-11-20T14:03:00"). */
export const correiosTime = z.string().transform((text, context) => {
  const time = storeWallClock(text);
  if (time) return time;
  context.addIssue({ code: "custom", message: "data inválida" });
  return z.NEVER;
});

const issuedToken = z.object({ token: z.string().min(1), expiraEm: correiosTime });

/** A token is renewed this long before the Correios say it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * Calls to the Correios' API with a token for the contract's posting card
 * (`POST /token/v1/autentica/cartaopostagem`, Basic auth with the user and access code), kept
 * until it expires; calls at the same time share one request for it. A token refused before its
 * time (401) is replaced once.
 */
export function correiosAuthorization(call: ProviderCall, credentials: CorreiosCredentials) {
  const basic = Buffer.from(`${credentials.user}:${credentials.accessCode}`).toString("base64");
  let issued: { token: string; expiresAt: Date } | null = null;
  let issuing: Promise<{ token: string; expiresAt: Date }> | null = null;

  async function token(): Promise<string> {
    if (issued && issued.expiresAt.getTime() - TOKEN_MARGIN_MS > Date.now()) return issued.token;
    issuing ??= call({
      action: "obter o token",
      schema: issuedToken,
      path: "/token/v1/autentica/cartaopostagem",
      headers: { Authorization: `Basic ${basic}` },
      body: { numero: credentials.postingCard },
    })
      .then(({ token, expiraEm }) => (issued = { token, expiresAt: expiraEm }))
      .finally(() => (issuing = null));
    return (await issuing).token;
  }

  /** `request` with the token's Authorization header, asked again with a new token after a 401. */
  return async function authorized<T>(
    request: (headers: { Authorization: string }) => Promise<T>,
  ): Promise<T> {
    const bearer = await token();
    try {
      return await request({ Authorization: `Bearer ${bearer}` });
    } catch (error) {
      if (!(error instanceof ProviderError && error.status === 401)) throw error;
      // Calls refused together with the same token ask for one new token, not one each.
      if (issued?.token === bearer) issued = null;
      return request({ Authorization: `Bearer ${await token()}` });
    }
  };
}
