import { z } from "../../../lib/zod";
import { blingRefusal, callBling } from "./bling-http.server";

/** The store's application registered at Bling: never part of an error message. */
export interface BlingApp {
  /** "https://api.bling.com.br/Api/v3" (or a fake's). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

export interface BlingTokens {
  accessToken: string;
  refreshToken: string;
  /** When Bling said the access token ends (`expires_in`). */
  expiresAt: Date;
}

const granted = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

/** Where the admin is sent to let the store act on the Bling account; `state` comes back with the code. */
export function blingAuthorizeUrl(app: BlingApp, state: string): string {
  const query = new URLSearchParams({ response_type: "code", client_id: app.clientId, state });
  return `${app.apiUrl.replace(/\/$/, "")}/oauth/authorize?${query}`;
}

/** The authorization code Bling sent back, traded for the account's tokens (once only). */
export function exchangeBlingCode(app: BlingApp, code: string): Promise<BlingTokens> {
  return grant(app, "trocar o código de autorização", { grant_type: "authorization_code", code });
}

/** A new pair of tokens; Bling invalidates the refresh token given, so the new one must be kept. */
export function refreshBlingTokens(app: BlingApp, refreshToken: string): Promise<BlingTokens> {
  return grant(app, "renovar o acesso", { grant_type: "refresh_token", refresh_token: refreshToken });
}

async function grant(app: BlingApp, action: string, form: Record<string, string>): Promise<BlingTokens> {
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64");
  const answer = await callBling(
    {
      apiUrl: app.apiUrl,
      headers: { Authorization: `Basic ${basic}` },
      fetch: app.fetch,
      timeoutMs: app.timeoutMs,
    },
    { action, schema: granted, path: "/oauth/token", body: form, refusal: blingRefusal },
    asForm,
  );
  const now = (app.now ?? (() => new Date()))();
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: new Date(now.getTime() + answer.expires_in * 1000),
  };
}

/** The token endpoint reads a form, not JSON: the shared client's JSON body is re-encoded. */
function asForm(fetcher: typeof fetch): typeof fetch {
  return (input, init) =>
    fetcher(input, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(JSON.parse(String(init?.body)) as Record<string, string>).toString(),
    });
}
