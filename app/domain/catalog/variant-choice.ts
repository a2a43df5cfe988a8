import type { VariantDetails } from "./product-details";
import type { ProductOption } from "./variants";

/**
 * How a value of an option is offered beside the chosen variant: `available`, `sold-out` (that
 * combination is on sale with no stock) or `unavailable` (no variant on sale has that
 * combination, so its link leads to the nearest one that has the value).
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
 * other chosen values, or, when that combination is not on sale, the nearest one that has the
 * value (in stock first, then sharing the most chosen values, then in display order).
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
      const exact = variants.find((variant) => sameValues(variant.optionValues, wanted));
      const target = exact ?? nearestWithValue(variants, index, value, wanted);
      const state: ValueState = !exact ? "unavailable" : exact.stock > 0 ? "available" : "sold-out";
      return {
        value,
        selected: chosen?.optionValues[index] === value,
        state,
        variantId: target?.id ?? null,
      };
    }),
  }));
}

function nearestWithValue(
  variants: readonly VariantDetails[],
  index: number,
  value: string,
  wanted: readonly string[],
): VariantDetails | null {
  const shared = (variant: VariantDetails) =>
    variant.optionValues.filter((candidate, position) => candidate === wanted[position]).length;
  let best: VariantDetails | null = null;
  for (const variant of variants) {
    if (variant.optionValues[index] !== value) continue;
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
