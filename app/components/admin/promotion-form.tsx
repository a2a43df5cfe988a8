import { Form, useNavigation } from "react-router";
import { Button } from "../ui/button";
import { FormField, SelectField } from "../ui/form-field";

/**
 * An automatic promotion as the admin sets it: a plain form, so it works before the scripts run;
 * a refusal comes back at its field with what was typed.
 */
export function PromotionForm({
  texts,
  errors = {},
  targets,
  submitLabel,
}: {
  texts: Record<string, string>;
  errors?: Record<string, string>;
  /** The catalogue's categories and brands, the promotion's choices. */
  targets: { categories: string[]; brands: string[] };
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  const text = (name: string) => ({ name, defaultValue: texts[name] ?? "", error: errors[name] });
  return (
    <Form method="post" className="flex max-w-2xl flex-col gap-4">
      <input type="hidden" name="intent" value="save" />
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <FormField label="Nome" {...text("name")} required maxLength={80} />
        </div>
        <FormField label="Desconto (%)" {...text("percent")} inputMode="decimal" maxLength={20} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">
          Vale para todos os produtos de uma categoria ou de uma marca
        </legend>
        <TargetSelect
          label="Categoria"
          name="category"
          options={targets.categories}
          texts={texts}
          errors={errors}
        />
        <TargetSelect label="Marca" name="brand" options={targets.brands} texts={texts} errors={errors} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Primeiro dia" type="date" {...text("startsOn")} required />
        <FormField label="Último dia" type="date" {...text("endsOn")} required />
      </div>
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? "Salvando..." : submitLabel}
      </Button>
    </Form>
  );
}

/** A category or a brand to choose, '—' for none; a name no longer in the catalogue stays offered. */
function TargetSelect({
  label,
  name,
  options,
  texts,
  errors,
}: {
  label: string;
  name: "category" | "brand";
  options: string[];
  texts: Record<string, string>;
  errors: Record<string, string>;
}) {
  const chosen = texts[name] ?? "";
  const offered = chosen && !options.includes(chosen) ? [chosen, ...options] : options;
  return (
    <SelectField label={label} name={name} defaultValue={chosen} error={errors[name]}>
      <option value="">—</option>
      {offered.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </SelectField>
  );
}
