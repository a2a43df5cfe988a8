import { randomUUID } from "node:crypto";
import type { ServerContext } from "../../app/context.server";
import { userRoles } from "../../app/db/schema.server";
import { signUpSchema } from "../../app/domain/accounts/account-schemas";
import { cookieHeader } from "../../app/domain/accounts/auth-endpoints.server";
import { readSession } from "../../app/domain/accounts/session.server";
import { authCall } from "../../app/context.server";
import { signUp } from "../../app/domain/accounts/sign-in.server";
import { ensureGatePassword, passAdminGate } from "../../app/domain/admin/admin-gate.server";
import { randomCpf } from "./accounts";
import { nextClientIp, requestWithCookies, TEST_BASE_URL } from "./test-context";

export interface TestAdmin {
  id: string;
  email: string;
  /** The Cookie header of the admin's session. */
  cookie: string;
  sessionId: string;
}

/**
 * A signed-up account given the admin role, signed in; with `gate` (the default) its session has
 * passed the admin gate (whose password is then `TEST_GATE_PASSWORD`), as the panel's dialog does.
 */
export async function signedInAdmin(
  context: ServerContext,
  options: { gate?: boolean } = {},
): Promise<TestAdmin> {
  const email = `admin-${randomUUID()}@example.com`;
  const input = signUpSchema.parse({
    userType: "PF",
    name: "Administradora Teste",
    cpf: randomCpf(),
    phone: "11987654321",
    email,
    password: "segredo-admin-1",
  });
  const signUpContext = { ...context, clientIp: nextClientIp() };
  const outcome = await signUp(
    signUpContext.db,
    signUpContext.logger,
    authCall(signUpContext, new Request(`${TEST_BASE_URL}/auth`)),
    input,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  const session = await readSession(context, requestWithCookies(outcome.headers));
  await context.db.insert(userRoles).values({ userId: session.user!.id, role: "admin" });
  const admin = {
    id: session.user!.id,
    email,
    cookie: cookieHeader(outcome.headers),
    sessionId: session.sessionId!,
  };
  if (options.gate ?? true) {
    await ensureGatePassword(context.db, TEST_GATE_PASSWORD);
    const passed = await passAdminGate(context.db, {
      sessionId: admin.sessionId,
      userId: admin.id,
      clientIp: nextClientIp(),
      password: TEST_GATE_PASSWORD,
    });
    if (!passed.ok) throw new Error(passed.message);
  }
  return admin;
}

export const TEST_GATE_PASSWORD = "portao-de-teste-1";

/** A request from the admin's browser: a page (GET) or a form post to `path`. */
export function adminRequest(admin: TestAdmin, path: string, form?: Record<string, string>): Request {
  return new Request(`${TEST_BASE_URL}${path}`, {
    method: form ? "POST" : "GET",
    headers: { cookie: admin.cookie },
    body: form ? new URLSearchParams(form) : undefined,
  });
}
