import { data, redirect } from "react-router";
import type { ServerContext } from "../context.server";
import { readSession, type SessionUser } from "../domain/accounts/session.server";
import { gatePassed } from "../domain/admin/admin-gate.server";

// The guards of loaders and actions: who may see a page, answered in HTTP (a redirect, a 403).

/** The signed-in user, or a redirect to /auth that comes back here after signing in. */
export async function requireUser(context: Pick<ServerContext, "auth" | "db">, request: Request) {
  const session = await readSession(context, request);
  if (!session.user) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(pathname + search)}`);
  }
  return { ...session, user: session.user };
}

export interface AdminSession {
  user: SessionUser;
  sessionId: string;
  headers: Headers;
  /** Whether this session has passed the admin gate ('Autenticação de Administrador'). */
  gatePassed: boolean;
}

const GATE_REQUIRED = "Autenticação de administrador necessária";

/**
 * An admin's session, gate passed or not: only the panel's frame uses it, to show the gate.
 * Signed out → /auth; signed in without the admin role → /.
 */
export async function requireAdminRole(
  context: Pick<ServerContext, "auth" | "db">,
  request: Request,
): Promise<AdminSession> {
  const { user, sessionId, headers } = await requireUser(context, request);
  if (user.role !== "admin" || !sessionId) throw redirect("/");
  return { user, sessionId, headers, gatePassed: await gatePassed(context.db, sessionId) };
}

/**
 * The guard of every admin loader, action and resource route: the admin role, checked on the
 * server at each request, and the gate passed in this session; otherwise a redirect (signed out,
 * not an admin) or 403 (gate not passed), and nothing of the panel's data.
 */
export async function requireAdmin(
  context: Pick<ServerContext, "auth" | "db">,
  request: Request,
): Promise<AdminSession> {
  const session = await requireAdminRole(context, request);
  if (!session.gatePassed) throw data({ error: GATE_REQUIRED }, { status: 403 });
  return session;
}
