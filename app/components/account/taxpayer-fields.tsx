import { maskCnpj, maskCpf, maskPhone } from "../../lib/masks";
import { MaskedField } from "../ui/masked-field";

export type UserType = "PF" | "PJ";

/** The PF/PJ choice: an individual with a CPF or a company with a CNPJ. */
export function UserTypeChoice({ value, onChange }: { value: UserType; onChange: (type: UserType) => void }) {
  return (
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
              checked={value === type}
              onChange={() => onChange(type)}
              className="accent-brand-600"
            />
            {type === "PF" ? "Pessoa Física" : "Pessoa Jurídica"}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

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
