import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { profiles, users } from "../../db/schema.server";
import {
  STORAGE_UNAVAILABLE,
  StorageUnavailableError,
  type FileStorage,
} from "../../storage/file-storage.server";
import { openImage } from "../images/open-image.server";
import { AVATAR_MAX_BYTES, type ProfileCreateInput, type ProfileUpdateInput } from "./account-schemas";
import { callAuthEndpoint, TOO_MANY_ATTEMPTS, type AuthCall } from "./auth-endpoints.server";
import type { Profile } from "./profile";
import type { Outcome } from "../../lib/outcome";

const AVATAR_SIZE = 256;
const IMAGE_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export type ProfileOutcome = Outcome<{ message?: string }, { field?: string }>;

/** The columns of a profile as the pages show it. */
export const profileColumns = {
  fullName: profiles.fullName,
  phone: profiles.phone,
  email: profiles.email,
  userType: profiles.userType,
  cpf: profiles.cpf,
  cnpj: profiles.cnpj,
  companyWebsite: profiles.companyWebsite,
  stateRegistration: profiles.stateRegistration,
  avatarUrl: profiles.avatarUrl,
};

export function getProfile(db: Database, userId: string): Promise<Profile | null> {
  return db
    .select(profileColumns)
    .from(profiles)
    .where(eq(profiles.id, userId))
    .then(([profile]) => profile ?? null);
}

type NewProfile = Pick<ProfileCreateInput, "fullName" | "phone"> &
  (
    | { userType: "PF"; cpf: string }
    | { userType: "PJ"; cnpj: string; companyWebsite?: string; stateRegistration?: string | null }
  );

/** A new profile's row: the CPF is kept only for PF; the CNPJ, the site and the IE only for PJ. */
export function newProfileRow(user: { id: string; email: string }, input: NewProfile) {
  return {
    id: user.id,
    email: user.email,
    fullName: input.fullName,
    phone: input.phone,
    userType: input.userType,
    cpf: input.userType === "PF" ? input.cpf : null,
    cnpj: input.userType === "PJ" ? input.cnpj : null,
    companyWebsite: input.userType === "PJ" ? (input.companyWebsite ?? null) : null,
    stateRegistration: input.userType === "PJ" ? (input.stateRegistration ?? null) : null,
  } satisfies typeof profiles.$inferInsert;
}

/** A profile for a user who has none. */
export async function createProfile(
  db: Database,
  user: { id: string; email: string },
  input: ProfileCreateInput,
): Promise<ProfileOutcome> {
  const [created] = await db
    .insert(profiles)
    .values(newProfileRow(user, input))
    .onConflictDoNothing()
    .returning({ id: profiles.id })
    .catch(() => []);
  if (!created) return { ok: false, message: "Erro ao criar perfil" };
  return { ok: true };
}

/**
 * Name, phone and e-mail, and a company's state registration (a person's stays none); the CPF/CNPJ
 * never changes once the profile exists. A new e-mail needs
 * the current password (a session left open must not be enough to take the sign-in address
 * over), and becomes the account's only when the link the auth library sends to it is opened
 * (`confirmEmail`): until then the account keeps its address.
 */
export async function updateProfile(
  db: Database,
  call: AuthCall,
  user: { id: string; email: string },
  input: ProfileUpdateInput,
): Promise<ProfileOutcome> {
  let message: string | undefined;
  if (input.email !== user.email) {
    const requested = await requestEmailChange(db, call, input);
    if (!requested.ok) return requested;
    message = `Enviamos um link de confirmação para ${input.email}. O e-mail da conta muda quando você abrir o link.`;
  }
  const updated = await db.transaction(async (tx) => {
    await tx.update(users).set({ name: input.fullName }).where(eq(users.id, user.id));
    return tx
      .update(profiles)
      .set({
        fullName: input.fullName,
        phone: input.phone,
        ...(input.stateRegistration !== undefined && {
          stateRegistration: sql`case when ${profiles.userType} = 'PJ' then ${input.stateRegistration} end`,
        }),
      })
      .where(eq(profiles.id, user.id))
      .returning({ id: profiles.id });
  });
  if (updated.length === 0) return { ok: false, message: "Erro ao atualizar perfil" };
  return { ok: true, message };
}

async function requestEmailChange(
  db: Database,
  call: AuthCall,
  input: ProfileUpdateInput,
): Promise<ProfileOutcome> {
  if (!input.currentPassword) {
    return { ok: false, message: "Digite sua senha atual para alterar o e-mail", field: "currentPassword" };
  }
  const check = await callAuthEndpoint(call, "/verify-password", { password: input.currentPassword });
  if (check.status === 400) return { ok: false, message: "Senha incorreta", field: "currentPassword" };
  if (check.status === 429) {
    return { ok: false, message: TOO_MANY_ATTEMPTS };
  }
  if (!check.body) return { ok: false, message: "Erro ao atualizar perfil" };
  // The auth library answers a taken address as if it sent the link; the sign-up form already
  // says which addresses are taken, so the profile says it too.
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) return { ok: false, message: "Este e-mail já está cadastrado", field: "email" };
  const change = await callAuthEndpoint(call, "/change-email", { newEmail: input.email });
  if (!change.body) return { ok: false, message: "Erro ao atualizar perfil" };
  return { ok: true };
}

/**
 * A new profile photo: only an image (judged by its content, not its name), at most 5 MB,
 * re-encoded as a small WebP (metadata stripped) under the user's own folder, replacing the
 * earlier one. The URL changes with each upload so browsers show the new one at once.
 */
export async function updateAvatar(
  db: Database,
  storage: FileStorage,
  userId: string,
  file: File,
): Promise<ProfileOutcome> {
  const failure = { ok: false as const, message: "Erro ao atualizar foto" };
  if (file.size === 0 || file.size > AVATAR_MAX_BYTES) return failure;
  const image = await openImage(Buffer.from(await file.arrayBuffer()), IMAGE_FORMATS);
  if (!image) return failure;
  let avatar: Buffer;
  try {
    avatar = await image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" }).webp({ quality: 80 }).toBuffer();
  } catch {
    return failure;
  }
  let url: string;
  try {
    // The earlier photo stays in place until the new one is whole; the profile points to it after.
    url = await storage.put(`avatars/${userId}/avatar.webp`, avatar);
  } catch (error) {
    if (error instanceof StorageUnavailableError) return { ok: false, message: STORAGE_UNAVAILABLE };
    throw error;
  }
  const updated = await db
    .update(profiles)
    .set({ avatarUrl: `${url}?v=${Date.now()}` })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return updated.length === 1 ? { ok: true } : failure;
}
