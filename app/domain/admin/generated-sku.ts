import { SKU_MAX } from "./product-form-schema";

/** The prefix of a store whose name has no letter to take one from: the platform's own. */
export const FALLBACK_SKU_PREFIX = "VTR";

const PREFIX_LENGTH = 3;
const VOWELS = new Set(["A", "E", "I", "O", "U"]);

/** Uppercase, without accents ('ç' → 'C'), only what is left of A–Z and 0–9 between dashes. */
function skuText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * The prefix of the SKUs generated for a store: the first letter of its name, then the name's
 * next consonants in order, uppercased and without accents, three letters in all ('Vitrine' →
 * 'VTR', 'Loja do Zé' → 'LJD', 'Ótica Íris' → 'OTC'). Digits and symbols are skipped. When the
 * name has fewer than two consonants after its first letter, its next vowels complete the three
 * ('Oi Aí' → 'OIA'); a name of one or two letters gives them alone ('Zé' → 'ZE'), and a name with
 * no letter at all ('123') gives 'VTR', the platform's own prefix.
 */
export function skuPrefix(storeName: string): string {
  const letters = [...skuText(storeName).replace(/[^A-Z]/g, "")];
  if (letters.length === 0) return FALLBACK_SKU_PREFIX;
  const [first, ...rest] = letters;
  const consonants = rest.filter((letter) => !VOWELS.has(letter));
  const vowels = rest.filter((letter) => VOWELS.has(letter));
  return [first, ...consonants, ...vowels].slice(0, PREFIX_LENGTH).join("");
}

/**
 * The SKU of a variant the admin left without one, after the store's prefix: 'VTR-12' for a
 * product's default variant (as the migration named them), 'VTR-12-PRETO-256-GB' for a
 * combination.
 */
export function generatedSku(prefix: string, productId: number, optionValues: readonly string[]): string {
  const suffix = optionValues
    .map(skuText)
    .filter((part) => part !== "")
    .join("-");
  const base = `${prefix}-${productId}`;
  return (suffix ? `${base}-${suffix}` : base).slice(0, SKU_MAX);
}
