import type { Env } from "./env.server";

/** The store's public origin: `PUBLIC_URL` when configured, else the origin the request came to. */
export function publicOrigin(request: Request, env: Pick<Env, "PUBLIC_URL">): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : new URL(request.url).origin;
}
