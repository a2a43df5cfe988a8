import { PARCEL_SIZE_FIELDS, PARCEL_SIZE_RULES, type ParcelSize } from "../../../domain/shipping/parcel-size";
import { FormField } from "../../ui/form-field";

/**
 * The product's parcel for freight quotes: a field left empty takes the store's default (the
 * freight settings); a variant's row of the grid may give its own.
 */
export function ProductParcelFields({
  parcel,
  errors,
}: {
  parcel?: ParcelSize;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-4 sm:col-span-2 sm:grid-cols-4">
      <legend className="mb-1 text-sm font-medium text-slate-700">Embalagem para o frete</legend>
      <p className="col-span-2 -mt-2 text-xs text-slate-500 sm:col-span-4">
        Peso e medidas do produto embalado. Vazio: o padrão da loja, em Configurações da loja › Frete.
      </p>
      {PARCEL_SIZE_FIELDS.map((field) => (
        <FormField
          key={field}
          label={PARCEL_SIZE_RULES[field].label}
          name={field}
          inputMode="numeric"
          defaultValue={parcel?.[field] ?? ""}
          error={errors[field]}
        />
      ))}
    </fieldset>
  );
}
