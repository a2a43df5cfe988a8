import type { Env } from "./config/env.server";
import type { Logger } from "./config/logger.server";
import type { Database } from "./db/client.server";

/** What every loader and action receives from the HTTP shell (`server/app.ts`). */
export interface ServerContext {
  db: Database;
  env: Env;
  /** The request's logger: every line carries the request id. */
  logger: Logger;
  /** Nonce of this response's Content-Security-Policy, for the inline scripts React Router emits. */
  cspNonce: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerContext {}
}
