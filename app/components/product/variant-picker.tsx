import { clsx } from "clsx";
import { Link } from "react-router";
import { productPath } from "../../domain/catalog/product-details";
import type { OptionChoice, OptionValueChoice } from "../../domain/catalog/variant-choice";

const VALUE_NOTE: Record<OptionValueChoice["state"], string | null> = {
  available: null,
  "sold-out": "Esgotado",
  unavailable: "Indisponível",
};

/**
 * A product's options as a radio group each, labelled with the option's name. Each value is a
 * link to its variant's page (`?variant=`), so the choice works by navigation before the scripts
 * arrive; once they run, it replaces the address without reloading the page. A sold-out or
 * unavailable combination stays, marked so; a value no variant on sale has is not a link.
 */
export function VariantPicker({ productId, choices }: { productId: number; choices: OptionChoice[] }) {
  return (
    <div className="flex flex-col gap-4">
      {choices.map((option, index) => {
        const labelId = `option-${index}-label`;
        return (
          <div key={option.name} role="radiogroup" aria-labelledby={labelId} className="flex flex-col gap-2">
            <p className="text-sm text-slate-600">
              <span id={labelId} className="font-medium text-slate-900">
                {option.name}
              </span>
              {": "}
              {option.values.find((value) => value.selected)?.value}
            </p>
            <div className="flex flex-wrap gap-2">
              {option.values.map((choice) => (
                <ValueButton key={choice.value} productId={productId} choice={choice} />
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}

function ValueButton({ productId, choice }: { productId: number; choice: OptionValueChoice }) {
  const note = VALUE_NOTE[choice.state];
  const className = clsx(
    "inline-flex min-h-10 flex-col items-center justify-center rounded-lg border px-3 py-1 text-sm transition-colors",
    "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none",
    choice.selected ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-300 hover:border-slate-500",
    note ? "border-dashed bg-slate-50 text-slate-400" : "bg-white text-slate-900",
  );
  const content = (
    <>
      <span className={clsx(note && "line-through")}>{choice.value}</span>
      {note && <span className="text-xs text-slate-500">{note}</span>}
    </>
  );
  if (choice.variantId === null) {
    return (
      <span role="radio" aria-checked={false} aria-disabled className={className}>
        {content}
      </span>
    );
  }
  return (
    <Link
      role="radio"
      aria-checked={choice.selected}
      to={productPath(productId, choice.variantId)}
      replace
      preventScrollReset
      className={className}
    >
      {content}
    </Link>
  );
}
