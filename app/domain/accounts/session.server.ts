import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { ServerContext } from "../../context.server";
import { profiles, userRoles } from "../../db/schema.server";
import { SESSION_COOKIE_PREFIX } from "./auth.server";

export type Role = "admin" | "user";

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
}

export interface SessionState {
  user: SessionUser | null;
  /** Cookies to send back: the auth library extends a session that is in use (sliding expiry). */
  headers: Headers;
}

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=`);

/** The signed-in user of a request, with role and profile name, or null. */
export function readSession(
  context: Pick<ServerContext, "auth" | "db">,
  request: Request,
): Promise<SessionState> {
  // The loaders of one page get the same request: the session is looked up once for all of them.
  // An action may change the session, so a write always looks again.
  if (request.method !== "GET") return lookUpSession(context, request);
  let session = sessionsByRequest.get(request);
  if (!session) {
    session = lookUpSession(context, request);
    sessionsByRequest.set(request, session);
  }
  return session;
}

const sessionsByRequest = new WeakMap<Request, Promise<SessionState>>();

async function lookUpSession(
  context: Pick<ServerContext, "auth" | "db">,
  request: Request,
): Promise<SessionState> {
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? ""))
    return { user: null, headers: new Headers() };
  const { headers, response } = await context.auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response) return { user: null, headers };
  const { user } = response;
  const [[profile], [admin]] = await Promise.all([
    context.db
      .select({ fullName: profiles.fullName, avatarUrl: profiles.avatarUrl, userType: profiles.userType })
      .from(profiles)
      .where(eq(profiles.id, user.id)),
    context.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, "admin"))),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      name: profile?.fullName || user.name,
      avatarUrl: profile?.avatarUrl ?? null,
      taxpayer: profile?.userType ?? null,
      role: admin ? "admin" : "user",
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
    },
    headers,
  };
}

/** The signed-in user, or a redirect to /auth that comes back here after signing in. */
export async function requireUser(context: Pick<ServerContext, "auth" | "db">, request: Request) {
  const session = await readSession(context, request);
  if (!session.user) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(pathname + search)}`);
  }
  return { ...session, user: session.user };
}
