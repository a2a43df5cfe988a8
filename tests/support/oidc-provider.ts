import http from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from "jose";
import type { Adapter, AdapterPayload } from "oidc-provider";

/** Who the provider signs in at its next login: the claims its ID token and userinfo carry. */
export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcProviderFixture {
  /** The issuer (`OIDC_ISSUER`): http://127.0.0.1:port. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next login signs in, with no form to fill (a custom interaction). */
  signInAs(account: ProviderAccount): void;
  /**
   * Rewrites the claims of the ID tokens the token endpoint answers with, re-signed with the
   * provider's own key (a nonce or issuer that does not match); null answers them as they are.
   */
  tamperIdToken(rewrite: ((claims: JWTPayload) => JWTPayload) | null): void;
  /** The PKCE code_challenge of the last authorization request, as the provider received it. */
  lastCodeChallenge(): string | null;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback, with one confidential client for
 * the store's callback URL. PKCE is required; logins and consents are finished by the fixture for
 * the account `signInAs` names.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** A port chosen beforehand (a store configured before its provider is up); else any free one. */
  port?: number;
}): Promise<OidcProviderFixture> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? "vitrine-loja";
  const clientSecret = options.clientSecret ?? "segredo-do-cliente-de-teste-0123456789";

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey: JWK = {
    ...(await exportJWK(privateKey)),
    kid: "chave-de-teste",
    alg: "RS256",
    use: "sig",
  };
  const accounts = new Map<string, ProviderAccount>();
  let nextAccount: ProviderAccount | null = null;
  let rewrite: ((claims: JWTPayload) => JWTPayload) | null = null;
  let codeChallenge: string | null = null;

  const Provider = await importProvider();
  const stored = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const provider = new Provider(issuer, {
    adapter: (model: string) => memoryAdapter(stored, model),
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
    },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [signingKey] },
    cookies: { keys: ["chave-dos-cookies-do-provedor-de-teste"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The ID token carries the e-mail claims, as Google's does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
    },
  });

  provider.use(async (ctx, next) => {
    if (ctx.path === "/auth") codeChallenge = (ctx.query.code_challenge as string | undefined) ?? null;
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === "/token" && rewrite && body?.id_token) {
      const claims = rewrite(decodeJwt(body.id_token));
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: signingKey.kid, typ: "JWT" })
        .sign(privateKey);
      ctx.body = { ...body, id_token: idToken };
    }
  });

  const handle = provider.callback();
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith("/interaction/")) {
      finishInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });

  async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      if (!nextAccount) throw new Error("signInAs não foi chamado");
      accounts.set(nextAccount.sub, nextAccount);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session!.accountId,
      clientId: details.params.client_id as string,
    });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      nextAccount = account;
      accounts.set(account.sub, account);
    },
    tamperIdToken(next) {
      rewrite = next;
    },
    lastCodeChallenge: () => codeChallenge,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * oidc-provider 9 warns at import that it wants Node 22; the store supports Node 20.19 and later,
 * and the provider (a test fixture only) runs there. That one line is left out of the console.
 */
async function importProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes("Unsupported runtime")) warn(...args);
  };
  try {
    return (await import("oidc-provider")).default;
  } finally {
    console.warn = warn;
  }
}

/** The provider's grants, codes and sessions, in memory for one fixture. */
function memoryAdapter(
  stored: Map<string, { payload: AdapterPayload; expiresAt: number }>,
  model: string,
): Adapter {
  const key = (id: string) => `${model}:${id}`;
  const live = (id: string) => {
    const entry = stored.get(key(id));
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  return {
    upsert: async (id, payload, expiresIn) => {
      stored.set(key(id), { payload, expiresAt: Date.now() + (expiresIn ?? 3600) * 1000 });
    },
    find: async (id) => live(id),
    findByUid: async (uid) =>
      [...stored.entries()].find(
        ([name, entry]) => name.startsWith(`${model}:`) && entry.payload.uid === uid,
      )?.[1].payload,
    findByUserCode: async () => undefined,
    consume: async (id) => {
      const payload = live(id);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    destroy: async (id) => {
      stored.delete(key(id));
    },
    revokeByGrantId: async (grantId) => {
      for (const [name, entry] of stored) if (entry.payload.grantId === grantId) stored.delete(name);
    },
  };
}
