import { clsx } from "clsx";
import type { KeyboardEvent } from "react";
import { Link } from "react-router";
import { productPath } from "../../domain/catalog/product-details";
import type { OptionChoice, OptionValueChoice } from "../../domain/catalog/variant-choice";
import { useHydrated } from "../use-hydrated";

const VALUE_NOTE: Record<OptionValueChoice["state"], string | null> = {
  available: null,
  "sold-out": "Esgotado",
  unavailable: "Indisponível",
};

/**
 * A product's options as a radio group each, labelled with the option's name. Each value is a
 * link to its variant's page (`?variant=`), so the choice works by navigation before the scripts
 * arrive; once they run, it replaces the address without reloading the page. A value whose
 * variants are all sold out stays, marked so; a value no variant on sale has is not a link. Once
 * the scripts run, a group is one tab stop whose arrow keys move the choice, as radio groups do.
 */
export function VariantPicker({ productId, choices }: { productId: number; choices: OptionChoice[] }) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-4">
      {choices.map((option, index) => {
        const labelId = `option-${index}-label`;
        return (
          <div
            key={option.name}
            role="radiogroup"
            aria-labelledby={labelId}
            onKeyDown={moveChoice}
            className="flex flex-col gap-2"
          >
            <p className="text-sm text-slate-600">
              <span id={labelId} className="font-medium text-slate-900">
                {option.name}
              </span>
              {": "}
              {option.values.find((value) => value.selected)?.value}
            </p>
            <div className="flex flex-wrap gap-2">
              {option.values.map((choice) => (
                <ValueButton
                  key={choice.value}
                  productId={productId}
                  choice={choice}
                  // Before the scripts, every value is reached with Tab; after, the chosen one.
                  tabIndex={hydrated && !choice.selected ? -1 : undefined}
                />
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}

const NEXT_KEYS: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** An arrow key chooses the next (or previous) value of the group that leads to a variant. */
function moveChoice(event: KeyboardEvent<HTMLDivElement>) {
  const step = NEXT_KEYS[event.key];
  if (!step) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[role=radio]")];
  const current = links.findIndex((link) => link === document.activeElement);
  if (current === -1) return;
  event.preventDefault();
  const next = links[(current + step + links.length) % links.length]!;
  next.focus();
  next.click();
}

function ValueButton({
  productId,
  choice,
  tabIndex,
}: {
  productId: number;
  choice: OptionValueChoice;
  tabIndex: number | undefined;
}) {
  const note = VALUE_NOTE[choice.state];
  const className = clsx(
    "inline-flex min-h-10 flex-col items-center justify-center rounded-lg border px-3 py-1 text-sm transition-colors",
    "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none",
    choice.selected ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-300 hover:border-slate-500",
    note ? "border-dashed bg-slate-50 text-slate-600" : "bg-white text-slate-900",
  );
  const content = (
    <>
      <span className={clsx(note && "line-through")}>{choice.value}</span>
      {note && <span className="text-xs text-slate-600">{note}</span>}
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
      tabIndex={tabIndex}
      className={className}
    >
      {content}
    </Link>
  );
}
