import type { Env } from "./env.server";

/** The store's public origin: `PUBLIC_URL` when configured, else the origin the request came to. */
export function publicOrigin(request: Request, env: Pick<Env, "PUBLIC_URL">): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : new URL(request.url).origin;
}

/**
 * The store's origin where no request is at hand (links in e-mails, the CLI): `PUBLIC_URL` when
 * configured, else the local address it listens on.
 */
export function storeBaseURL(env: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}
