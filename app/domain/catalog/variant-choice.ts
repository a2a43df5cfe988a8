import type { VariantDetails } from "./product-details";
import type { ProductOption } from "./variants";

/**
 * How a value of an option is offered beside the chosen variant: `available` (some variant on sale
 * with that value is in stock), `sold-out` (every variant on sale with that value is out of stock)
 * or `unavailable` (no variant on sale has that value).
 */
export type ValueState = "available" | "sold-out" | "unavailable";

export interface OptionValueChoice {
  value: string;
  selected: boolean;
  state: ValueState;
  /** The variant choosing this value leads to; null when no variant on sale has the value. */
  variantId: number | null;
}

export interface OptionChoice {
  name: string;
  values: OptionValueChoice[];
}

/**
 * The option buttons of a product page: for each value, the variant with that value and the
 * other chosen values when it is in stock, or else the nearest one with the value (in stock first,
 * then sharing the most chosen values, then in display order). A colour is not sold out while
 * another storage size of it is in stock: choosing it leads there.
 */
export function optionChoices(
  options: readonly ProductOption[],
  variants: readonly VariantDetails[],
  chosen: VariantDetails | null,
): OptionChoice[] {
  return options.map((option, index) => ({
    name: option.name,
    values: option.values.map((value) => {
      const wanted = (chosen?.optionValues ?? []).map((chosenValue, position) =>
        position === index ? value : chosenValue,
      );
      const withValue = variants.filter((variant) => variant.optionValues[index] === value);
      const inStock = withValue.some((variant) => variant.stock > 0);
      const exact = withValue.find((variant) => sameValues(variant.optionValues, wanted));
      const target = exact && (exact.stock > 0 || !inStock) ? exact : nearest(withValue, wanted);
      const state: ValueState = withValue.length === 0 ? "unavailable" : inStock ? "available" : "sold-out";
      return {
        value,
        selected: chosen?.optionValues[index] === value,
        state,
        variantId: target?.id ?? null,
      };
    }),
  }));
}

/** Of `candidates`, one in stock first, then the one sharing the most of `wanted`, then the first. */
function nearest(candidates: readonly VariantDetails[], wanted: readonly string[]): VariantDetails | null {
  const shared = (variant: VariantDetails) =>
    variant.optionValues.filter((candidate, position) => candidate === wanted[position]).length;
  let best: VariantDetails | null = null;
  for (const variant of candidates) {
    if (!best) {
      best = variant;
      continue;
    }
    const inStock = Number(variant.stock > 0) - Number(best.stock > 0);
    if (inStock > 0 || (inStock === 0 && shared(variant) > shared(best))) best = variant;
  }
  return best;
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
