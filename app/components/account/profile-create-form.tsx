import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "../toasts";
import { BeforeScriptsField } from "../before-scripts-field";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import type { ProfileActionData } from "./profile-action-data";
import {
  PhoneField,
  StateRegistrationField,
  TaxpayerNumberField,
  UserTypeChoice,
  useUserType,
} from "./taxpayer-fields";

/** For an account without a profile: PF with a CPF, or PJ with a CNPJ. */
export function ProfileCreateForm() {
  const create = useFetcher<ProfileActionData>({ key: "profile-create" });
  const [userType, setUserType] = useUserType();
  const navigate = useNavigate();
  const errors = create.data?.errors ?? {};

  useEffect(() => {
    if (!create.data) return;
    if (create.data.ok) {
      toast.success("Perfil criado com sucesso!");
      if (create.data.returnTo) void navigate(create.data.returnTo);
    } else if (!create.data.errors) toast.error(create.data.message ?? "Erro ao criar perfil");
  }, [create.data, navigate]);

  return (
    <section className="rounded-xl border border-slate-200 p-5">
      <h2 className="text-lg font-semibold">Complete seu perfil</h2>
      <p className="mt-1 text-sm text-slate-600">
        Precisamos destes dados para emitir a nota fiscal dos seus pedidos.
      </p>
      <create.Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="create" />
        <BeforeScriptsField />
        <UserTypeChoice value={userType} onChange={setUserType} />
        <FormField
          label={userType === "PF" ? "Nome completo" : "Razão social"}
          name="fullName"
          error={errors.fullName}
        />
        <TaxpayerNumberField userType={userType} error={errors.cpf ?? errors.cnpj} />
        {userType === "PJ" && (
          <FormField
            label="Site da empresa"
            name="companyWebsite"
            inputMode="url"
            error={errors.companyWebsite}
          />
        )}
        {userType === "PJ" && <StateRegistrationField error={errors.stateRegistration} />}
        <PhoneField error={errors.phone} />
        <Button type="submit" disabled={create.state !== "idle"}>
          {create.state !== "idle" ? "Salvando..." : "Criar perfil"}
        </Button>
      </create.Form>
    </section>
  );
}
