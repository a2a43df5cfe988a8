import { getIP } from "better-auth/api";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { rateLimits } from "../../db/schema.server";
import { CLIENT_IP_HEADER, type Auth } from "./auth.server";

/** Sign-up attempts one client may make per window (the spec's limit on sign-up). */
const SIGN_UP_LIMIT = { window: 60, max: 5 };
const SIGN_UP_PATH = "/sign-up/email";
/** better-auth's bucket for requests whose address it cannot read. */
const NO_TRUSTED_IP = "no-trusted-ip";

/**
 * Counts one sign-up attempt from this client and says whether it is within the limit. Every
 * attempt counts, also one that will be refused for a taken CPF, CNPJ or e-mail, so the answer
 * cannot be used to test taxpayer numbers: it is asked before anything is looked up.
 *
 * The count lives in better-auth's `rate_limits` row for this client and path (same key, same
 * rolling window), in one atomic statement; better-auth itself does not count this path again.
 */
export async function consumeSignUpAttempt(db: Database, auth: Auth, clientIp: string): Promise<boolean> {
  const ip = getIP(new Headers({ [CLIENT_IP_HEADER]: clientIp }), auth.options) ?? NO_TRUSTED_IP;
  const key = `${ip}|${SIGN_UP_PATH}`;
  const now = Date.now();
  const windowStart = now - SIGN_UP_LIMIT.window * 1000;
  // A window that has passed starts again at 1; within it, a client at the limit is not counted
  // further (no row comes back), as better-auth does.
  const counted = await db
    .insert(rateLimits)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: now,
      },
      setWhere: sql`${rateLimits.lastRequest} <= ${windowStart} or ${rateLimits.count} < ${SIGN_UP_LIMIT.max}`,
    })
    .returning({ count: rateLimits.count });
  return counted.length > 0;
}
