import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { maskCnpj, maskCpf, maskPhone } from "../../lib/masks";
import type { ProfileActionData } from "./profile-action-data";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";

/** For an account without a profile: PF with a CPF, or PJ with a CNPJ. */
export function ProfileCreateForm() {
  const create = useFetcher<ProfileActionData>({ key: "profile-create" });
  const [userType, setUserType] = useState<"PF" | "PJ">("PF");
  const [documentNumber, setDocumentNumber] = useState("");
  const [phone, setPhone] = useState("");
  const errors = create.data?.errors ?? {};

  useEffect(() => {
    if (!create.data) return;
    if (create.data.ok) toast.success("Perfil criado com sucesso!");
    else if (!create.data.errors) toast.error(create.data.message ?? "Erro ao criar perfil");
  }, [create.data]);

  return (
    <section className="rounded-xl border border-slate-200 p-5">
      <h2 className="text-lg font-semibold">Complete seu perfil</h2>
      <p className="mt-1 text-sm text-slate-600">
        Precisamos destes dados para emitir a nota fiscal dos seus pedidos.
      </p>
      <create.Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="create" />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-700">Tipo de cadastro</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["PF", "PJ"] as const).map((type) => (
              <label
                key={type}
                className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
              >
                <input
                  type="radio"
                  name="userType"
                  value={type}
                  checked={userType === type}
                  onChange={() => {
                    setUserType(type);
                    setDocumentNumber("");
                  }}
                  className="accent-brand-600"
                />
                {type === "PF" ? "Pessoa Física" : "Pessoa Jurídica"}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField
          label={userType === "PF" ? "Nome completo" : "Razão social"}
          name="fullName"
          error={errors.fullName}
        />
        <FormField
          label={userType === "PF" ? "CPF" : "CNPJ"}
          name={userType === "PF" ? "cpf" : "cnpj"}
          inputMode="numeric"
          maxLength={userType === "PF" ? 14 : 18}
          value={documentNumber}
          onChange={(event) =>
            setDocumentNumber(userType === "PF" ? maskCpf(event.target.value) : maskCnpj(event.target.value))
          }
          error={errors.cpf ?? errors.cnpj}
        />
        {userType === "PJ" && (
          <FormField
            label="Site da empresa"
            name="companyWebsite"
            inputMode="url"
            error={errors.companyWebsite}
          />
        )}
        <FormField
          label="Telefone"
          name="phone"
          type="tel"
          inputMode="numeric"
          maxLength={15}
          value={phone}
          onChange={(event) => setPhone(maskPhone(event.target.value))}
          error={errors.phone}
        />
        <Button type="submit" disabled={create.state !== "idle"}>
          {create.state !== "idle" ? "Salvando..." : "Criar perfil"}
        </Button>
      </create.Form>
    </section>
  );
}
