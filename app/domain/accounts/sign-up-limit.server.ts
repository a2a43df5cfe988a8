import { getIP } from "better-auth/api";
import type { Database } from "../../db/client.server";
import { consumeAttempt } from "../rate-limit.server";
import { CLIENT_IP_HEADER, type Auth } from "./auth.server";

/** Sign-up attempts one client may make per window (the spec's limit on sign-up). */
const SIGN_UP_LIMIT = { windowSeconds: 60, max: 5 };
const SIGN_UP_PATH = "/sign-up/email";
/** better-auth's bucket for requests whose address it cannot read. */
const NO_TRUSTED_IP = "no-trusted-ip";

/**
 * Counts one sign-up attempt from this client and says whether it is within the limit. Every
 * attempt counts, also one that will be refused for a taken CPF, CNPJ or e-mail, so the answer
 * cannot be used to test taxpayer numbers: it is asked before anything is looked up.
 *
 * The count is better-auth's own row for this client and path (same key, same rolling window);
 * better-auth itself does not count this path again.
 */
export function consumeSignUpAttempt(db: Database, auth: Auth, clientIp: string): Promise<boolean> {
  const ip = getIP(new Headers({ [CLIENT_IP_HEADER]: clientIp }), auth.options) ?? NO_TRUSTED_IP;
  return consumeAttempt(db, `${ip}|${SIGN_UP_PATH}`, SIGN_UP_LIMIT);
}
