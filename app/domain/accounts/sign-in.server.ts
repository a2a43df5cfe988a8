import { eq } from "drizzle-orm";
import type { ServerContext } from "../../context.server";
import { profiles, users } from "../../db/schema.server";
import type { SignUpInput } from "./account-schemas";
import { callAuthEndpoint, cookieHeader, type AuthCall } from "./auth-endpoints.server";
import { claimTotpCode } from "./two-factor.server";

export type AuthOutcome =
  | { ok: true; headers: Headers; twoFactorRequired?: boolean }
  | { ok: false; message: string; field?: string };

const TOO_MANY_ATTEMPTS = "Muitas tentativas. Aguarde um minuto e tente novamente.";

export function authCall(context: ServerContext, request: Request): AuthCall {
  return { auth: context.auth, request, clientIp: context.clientIp, baseURL: context.baseURL };
}

/** E-mail and password; a wrong e-mail and a wrong password get the same answer. */
export async function signIn(call: AuthCall, email: string, password: string): Promise<AuthOutcome> {
  const result = await callAuthEndpoint<{ twoFactorRedirect?: boolean }>(call, "/sign-in/email", {
    email,
    password,
    rememberMe: true,
  });
  if (result.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
  if (result.status === 401 || result.code === "INVALID_EMAIL_OR_PASSWORD") {
    return { ok: false, message: "E-mail ou senha incorretos" };
  }
  if (!result.body) return { ok: false, message: "Erro ao fazer login" };
  return { ok: true, headers: result.headers, twoFactorRequired: result.body.twoFactorRedirect === true };
}

const INVALID_CODE = "Código inválido ou expirado";

/** The second step of a sign-in with two-factor: a TOTP code (accepted once) or a backup code. */
export async function verifySecondFactor(
  context: ServerContext,
  call: AuthCall,
  code: string,
): Promise<AuthOutcome> {
  const backupCode = !/^\d{6}$/.test(code);
  const result = await callAuthEndpoint<{ user?: { id: string } }>(
    call,
    backupCode ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp",
    { code },
  );
  if (result.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
  const userId = result.body?.user?.id;
  if (!userId) return { ok: false, message: INVALID_CODE, field: "code" };
  if (!backupCode && !(await claimTotpCode(context.db, userId, code))) {
    // A replayed code: the session it just opened is closed again.
    await context.auth.api.signOut({ headers: new Headers({ cookie: cookieHeader(result.headers) }) });
    return { ok: false, message: INVALID_CODE, field: "code" };
  }
  return { ok: true, headers: result.headers };
}

/**
 * A new account with its profile. Nothing is created when the e-mail or the CPF/CNPJ is
 * already in use; a profile that cannot be saved takes its account back with it.
 */
export async function signUp(
  context: ServerContext,
  call: AuthCall,
  input: SignUpInput,
): Promise<AuthOutcome> {
  const sameDocument = input.userType === "PF" ? eq(profiles.cpf, input.cpf) : eq(profiles.cnpj, input.cnpj);
  const [taken] = await context.db.select({ id: profiles.id }).from(profiles).where(sameDocument).limit(1);
  if (taken) {
    return input.userType === "PF"
      ? { ok: false, message: "CPF já cadastrado", field: "cpf" }
      : { ok: false, message: "CNPJ já cadastrado", field: "cnpj" };
  }

  const result = await callAuthEndpoint<{ user?: { id: string } }>(call, "/sign-up/email", {
    email: input.email,
    password: input.password,
    name: input.name,
  });
  if (result.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
  if (result.code === "USER_ALREADY_EXISTS" || result.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return { ok: false, message: "Este e-mail já está cadastrado", field: "email" };
  }
  const userId = result.body?.user?.id;
  if (!userId)
    return { ok: false, message: result.body ? "Erro ao criar usuário" : "Erro ao criar cadastro" };

  try {
    await context.db.insert(profiles).values({
      id: userId,
      fullName: input.name,
      phone: input.phone,
      email: input.email,
      userType: input.userType,
      cpf: input.userType === "PF" ? input.cpf : null,
      cnpj: input.userType === "PJ" ? input.cnpj : null,
      companyWebsite: input.userType === "PJ" ? input.companyWebsite : null,
    });
  } catch (error) {
    await context.db.delete(users).where(eq(users.id, userId));
    context.logger.warn({ err: error }, "Perfil não criado no cadastro; conta desfeita");
    return { ok: false, message: "Erro ao criar cadastro" };
  }
  return { ok: true, headers: result.headers };
}
