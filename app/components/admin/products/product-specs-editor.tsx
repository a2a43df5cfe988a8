import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { ProductSpec } from "../../../domain/catalog/variants";
import { MAX_SPECS } from "../../../domain/catalog/variants";
import { SPEC_NAME_MAX, SPEC_VALUE_MAX } from "../../../domain/admin/product-form-schema";
import { Button } from "../../ui/button";
import { FormMessage, inputClasses } from "../../ui/form-field";

interface SpecRow extends ProductSpec {
  key: number;
}

/**
 * The 'Ficha técnica': ordered name/value rows (`specs.N.name`, `specs.N.value`), one blank row to
 * type a new one even before scripts; rows left blank are not saved.
 */
export function ProductSpecsEditor({
  specs,
  errors,
}: {
  specs: ProductSpec[];
  errors: Record<string, string>;
}) {
  const [rows, setRows] = useState<SpecRow[]>(() =>
    [...specs, { name: "", value: "" }].map((spec, key) => ({ ...spec, key })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const message = Object.entries(errors).find(
    ([field]) => field === "specs" || field.startsWith("specs."),
  )?.[1];

  function move(index: number, offset: number) {
    setRows((current) => {
      const moved = [...current];
      const [row] = moved.splice(index, 1);
      moved.splice(index + offset, 0, row!);
      return moved;
    });
  }

  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Ficha técnica</legend>
      {rows.map((row, index) => (
        <div key={row.key} className="flex items-center gap-2">
          <input
            name={`specs.${index}.name`}
            aria-label={`Especificação ${index + 1}: nome`}
            placeholder="Ex.: Tela"
            defaultValue={row.name}
            maxLength={SPEC_NAME_MAX}
            className={inputClasses}
          />
          <input
            name={`specs.${index}.value`}
            aria-label={`Especificação ${index + 1}: valor`}
            placeholder='Ex.: 6,7" OLED'
            defaultValue={row.value}
            maxLength={SPEC_VALUE_MAX}
            className={inputClasses}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Subir especificação ${index + 1}`}
            disabled={index === 0}
            onClick={() => move(index, -1)}
          >
            <ArrowUp aria-hidden className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Descer especificação ${index + 1}`}
            disabled={index === rows.length - 1}
            onClick={() => move(index, 1)}
          >
            <ArrowDown aria-hidden className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remover especificação ${index + 1}`}
            onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
          >
            <Trash2 aria-hidden className="size-4 text-red-600" />
          </Button>
        </div>
      ))}
      <FormMessage message={message} />
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={rows.length >= MAX_SPECS}
          onClick={() => {
            setRows((current) => [...current, { name: "", value: "", key: nextKey }]);
            setNextKey((key) => key + 1);
          }}
        >
          <Plus aria-hidden className="size-4" />
          Adicionar especificação
        </Button>
      </div>
    </fieldset>
  );
}
