import { useState } from "react";
import { FormField, type FormFieldProps } from "./form-field";

/** A text field that applies a mask (CPF, CNPJ, phone, CEP) as the user types. */
export function MaskedField({
  mask,
  defaultValue = "",
  ...field
}: Omit<FormFieldProps, "value" | "onChange" | "defaultValue"> & {
  mask: (value: string) => string;
  defaultValue?: string;
}) {
  const [value, setValue] = useState(() => mask(defaultValue));
  return <FormField {...field} value={value} onChange={(event) => setValue(mask(event.target.value))} />;
}
