/**
 * What a parcel is (issue 52, point 1): a weight in grams and three sides in centimetres, given on
 * a product, on a variant where it differs from its product, and as the store's default. The
 * product form, the CSV and the freight settings read them with these rules; the database checks
 * the same bounds (`parcelSizeChecks`, app/db/schema.server.ts).
 */

export const PARCEL_SIZE_FIELDS = ["weightGrams", "heightCm", "widthCm", "lengthCm"] as const;
export type ParcelSizeField = (typeof PARCEL_SIZE_FIELDS)[number];

/** A complete parcel: what a freight quote is asked for. */
export type Parcel = Record<ParcelSizeField, number>;

/** A parcel as a product or a variant gives it: each field may be left to the one above. */
export type ParcelSize = Record<ParcelSizeField, number | null>;

export const NO_PARCEL_SIZE: ParcelSize = {
  weightGrams: null,
  heightCm: null,
  widthCm: null,
  lengthCm: null,
};

export const MAX_WEIGHT_GRAMS = 100_000;
export const MAX_SIDE_CM = 200;

/** Each field's bounds and the message of a value outside them. */
export const PARCEL_SIZE_RULES: Record<ParcelSizeField, { max: number; label: string; message: string }> = {
  weightGrams: { max: MAX_WEIGHT_GRAMS, label: "Peso (g)", message: "Peso deve ser de 1 a 100000 gramas" },
  heightCm: { max: MAX_SIDE_CM, label: "Altura (cm)", message: "Altura deve ser de 1 a 200 cm" },
  widthCm: { max: MAX_SIDE_CM, label: "Largura (cm)", message: "Largura deve ser de 1 a 200 cm" },
  lengthCm: { max: MAX_SIDE_CM, label: "Comprimento (cm)", message: "Comprimento deve ser de 1 a 200 cm" },
};

/** A variant's parcel: each field its own, else its product's, else the store's default. */
export function parcelOf(variant: ParcelSize, product: ParcelSize, storeDefault: Parcel): Parcel {
  const pick = (field: ParcelSizeField) => variant[field] ?? product[field] ?? storeDefault[field];
  return {
    weightGrams: pick("weightGrams"),
    heightCm: pick("heightCm"),
    widthCm: pick("widthCm"),
    lengthCm: pick("lengthCm"),
  };
}
