import { Camera } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "../toasts";
import { AVATAR_MAX_BYTES } from "../../domain/accounts/account-schemas";
import type { Profile } from "../../domain/accounts/profile";
import { maskCnpj, maskCpf, maskPhone } from "../../lib/masks";
import type { ProfileActionData } from "./profile-action-data";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import { Avatar } from "./avatar";
import { PhoneField, StateRegistrationField } from "./taxpayer-fields";
import { stateRegistrationText } from "../../lib/state-registration";

/** The profile with its photo; name, e-mail and phone can be edited, the CPF/CNPJ cannot. */
export function ProfileDetails({ profile, email }: { profile: Profile; email: string }) {
  const [editing, setEditing] = useState(false);
  // The current password is asked for only once the e-mail typed differs from the current one.
  const [emailDraft, setEmailDraft] = useState(email);
  const emailChanged = emailDraft.trim().toLowerCase() !== email.toLowerCase();
  const update = useFetcher<ProfileActionData>({ key: "profile-update" });
  const avatar = useFetcher<ProfileActionData>({ key: "profile-avatar" });

  useToastFor(update.data, "Perfil atualizado com sucesso!", "Erro ao atualizar perfil", () =>
    setEditing(false),
  );
  useToastFor(avatar.data, "Foto atualizada com sucesso!", "Erro ao atualizar foto");

  const errors = update.data?.errors ?? {};
  return (
    <section className="rounded-xl border border-slate-200 p-5">
      <div className="flex items-center gap-4">
        <Avatar
          name={profile.fullName}
          email={email}
          avatarUrl={profile.avatarUrl}
          className="size-20 text-2xl"
        />
        <avatar.Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="avatar" />
          <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium focus-within:ring-2 focus-within:ring-brand-500 hover:bg-slate-50">
            <Camera aria-hidden className="size-4" />
            {avatar.state !== "idle" ? "Enviando..." : "Alterar foto"}
            <input
              type="file"
              name="avatar"
              accept="image/*"
              className="sr-only"
              onChange={(event) => {
                const input = event.currentTarget;
                const file = input.files?.[0];
                if (!file) return;
                if (file.size > AVATAR_MAX_BYTES) {
                  toast.error("Erro ao atualizar foto", { description: "A foto deve ter no máximo 5 MB." });
                  input.value = "";
                  return;
                }
                avatar.submit(input.form);
              }}
            />
          </label>
        </avatar.Form>
      </div>

      {editing ? (
        <update.Form method="post" className="mt-6 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="update" />
          <FormField
            label="Nome"
            name="fullName"
            defaultValue={profile.fullName}
            error={errors.fullName}
            required
          />
          <FormField
            label="E-mail"
            name="email"
            type="email"
            defaultValue={email}
            onChange={(event) => setEmailDraft(event.currentTarget.value)}
            error={errors.email}
            required
          />
          <PhoneField defaultValue={profile.phone} error={errors.phone} />
          {profile.userType === "PJ" && (
            <StateRegistrationField
              defaultValue={profile.stateRegistration ?? ""}
              error={errors.stateRegistration}
            />
          )}
          {emailChanged && (
            <FormField
              label="Senha atual"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={errors.currentPassword}
              required
            />
          )}
          <div className="flex items-end gap-2 sm:col-span-2">
            <Button type="submit" disabled={update.state !== "idle"}>
              {update.state !== "idle" ? "Salvando..." : "Salvar"}
            </Button>
            <Button variant="outline" onClick={() => setEditing(false)}>
              Cancelar
            </Button>
          </div>
        </update.Form>
      ) : (
        <>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <Detail label="Nome" value={profile.fullName} />
            <Detail label="E-mail" value={email} />
            <Detail label="Telefone" value={maskPhone(profile.phone)} />
            <Detail label="Tipo" value={profile.userType === "PF" ? "Pessoa Física" : "Pessoa Jurídica"} />
            {profile.userType === "PF" ? (
              <Detail label="CPF" value={maskCpf(profile.cpf ?? "")} />
            ) : (
              <Detail label="CNPJ" value={maskCnpj(profile.cnpj ?? "")} />
            )}
            {profile.companyWebsite && <Detail label="Site da empresa" value={profile.companyWebsite} />}
            {profile.userType === "PJ" && (
              <Detail label="Inscrição estadual" value={stateRegistrationText(profile.stateRegistration)} />
            )}
          </dl>
          <Button
            className="mt-6"
            variant="outline"
            onClick={() => {
              setEmailDraft(email);
              setEditing(true);
            }}
          >
            Editar perfil
          </Button>
        </>
      )}
    </section>
  );
}

/** One toast per answer of a form: the spec's success or failure text. */
function useToastFor(
  answer: ProfileActionData | undefined,
  success: string,
  failure: string,
  onSuccess?: () => void,
) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      toast.success(success, { description: answer.message });
      onSuccess?.();
    } else if (!answer.errors) {
      toast.error(answer.message ?? failure);
    }
    // Only a new answer should toast, not a new callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
