import type { ReactNode } from "react";
import {
  PARCEL_SIZE_FIELDS,
  PARCEL_SIZE_RULES,
  type ParcelSizeField,
} from "../../domain/shipping/parcel-size";
import { FormField } from "../ui/form-field";

/** A parcel's weight and three sides as four fields: a product's, or the store's default. */
export function ParcelFields({
  legend,
  hint,
  value,
  errors,
}: {
  legend: string;
  hint?: ReactNode;
  /** Each field's text to show. */
  value: (field: ParcelSizeField) => string;
  errors: Record<string, string | undefined>;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-4 sm:col-span-2 sm:grid-cols-4">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      {hint && <p className="col-span-2 -mt-2 text-xs text-slate-500 sm:col-span-4">{hint}</p>}
      {PARCEL_SIZE_FIELDS.map((field) => (
        <FormField
          key={field}
          label={PARCEL_SIZE_RULES[field].label}
          name={field}
          inputMode="numeric"
          defaultValue={value(field)}
          error={errors[field]}
        />
      ))}
    </fieldset>
  );
}
