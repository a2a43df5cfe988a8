import { data, redirect } from "react-router";
import type { ServerContext } from "../context.server";
import { readSession, type SessionUser } from "../domain/accounts/session.server";
import { gatePassed } from "../domain/admin/admin-gate.server";
import { gatePathFor } from "./admin/gate-path";

// The guards of loaders and actions: who may see a page or call a resource route, answered in
// HTTP (a redirect, a 401, a 403). Routes reach the session only through them (eslint.config.js).

type GuardContext = Pick<ServerContext, "auth" | "db">;

/** The signed-in user, or a redirect to /auth that comes back here after signing in. */
export async function requireUser(context: GuardContext, request: Request) {
  return signedInOr(context, request, () => {
    const { pathname, search } = new URL(request.url);
    return redirect(`/auth?redirectTo=${encodeURIComponent(pathname + search)}`);
  });
}

const NOT_SIGNED_IN = "Usuário não autenticado";

/**
 * The signed-in user of a resource route that a page's script calls, or a thrown 401 in the JSON
 * shape that route's client reads: `{ error }` unless `refusal` shapes it otherwise.
 */
export async function requireUserForJson(
  context: GuardContext,
  request: Request,
  refusal: (message: string) => unknown = (error) => ({ error }),
) {
  return signedInOr(context, request, () =>
    Response.json(refusal(NOT_SIGNED_IN), { status: 401, headers: { "Cache-Control": "no-store" } }),
  );
}

async function signedInOr(context: GuardContext, request: Request, refusal: () => Response) {
  const session = await readSession(context, request);
  if (!session.user) throw refusal();
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
export async function requireAdminRole(context: GuardContext, request: Request): Promise<AdminSession> {
  const session = await adminSessionOf(context, request);
  if (!session) throw redirect("/");
  return session;
}

/**
 * The guard of every admin loader, action and resource route: the admin role, checked on the
 * server at each request, and the gate passed in this session; otherwise a redirect (signed out,
 * not an admin) or 403 (gate not passed), and nothing of the panel's data.
 */
export async function requireAdmin(context: GuardContext, request: Request): Promise<AdminSession> {
  const session = await requireAdminRole(context, request);
  if (!session.gatePassed) throw data({ error: GATE_REQUIRED }, { status: 403 });
  return session;
}

/**
 * The guard of an admin file opened by a plain link (the products' CSV): as `requireAdmin`, but an
 * admin who has not passed the gate is sent to the gate's page, as every panel page does.
 */
export async function requireAdminForDownload(
  context: GuardContext,
  request: Request,
): Promise<AdminSession> {
  const session = await requireAdminRole(context, request);
  if (!session.gatePassed) throw redirect(gatePathFor(new URL(request.url)), { headers: session.headers });
  return session;
}

/**
 * The guard of another person's data on a resource its owner also fetches (an order's receipt):
 * an admin who passed the gate goes on; an admin who has not gets the gate's 403; anyone else
 * gets `notFound`, so a customer cannot tell another's order from one that does not exist.
 */
export async function requireAdminOrNotFound(
  context: GuardContext,
  request: Request,
  notFound: () => Response,
): Promise<AdminSession> {
  const session = await adminSessionOf(context, request);
  if (!session) throw notFound();
  if (!session.gatePassed) {
    throw new Response(GATE_REQUIRED, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return session;
}

/** The signed-in user's admin session, or null when they have no admin role; signed out → /auth. */
async function adminSessionOf(context: GuardContext, request: Request): Promise<AdminSession | null> {
  const { user, sessionId, headers } = await requireUser(context, request);
  if (user.role !== "admin" || !sessionId) return null;
  return { user, sessionId, headers, gatePassed: await gatePassed(context.db, sessionId) };
}
