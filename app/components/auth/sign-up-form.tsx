import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { fieldErrors, signUpSchema } from "../../domain/accounts/account-schemas";
import { PhoneField, TaxpayerNumberField, UserTypeChoice, useUserType } from "../account/taxpayer-fields";
import { Button } from "../ui/button";
import { FormField, FormMessage } from "../ui/form-field";
import type { AuthActionData } from "./auth-action-data";
import { BeforeScriptsField } from "../before-scripts-field";
import { CompanyWebsiteDialog } from "./company-website-dialog";
import { PasswordInput } from "./password-input";
import { SiteRequestDialog } from "./site-request-dialog";

export function SignUpForm({
  whatsappNumber,
  posted,
}: {
  whatsappNumber: string;
  /** The answer to this form posted before the scripts ran. */
  posted?: AuthActionData;
}) {
  const signUp = useFetcher<AuthActionData>({ key: "signup" });
  const answer = signUp.data ?? posted;
  const [userType, setUserType] = useUserType();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  /** A company's sign-up waiting for its website. */
  const [pending, setPending] = useState<FormData | null>(null);
  const [requestingSite, setRequestingSite] = useState(false);
  /** The company's website, kept in the form whether typed there or in the dialog. */
  const [website, setWebsite] = useState("");
  const errors = { ...answer?.errors, ...clientErrors };
  const busy = signUp.state !== "idle";

  /** The whole form is checked first: the website's dialog opens only when nothing else is wrong. */
  const submit = (form: FormData) => {
    const result = signUpSchema.safeParse(Object.fromEntries(form));
    const errors = result.success ? {} : fieldErrors(result.error);
    const missingWebsite = userType === "PJ" && !String(form.get("companyWebsite") ?? "").trim();
    if (missingWebsite) delete errors.companyWebsite;
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (missingWebsite) return setPending(form);
    signUp.submit(form, { method: "post" });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(new FormData(event.currentTarget));
  };

  return (
    <>
      <signUp.Form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="signup" />
        <BeforeScriptsField />
        <UserTypeChoice
          value={userType}
          onChange={(next) => {
            setUserType(next);
            setClientErrors({});
          }}
        />
        <FormField
          label={userType === "PF" ? "Nome completo" : "Razão social"}
          name="name"
          autoComplete={userType === "PF" ? "name" : "organization"}
          required
          error={errors.name}
        />
        <TaxpayerNumberField userType={userType} error={errors.cpf ?? errors.cnpj} />
        {userType === "PJ" && (
          <>
            <FormField
              label="Site da empresa"
              name="companyWebsite"
              value={website}
              onChange={(event) => setWebsite(event.target.value)}
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
        <PhoneField error={errors.phone} />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <PasswordInput name="password" autoComplete="new-password" error={errors.password} />
        <FormMessage message={answer?.message} />
        <Button type="submit" disabled={busy}>
          {busy ? "Cadastrando..." : "Cadastrar"}
        </Button>
      </signUp.Form>
      <CompanyWebsiteDialog
        open={pending !== null && !requestingSite}
        whatsappNumber={whatsappNumber}
        onCancel={() => setPending(null)}
        onRequestSite={() => setRequestingSite(true)}
        onConfirm={(typed) => {
          const form = pending!;
          form.set("companyWebsite", typed);
          setWebsite(typed);
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
