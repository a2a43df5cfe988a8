import { useId, useState, type FocusEvent } from "react";
import { toast } from "../toasts";
import { BRAZILIAN_STATES, CEP_LOOKUP_MESSAGES, type CepAddress } from "../../domain/accounts/address-schema";
import { maskCep } from "../../lib/masks";
import { onlyDigits } from "../../lib/tax-id";
import { FormField, FormMessage, inputClasses } from "../ui/form-field";
import { MaskedField } from "../ui/masked-field";

/** What the fields start with: a saved address, or empty texts. */
export interface AddressFieldValues {
  cep: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
}

/** A new address's fields, before anything is typed. */
export const EMPTY_ADDRESS_FIELDS: AddressFieldValues = {
  cep: "",
  street: "",
  number: "",
  complement: null,
  neighborhood: "",
  city: "",
  state: "",
};

/**
 * An address's fields, in a six-column grid of the form's: the CEP, once complete, fills street,
 * neighbourhood, city and UF (the customer's addresses and the store's own).
 */
export function AddressFields({
  initial,
  errors,
}: {
  initial: AddressFieldValues;
  errors: Record<string, string | undefined>;
}) {
  const stateId = useId();
  const [found, setFound] = useState<Pick<CepAddress, "street" | "neighborhood" | "city" | "state">>(initial);

  const lookUp = async (event: FocusEvent<HTMLInputElement>) => {
    const cep = onlyDigits(event.currentTarget.value);
    if (cep.length !== 8) return;
    const answer = await fetch(`/api/cep/${cep}`)
      .then((response) => (response.ok ? (response.json() as Promise<{ address: CepAddress | null }>) : null))
      .catch(() => null);
    // The service did not answer (or the store could not be reached): the customer types it.
    if (!answer) toast.error(CEP_LOOKUP_MESSAGES.unavailable);
    else if (!answer.address) toast.error(CEP_LOOKUP_MESSAGES.notFound);
    else setFound(answer.address);
  };

  return (
    <>
      <MaskedField
        className="sm:col-span-2"
        label="CEP"
        name="cep"
        mask={maskCep}
        defaultValue={initial.cep}
        inputMode="numeric"
        maxLength={9}
        placeholder="00000-000"
        onBlur={lookUp}
        error={errors.cep}
      />
      <FormField
        key={`street-${found.street}`}
        className="sm:col-span-4"
        label="Rua"
        name="street"
        defaultValue={found.street}
        error={errors.street}
      />
      <FormField
        className="sm:col-span-2"
        label="Número"
        name="number"
        defaultValue={initial.number}
        error={errors.number}
      />
      <FormField
        className="sm:col-span-4"
        label="Complemento (opcional)"
        name="complement"
        defaultValue={initial.complement ?? ""}
        error={errors.complement}
      />
      <FormField
        key={`neighborhood-${found.neighborhood}`}
        className="sm:col-span-6"
        label="Bairro"
        name="neighborhood"
        defaultValue={found.neighborhood}
        error={errors.neighborhood}
      />
      <FormField
        key={`city-${found.city}`}
        className="sm:col-span-4"
        label="Cidade"
        name="city"
        defaultValue={found.city}
        error={errors.city}
      />
      {/* Two of six columns: in one, the arrow left room for a single letter of the UF. */}
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={stateId} className="text-sm font-medium text-slate-700">
          UF
        </label>
        <select
          key={`state-${found.state}`}
          id={stateId}
          name="state"
          defaultValue={found.state}
          aria-invalid={errors.state ? true : undefined}
          className={inputClasses}
        >
          <option value="">--</option>
          {BRAZILIAN_STATES.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </select>
        <FormMessage message={errors.state} />
      </div>
    </>
  );
}
