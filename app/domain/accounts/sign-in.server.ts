import { eq } from "drizzle-orm";
import type { Logger } from "../../config/logger.server";
import type { Database } from "../../db/client.server";
import { profiles, users } from "../../db/schema.server";
import type { SignUpInput } from "./account-schemas";
import { callAuthEndpoint, cookieHeader, TOO_MANY_ATTEMPTS, type AuthCall } from "./auth-endpoints.server";
import { sendConfirmationLink } from "./email-verification.server";
import { newProfileRow } from "./profile.server";
import { consumeSignUpAttempt } from "./sign-up-limit.server";
import { claimTotpCode } from "./two-factor.server";
import type { Outcome } from "../../lib/outcome";

export type AuthOutcome = Outcome<
  {
    headers: Headers;
    twoFactorRequired?: boolean;
    /** Whom a sign-in greets back. */
    name?: string;
  },
  { field?: string }
>;

/** E-mail and password; a wrong e-mail and a wrong password get the same answer. */
export async function signIn(call: AuthCall, email: string, password: string): Promise<AuthOutcome> {
  const result = await callAuthEndpoint<{ twoFactorRedirect?: boolean; user?: { name?: string } }>(
    call,
    "/sign-in/email",
    {
      email,
      password,
      rememberMe: true,
    },
  );
  if (result.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
  if (result.status === 401 || result.code === "INVALID_EMAIL_OR_PASSWORD") {
    return { ok: false, message: "E-mail ou senha incorretos" };
  }
  if (!result.body) return { ok: false, message: "Erro ao fazer login" };
  return {
    ok: true,
    headers: result.headers,
    twoFactorRequired: result.body.twoFactorRedirect === true,
    name: result.body.user?.name,
  };
}

const INVALID_CODE = "Código inválido ou expirado";

/** The second step of a sign-in with two-factor: a TOTP code (accepted once) or a backup code. */
export async function verifySecondFactor(db: Database, call: AuthCall, code: string): Promise<AuthOutcome> {
  const backupCode = !/^\d{6}$/.test(code);
  const result = await callAuthEndpoint<{ user?: { id: string; name?: string } }>(
    call,
    backupCode ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp",
    { code },
  );
  if (result.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
  const userId = result.body?.user?.id;
  if (!userId) return { ok: false, message: INVALID_CODE, field: "code" };
  if (!backupCode && !(await claimTotpCode(db, userId, code))) {
    // A replayed code: the session it just opened is closed again.
    await call.auth.api.signOut({ headers: new Headers({ cookie: cookieHeader(result.headers) }) });
    return { ok: false, message: INVALID_CODE, field: "code" };
  }
  return { ok: true, headers: result.headers, name: result.body?.user?.name };
}

/**
 * A new account with its profile, and a link confirming its e-mail. Every attempt counts against
 * the client's sign-up limit before anything is looked up, so a refusal cannot be used to test
 * CPFs, CNPJs or e-mails.
 * Nothing is created when the e-mail or the CPF/CNPJ is already in use; a profile that cannot be
 * saved takes its account back with it.
 */
export async function signUp(
  db: Database,
  logger: Logger,
  call: AuthCall,
  input: SignUpInput,
): Promise<AuthOutcome> {
  if (!(await consumeSignUpAttempt(db, call.auth, call.clientIp))) {
    return { ok: false, message: TOO_MANY_ATTEMPTS };
  }
  const sameDocument = input.userType === "PF" ? eq(profiles.cpf, input.cpf) : eq(profiles.cnpj, input.cnpj);
  const [taken] = await db.select({ id: profiles.id }).from(profiles).where(sameDocument).limit(1);
  if (taken) return documentTaken(input.userType);

  const result = await callAuthEndpoint<{ user?: { id: string; name?: string } }>(call, "/sign-up/email", {
    email: input.email,
    password: input.password,
    name: input.name,
  });
  if (result.code === "USER_ALREADY_EXISTS" || result.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return { ok: false, message: "Este e-mail já está cadastrado", field: "email" };
  }
  const userId = result.body?.user?.id;
  if (!userId)
    return { ok: false, message: result.body ? "Erro ao criar usuário" : "Erro ao criar cadastro" };

  try {
    await db
      .insert(profiles)
      .values(newProfileRow({ id: userId, email: input.email }, { ...input, fullName: input.name }));
  } catch (error) {
    await db.delete(users).where(eq(users.id, userId));
    logger.warn({ err: error }, "Perfil não criado no cadastro; conta desfeita");
    // Another sign-up with the same number got there between the check above and this insert.
    const constraint = violatedConstraint(error);
    if (constraint === "profiles_cpf_unique" || constraint === "profiles_cnpj_unique") {
      return documentTaken(input.userType);
    }
    return { ok: false, message: "Erro ao criar cadastro" };
  }
  const session = new Request(call.request.url, { headers: { cookie: cookieHeader(result.headers) } });
  const link = await sendConfirmationLink(
    db,
    { ...call, request: session },
    { id: userId, email: input.email },
  );
  // The account stands without it: the account area offers 'Reenviar e-mail'.
  if (!link.ok) logger.warn({ userId }, "Link de confirmação do cadastro não enviado");
  return { ok: true, headers: result.headers };
}

function documentTaken(userType: SignUpInput["userType"]): AuthOutcome {
  return userType === "PF"
    ? { ok: false, message: "CPF já cadastrado", field: "cpf" }
    : { ok: false, message: "CNPJ já cadastrado", field: "cnpj" };
}

/** The constraint a failed write broke, as the database names it (drizzle wraps its error). */
function violatedConstraint(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ("constraint" in current && typeof current.constraint === "string") return current.constraint;
  }
  return undefined;
}
