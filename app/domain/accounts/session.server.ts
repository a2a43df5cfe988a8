import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { eq, sql } from "drizzle-orm";
import { type Database, preparedPerDatabase } from "../../db/client.server";
import { accountVersions, profiles, sessions, userRoles, users } from "../../db/schema.server";
import { SESSION_COOKIE_PREFIX, type Auth } from "./auth.server";

export type Role = "admin" | "user";

/** What reading a session needs: the auth library and the database. */
export interface SessionServices {
  auth: Auth;
  db: Database;
}

export interface SessionUser {
  id: string;
  email: string;
  /** The profile's full name, else the account's name. */
  name: string;
  avatarUrl: string | null;
  /** Whether the profile is a person's (CPF) or a company's (CNPJ); null before it exists. */
  taxpayer: "PF" | "PJ" | null;
  role: Role;
  twoFactorEnabled: boolean;
  /** Whether the account's e-mail was confirmed through a link sent to it. */
  emailVerified: boolean;
}

export interface SessionState {
  user: SessionUser | null;
  /** The session's id, while signed in: what the admin gate's pass is recorded against. */
  sessionId: string | null;
  /** Cookies to send back: the auth library extends a session that is in use (sliding expiry). */
  headers: Headers;
}

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=`);

/** Whether a Cookie header carries a session cookie: what is answered is then made for a session. */
export function carriesSessionCookie(cookie: string): boolean {
  return SESSION_COOKIE.test(cookie);
}

/** The signed-in user of a request, with role and profile name, or null. */
export function readSession(services: SessionServices, request: Request): Promise<SessionState> {
  // The loaders of one page are given the same request context as `services` (each gets its own
  // copy of the request): the session is looked up once for all of them. An action may change the
  // session, so a write always looks again.
  if (request.method !== "GET") return lookUpSession(services, request);
  const cookie = request.headers.get("cookie") ?? "";
  const known = sessionsByRequestContext.get(services);
  if (known?.cookie === cookie) return known.session;
  const session = lookUpSession(services, request);
  sessionsByRequestContext.set(services, { cookie, session });
  return session;
}

const sessionsByRequestContext = new WeakMap<object, { cookie: string; session: Promise<SessionState> }>();

/**
 * One query per request instead of better-auth's lookup plus ours (decision record 0005). The
 * session row, its user, profile and role come together; better-auth stays the authority for
 * everything else: a session it must extend (sliding expiry), end (expired or gone) or that was
 * not meant to be remembered is handed to it, and its answer decides.
 */
async function lookUpSession(services: SessionServices, request: Request): Promise<SessionState> {
  const found = await findSession(services, request.headers.get("cookie") ?? "");
  if (!found) return signedOut();
  const { row, inUse } = found;
  if (row && inUse) return { user: sessionUserOf(row), sessionId: row.sessionId, headers: new Headers() };

  const { headers, response } = await services.auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response || !row) return { ...signedOut(), headers };
  return { user: sessionUserOf(row), sessionId: row.sessionId, headers };
}

/**
 * The session a cookie carries, read in the one query; `inUse` when it needs nothing from
 * better-auth (not due for its sliding extension, not expired, meant to be remembered). Null
 * when the cookie carries no session token with a valid signature.
 */
async function findSession(
  services: SessionServices,
  cookie: string,
): Promise<{ row: CurrentSessionRow | undefined; inUse: boolean } | null> {
  if (!SESSION_COOKIE.test(cookie)) return null;
  const authContext = await services.auth.$context;
  const cookies = parseCookies(cookie);
  const token = verifiedToken(cookies.get(authContext.authCookies.sessionToken.name), authContext.secret);
  if (!token) return null;

  const [row] = await currentSessionQuery(services.db).execute({ token });
  const { expiresIn, updateAge } = authContext.sessionConfig;
  const inUse =
    row !== undefined &&
    !cookies.has(authContext.authCookies.dontRememberToken.name) &&
    row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 > Date.now();
  return { row, inUse };
}

/** Whose pages a request may be answered with, and at which version of what they show. */
export interface AccountPages {
  userId: string;
  accountVersion: number;
}

/**
 * The customer a cookie signs in, with their account's version, when the session is in use as
 * it stands (a session better-auth must extend or end gets null: its request is rendered, and
 * better-auth answers it). For the signed-in page cache (server/customer-pages.ts).
 */
export async function accountPagesOf(
  services: SessionServices,
  cookie: string,
): Promise<AccountPages | null> {
  const found = await findSession(services, cookie);
  return found?.row && found.inUse
    ? { userId: found.row.id, accountVersion: found.row.accountVersion }
    : null;
}

function signedOut(): SessionState {
  return { user: null, sessionId: null, headers: new Headers() };
}

/** The value of a cookie better-auth signed (e.g. `two_factor`), or null when absent or forged. */
export async function signedAuthCookie(auth: Auth, cookie: string, name: string): Promise<string | null> {
  const authContext = await auth.$context;
  const cookieName = authContext.createAuthCookie(name).name;
  return verifiedToken(parseCookies(cookie).get(cookieName), authContext.secret);
}

/**
 * The session token of a signed cookie value (`token.signature`, as better-auth signs it with
 * HMAC-SHA256 of the auth secret), or null when the signature does not match.
 */
function verifiedToken(value: string | undefined, secret: string): string | null {
  const separator = value?.lastIndexOf(".") ?? -1;
  if (!value || separator < 1) return null;
  const token = value.slice(0, separator);
  // Compared as the exact base64 text better-auth writes: a lenient decoding would accept more.
  const signature = Buffer.from(value.slice(separator + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

const currentSessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      accountName: users.name,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      taxpayer: profiles.userType,
      admin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
      accountVersion: sql<number>`coalesce(${accountVersions.version}, 0)`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(accountVersions, eq(accountVersions.userId, users.id))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("current_session"),
);

type CurrentSessionRow = Awaited<ReturnType<ReturnType<typeof currentSessionQuery>["execute"]>>[number];

function sessionUserOf(row: CurrentSessionRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    name: row.fullName || row.accountName,
    avatarUrl: row.avatarUrl,
    taxpayer: row.taxpayer,
    role: row.admin ? "admin" : "user",
    twoFactorEnabled: row.twoFactorEnabled,
    emailVerified: row.emailVerified,
  };
}
