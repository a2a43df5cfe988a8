import { z } from "../../lib/zod";
import { typedText } from "../../lib/typed-text";
import { compactTaxId, isValidCnpj, isValidCpf, onlyDigits } from "../../lib/tax-id";
import { stateRegistrationField } from "../../lib/state-registration";

/** Form schemas shared by the browser (instant feedback) and the server (the authority). */

export const PASSWORD_MIN = 6;
/** A profile photo's upload limit, checked in the browser first and by the server always. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Informe o e-mail")
  .max(255, "E-mail muito longo")
  .pipe(z.email("E-mail inválido"));

export const passwordField = z
  .string()
  .min(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres`)
  .max(128, "A senha deve ter no máximo 128 caracteres");

export const phoneField = z
  .string()
  .transform(onlyDigits)
  .refine(
    (digits) => digits.length === 10 || digits.length === 11,
    "Telefone inválido (deve ter 10 ou 11 dígitos)",
  );

export const fullNameField = typedText()
  .trim()
  .min(3, "Nome deve ter no mínimo 3 caracteres")
  .max(100, "Nome deve ter no máximo 100 caracteres");

// Validated as typed (a mask is fine, a stray symbol is not), then kept in the stored form:
// a CPF as digits, a CNPJ as upper-case letters and digits (decision 0012).
export const cpfField = z.string().refine(isValidCpf, "CPF inválido").transform(onlyDigits);
export const cnpjField = z.string().refine(isValidCnpj, "CNPJ inválido").transform(compactTaxId);

/** A company site as typed ("loja.com.br" or "https://loja.com.br"), kept as an http(s) URL. */
export const websiteField = z
  .string()
  .trim()
  .min(1, "Informe o site da empresa")
  .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`))
  .pipe(
    z
      .url({ protocol: /^https?$/, hostname: /^[^.]+(\.[^.]+)+$/, error: "Informe uma URL válida" })
      .max(255, "URL muito longa"),
  );

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, "Informe a senha"),
});

const signUpCommon = {
  name: fullNameField,
  phone: phoneField,
  email: emailField,
  password: passwordField,
};

export const signUpSchema = z.discriminatedUnion("userType", [
  z.object({ userType: z.literal("PF"), cpf: cpfField, ...signUpCommon }),
  z.object({ userType: z.literal("PJ"), cnpj: cnpjField, companyWebsite: websiteField, ...signUpCommon }),
]);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const profileUpdateSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  phone: phoneField,
  // A company's only: a person's form has no such field, and the server keeps none for a person.
  stateRegistration: stateRegistrationField.optional(),
  // Asked for only when the e-mail changes; the server knows the current one and decides.
  currentPassword: z.string().max(128, "A senha deve ter no máximo 128 caracteres").optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const profileCreateSchema = z.discriminatedUnion("userType", [
  z.object({ userType: z.literal("PF"), cpf: cpfField, fullName: fullNameField, phone: phoneField }),
  z.object({
    userType: z.literal("PJ"),
    cnpj: cnpjField,
    companyWebsite: z.preprocess((value) => (value === "" ? undefined : value), websiteField.optional()),
    stateRegistration: stateRegistrationField.optional(),
    fullName: fullNameField,
    phone: phoneField,
  }),
]);
export type ProfileCreateInput = z.infer<typeof profileCreateSchema>;

export const twoFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(
      /^(\d{6}|[A-Za-z0-9-]{10,11})$/,
      "Informe o código de 6 dígitos do aplicativo ou um código de recuperação",
    ),
});

export const passwordResetRequestSchema = z.object({ email: emailField });

export const passwordResetSchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordField,
});

/** Field → first message, for showing errors next to the fields. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A WebAuthn answer as the browser sends it (JSON text); its content is checked by the auth library. */
const passkeyResponseField = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // Reported below.
    }
    ctx.addIssue({ code: "custom", message: "Resposta da passkey inválida" });
    return z.NEVER;
  });

export const passkeySignInSchema = z.object({ response: passkeyResponseField });

export const passkeyAddSchema = z.object({
  name: typedText().trim().min(1, "Dê um nome à passkey").max(60, "Use no máximo 60 caracteres"),
  response: passkeyResponseField,
});

export const passkeyRemoveSchema = z.object({
  passkeyId: z.string().min(1),
  password: z.string().min(1, "Informe sua senha"),
});
