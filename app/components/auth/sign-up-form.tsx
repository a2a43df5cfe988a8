import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { fieldErrors, signUpSchema } from "../../domain/accounts/account-schemas";
import { maskCnpj, maskCpf, maskPhone } from "../../lib/masks";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import type { AuthActionData } from "./auth-action-data";
import { CompanyWebsiteDialog } from "./company-website-dialog";
import { PasswordInput } from "./password-input";
import { SiteRequestDialog } from "./site-request-dialog";

type UserType = "PF" | "PJ";

export function SignUpForm({ whatsappNumber }: { whatsappNumber: string }) {
  const signUp = useFetcher<AuthActionData>({ key: "signup" });
  const [userType, setUserType] = useState<UserType>("PF");
  const [documentNumber, setDocumentNumber] = useState("");
  const [phone, setPhone] = useState("");
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  /** A company's sign-up waiting for its website. */
  const [pending, setPending] = useState<FormData | null>(null);
  const [requestingSite, setRequestingSite] = useState(false);
  const errors = { ...signUp.data?.errors, ...clientErrors };
  const busy = signUp.state !== "idle";

  const submit = (form: FormData) => {
    const result = signUpSchema.safeParse(Object.fromEntries(form));
    if (!result.success) return setClientErrors(fieldErrors(result.error));
    setClientErrors({});
    signUp.submit(form, { method: "post" });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (userType === "PJ" && !String(form.get("companyWebsite") ?? "").trim()) {
      setPending(form);
      return;
    }
    submit(form);
  };

  const changeType = (next: UserType) => {
    setUserType(next);
    setDocumentNumber("");
    setClientErrors({});
  };

  return (
    <>
      <signUp.Form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="signup" />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-700">Tipo de cadastro</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["PF", "PJ"] as const).map((type) => (
              <label
                key={type}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="userType"
                  value={type}
                  checked={userType === type}
                  onChange={() => changeType(type)}
                  className="accent-brand-600"
                />
                {type === "PF" ? "Pessoa Física" : "Pessoa Jurídica"}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField
          label={userType === "PF" ? "Nome completo" : "Razão social"}
          name="name"
          autoComplete={userType === "PF" ? "name" : "organization"}
          required
          error={errors.name}
        />
        {userType === "PF" ? (
          <FormField
            label="CPF"
            name="cpf"
            inputMode="numeric"
            placeholder="000.000.000-00"
            maxLength={14}
            value={documentNumber}
            onChange={(event) => setDocumentNumber(maskCpf(event.target.value))}
            required
            error={errors.cpf}
          />
        ) : (
          <>
            <FormField
              label="CNPJ"
              name="cnpj"
              inputMode="numeric"
              placeholder="00.000.000/0000-00"
              maxLength={18}
              value={documentNumber}
              onChange={(event) => setDocumentNumber(maskCnpj(event.target.value))}
              required
              error={errors.cnpj}
            />
            <FormField
              label="Site da empresa"
              name="companyWebsite"
              type="url"
              inputMode="url"
              placeholder="https://suaempresa.com.br"
              error={errors.companyWebsite}
            />
            <button
              type="button"
              onClick={() => setRequestingSite(true)}
              className="-mt-2 self-start text-sm font-medium text-brand-700 hover:underline"
            >
              Não tem um site? Solicite um conosco!
            </button>
          </>
        )}
        <FormField
          label="Telefone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="(11) 90000-0000"
          maxLength={15}
          value={phone}
          onChange={(event) => setPhone(maskPhone(event.target.value))}
          required
          error={errors.phone}
        />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <PasswordInput name="password" autoComplete="new-password" error={errors.password} />
        {signUp.data?.message && (
          <p role="alert" className="text-sm text-red-600">
            {signUp.data.message}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? "Cadastrando..." : "Cadastrar"}
        </Button>
      </signUp.Form>
      <CompanyWebsiteDialog
        open={pending !== null && !requestingSite}
        whatsappNumber={whatsappNumber}
        onCancel={() => setPending(null)}
        onRequestSite={() => setRequestingSite(true)}
        onConfirm={(website) => {
          const form = pending!;
          form.set("companyWebsite", website);
          setPending(null);
          submit(form);
        }}
      />
      <SiteRequestDialog
        open={requestingSite}
        onOpenChange={setRequestingSite}
        whatsappNumber={whatsappNumber}
      />
    </>
  );
}
