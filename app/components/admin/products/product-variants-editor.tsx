import { Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import type { AdminVariant } from "../../../domain/admin/admin-product";
import {
  combinationKey,
  OPTION_NAME_MAX,
  optionCombinations,
  SKU_MAX,
  splitOptionValues,
} from "../../../domain/admin/product-form-schema";
import { PARCEL_SIZE_FIELDS, PARCEL_SIZE_RULES } from "../../../domain/shipping/parcel-size";
import { MAX_PRODUCT_OPTIONS, type ProductOption } from "../../../domain/catalog/variants";
import { formatReais } from "../../../lib/money";
import { Button } from "../../ui/button";
import { FormField, FormMessage, inputClasses } from "../../ui/form-field";

interface OptionRow {
  key: number;
  name: string;
  values: string;
}

/** The option rows, with one blank row to type the next option in while there is room. */
function withBlankRow(rows: OptionRow[], newKey: () => number): OptionRow[] {
  const isBlank = (row: OptionRow) => row.name.trim() === "" && row.values.trim() === "";
  const last = rows.at(-1);
  if (rows.length >= MAX_PRODUCT_OPTIONS || (last !== undefined && isBlank(last))) return rows;
  return [...rows.filter((row) => !isBlank(row)), { key: newKey(), name: "", values: "" }];
}

/** The options the grid is made of: those with a name and a value, each value once. */
function gridOptions(rows: OptionRow[]): ProductOption[] {
  return rows
    .map((row) => ({ name: row.name.trim(), values: [...new Set(splitOptionValues(row.values))] }))
    .filter((option) => option.name !== "" && option.values.length > 0);
}

function typedCents(cents: number | null | undefined): string {
  return cents == null ? "" : formatReais(cents);
}

/**
 * The product's options (up to 3, values comma-separated) and what it sells: without options,
 * one variant's price, "de" price, stock, SKU and GTIN; with options, a grid of every
 * combination, made again as the options change, where a combination keeps what was typed in it
 * while it exists. A combination left without price and SKU is not sold.
 */
export function ProductVariantsEditor({
  options,
  variants,
  errors,
}: {
  options: ProductOption[];
  variants: AdminVariant[];
  errors: Record<string, string>;
}) {
  // Keys 0..n-1 are the saved options', n the first blank row's; new rows count on from there.
  const keys = useRef(options.length + 1);
  const newKey = () => keys.current++;
  const [rows, setRows] = useState<OptionRow[]>(() =>
    withBlankRow(
      options.map((option, key) => ({ key, name: option.name, values: option.values.join(", ") })),
      () => options.length,
    ),
  );
  const saved = new Map(variants.map((variant) => [combinationKey(variant.optionValues), variant]));
  const sold = gridOptions(rows);

  function change(key: number, field: "name" | "values", value: string) {
    setRows((current) =>
      withBlankRow(
        current.map((row) => (row.key === key ? { ...row, [field]: value } : row)),
        newKey,
      ),
    );
  }

  return (
    <>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">
          Opções (até {MAX_PRODUCT_OPTIONS}, como Cor ou Armazenamento)
        </legend>
        {rows.map((row, index) => (
          <div key={row.key} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <input
                name={`options.${index}.name`}
                aria-label={`Opção ${index + 1}: nome`}
                placeholder="Ex.: Cor"
                value={row.name}
                maxLength={OPTION_NAME_MAX}
                onChange={(event) => change(row.key, "name", event.target.value)}
                aria-invalid={errors[`options.${index}.name`] ? true : undefined}
                className={`${inputClasses} sm:max-w-48`}
              />
              <input
                name={`options.${index}.values`}
                aria-label={`Opção ${index + 1}: valores separados por vírgula`}
                placeholder="Ex.: Preto, Branco, Azul"
                value={row.values}
                onChange={(event) => change(row.key, "values", event.target.value)}
                aria-invalid={errors[`options.${index}.values`] ? true : undefined}
                className={inputClasses}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remover opção ${index + 1}`}
                onClick={() =>
                  setRows((current) =>
                    withBlankRow(
                      current.filter((other) => other.key !== row.key),
                      newKey,
                    ),
                  )
                }
              >
                <Trash2 aria-hidden className="size-4 text-red-600" />
              </Button>
            </div>
            <FormMessage message={errors[`options.${index}.name`] ?? errors[`options.${index}.values`]} />
          </div>
        ))}
        <FormMessage message={errors.options} />
      </fieldset>
      {sold.length === 0 ? (
        <SingleVariantFields variant={variants.length === 1 ? variants[0] : undefined} errors={errors} />
      ) : (
        <VariantsGrid options={sold} saved={saved} errors={errors} />
      )}
    </>
  );
}

function SingleVariantFields({
  variant,
  errors,
}: {
  variant?: AdminVariant;
  errors: Record<string, string>;
}) {
  return (
    <>
      <FormField
        label="Preço (R$)"
        name="price"
        inputMode="decimal"
        placeholder="0,00"
        defaultValue={typedCents(variant?.priceCents)}
        error={errors.price}
        required
      />
      <FormField
        label='Preço "de" (R$, opcional)'
        name="compareAt"
        inputMode="decimal"
        placeholder="Preço antes da promoção"
        defaultValue={typedCents(variant?.compareAtCents)}
        error={errors.compareAt}
      />
      <FormField
        label="Estoque"
        name="stock"
        type="number"
        min={0}
        step={1}
        defaultValue={variant?.stock ?? 0}
        error={errors.stock}
      />
      <FormField
        label="SKU (vazio: gerado)"
        name="sku"
        defaultValue={variant?.sku}
        maxLength={SKU_MAX}
        error={errors.sku}
      />
      <FormField
        label="GTIN/EAN (opcional)"
        name="gtin"
        inputMode="numeric"
        defaultValue={variant?.gtin ?? ""}
        error={errors.gtin}
      />
    </>
  );
}

const GRID_FIELDS = ["sku", "price", "compareAt", "stock", "gtin", ...PARCEL_SIZE_FIELDS] as const;

type GridField = (typeof GRID_FIELDS)[number];
const PARCEL_FIELDS = new Set<string>(PARCEL_SIZE_FIELDS);

function VariantsGrid({
  options,
  saved,
  errors,
}: {
  options: ProductOption[];
  saved: Map<string, AdminVariant>;
  errors: Record<string, string>;
}) {
  const combinations = optionCombinations(options);
  const cellClasses = `${inputClasses} h-9 min-w-20 px-2`;
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <p className="text-sm font-medium text-slate-700">Variantes ({combinations.length})</p>
      <p className="text-xs text-slate-500">
        Deixe preço e SKU vazios nas combinações que não vende; um SKU vazio é gerado.
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th className="px-2 py-2 font-medium">Variante</th>
              <th className="px-2 py-2 font-medium">SKU</th>
              <th className="px-2 py-2 font-medium">Preço (R$)</th>
              <th className="px-2 py-2 font-medium">Preço &quot;de&quot;</th>
              <th className="px-2 py-2 font-medium">Estoque</th>
              <th className="px-2 py-2 font-medium">GTIN</th>
              {PARCEL_SIZE_FIELDS.map((field) => (
                <th key={field} className="px-2 py-2 font-medium whitespace-nowrap">
                  {PARCEL_SIZE_RULES[field].label}
                </th>
              ))}
              <th className="px-2 py-2 font-medium">Ativa</th>
            </tr>
          </thead>
          <tbody>
            {combinations.map((values, index) => {
              const key = combinationKey(values);
              const variant = saved.get(key);
              const label = values.join(" / ");
              const defaults: Record<GridField, string> = {
                sku: variant?.sku ?? "",
                price: typedCents(variant?.priceCents),
                compareAt: typedCents(variant?.compareAtCents),
                stock: variant ? String(variant.stock) : "",
                gtin: variant?.gtin ?? "",
                weightGrams: String(variant?.weightGrams ?? ""),
                heightCm: String(variant?.heightCm ?? ""),
                widthCm: String(variant?.widthCm ?? ""),
                lengthCm: String(variant?.lengthCm ?? ""),
              };
              const headers: Record<GridField, string> = {
                sku: "SKU",
                price: "Preço",
                compareAt: 'Preço "de"',
                stock: "Estoque",
                gtin: "GTIN",
                weightGrams: PARCEL_SIZE_RULES.weightGrams.label,
                heightCm: PARCEL_SIZE_RULES.heightCm.label,
                widthCm: PARCEL_SIZE_RULES.widthCm.label,
                lengthCm: PARCEL_SIZE_RULES.lengthCm.label,
              };
              const rowErrors = Object.entries(errors)
                .filter(([field]) => field.startsWith(`variants.${index}.`))
                .map(([, message]) => message);
              return (
                // Keyed by combination: the inputs keep what was typed while it exists.
                <tr key={key} className="border-t border-slate-100 align-top">
                  <th scope="row" className="px-2 py-2 font-medium whitespace-nowrap">
                    <input type="hidden" name={`variants.${index}.optionValues`} value={key} />
                    {label}
                    {rowErrors.length > 0 ? (
                      <div className="font-normal">
                        <FormMessage message={rowErrors.join(" · ")} />
                      </div>
                    ) : null}
                  </th>
                  {GRID_FIELDS.map((field) => (
                    <td key={field} className="px-2 py-2">
                      <input
                        name={`variants.${index}.${field}`}
                        aria-label={`${headers[field]} de ${label}`}
                        defaultValue={defaults[field]}
                        placeholder={PARCEL_FIELDS.has(field) ? "do produto" : undefined}
                        inputMode={
                          field === "sku"
                            ? undefined
                            : field === "price" || field === "compareAt"
                              ? "decimal"
                              : "numeric"
                        }
                        aria-invalid={errors[`variants.${index}.${field}`] ? true : undefined}
                        className={cellClasses}
                      />
                    </td>
                  ))}
                  <td className="px-2 py-2 text-center">
                    <input
                      type="checkbox"
                      name={`variants.${index}.active`}
                      aria-label={`${label} ativa`}
                      defaultChecked={variant?.active ?? true}
                      className="size-4"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FormMessage message={errors.variants} />
    </div>
  );
}
