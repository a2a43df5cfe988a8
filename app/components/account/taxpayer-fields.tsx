import { clsx } from "clsx";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { maskCnpj, maskCpf, maskPhone } from "../../lib/masks";
import { FormField, type FormFieldProps } from "../ui/form-field";
import { MaskedField } from "../ui/masked-field";
import { useHydrated } from "../use-hydrated";

export type UserType = "PF" | "PJ";

/** The page's URL names the type a form starts with (`?tipo=pj`), so a link can choose it. */
const TYPE_PARAM = "tipo";
const USER_TYPES = ["PF", "PJ"] as const;

/** The type chosen in a form, starting as the page's URL names it: PF unless `?tipo=pj`. */
export function useUserType() {
  const [params] = useSearchParams();
  return useState<UserType>(params.get(TYPE_PARAM)?.toUpperCase() === "PJ" ? "PJ" : "PF");
}

const choiceClasses =
  "flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50";

/**
 * The PF/PJ choice: an individual with a CPF or a company with a CNPJ. Before the page's scripts
 * run, each type is a link to this page with that type chosen (the fields follow it), and the
 * form carries the chosen type; then they are radio buttons that switch the fields at once.
 */
export function UserTypeChoice({ value, onChange }: { value: UserType; onChange: (type: UserType) => void }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const linkTo = (type: UserType) => {
    const search = new URLSearchParams(params);
    search.set(TYPE_PARAM, type.toLowerCase());
    return `?${search}`;
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-700">Tipo de cadastro</legend>
      <div className="grid grid-cols-2 gap-2">
        {USER_TYPES.map((type) =>
          hydrated ? (
            <label key={type} className={clsx(choiceClasses, "cursor-pointer")}>
              <input
                type="radio"
                name="userType"
                value={type}
                checked={value === type}
                onChange={() => onChange(type)}
                className="accent-brand-600"
              />
              {USER_TYPE_LABELS[type]}
            </label>
          ) : (
            <Link
              key={type}
              to={linkTo(type)}
              replace
              preventScrollReset
              aria-current={value === type ? "true" : undefined}
              className={clsx(choiceClasses, value === type && "border-brand-600 bg-brand-50")}
            >
              {USER_TYPE_LABELS[type]}
            </Link>
          ),
        )}
      </div>
      {!hydrated && <input type="hidden" name="userType" value={value} />}
    </fieldset>
  );
}

const USER_TYPE_LABELS: Record<UserType, string> = { PF: "Pessoa Física", PJ: "Pessoa Jurídica" };

/** The CPF or the CNPJ, masked; a new choice of type starts it empty. */
export function TaxpayerNumberField({ userType, error }: { userType: UserType; error?: string }) {
  return userType === "PF" ? (
    <MaskedField
      key="cpf"
      label="CPF"
      name="cpf"
      mask={maskCpf}
      inputMode="numeric"
      placeholder="000.000.000-00"
      maxLength={14}
      required
      error={error}
    />
  ) : (
    <MaskedField
      key="cnpj"
      label="CNPJ"
      name="cnpj"
      mask={maskCnpj}
      // Letters too: since July 2026 a CNPJ may carry them ("12.ABC.345/01DE-35").
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      placeholder="00.000.000/0000-00"
      maxLength={18}
      required
      error={error}
    />
  );
}

export function PhoneField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <MaskedField
      label="Telefone"
      name="phone"
      type="tel"
      mask={maskPhone}
      defaultValue={defaultValue}
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="(11) 90000-0000"
      maxLength={15}
      required
      error={error}
    />
  );
}

/** A company's inscrição estadual for its notas fiscais: digits, "isento", or empty for none. */
export function StateRegistrationField(field: Omit<FormFieldProps, "label" | "name">) {
  return (
    <FormField
      label="Inscrição estadual (opcional)"
      name="stateRegistration"
      placeholder='Números ou "isento"'
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      maxLength={30}
      {...field}
    />
  );
}
