import type { Parcel } from "../parcel-size";

/** What one box may be: the carrier's limits. */
export interface BoxLimits {
  maxWeightGrams: number;
  maxSideCm: number;
  maxSumOfSidesCm: number;
}

/** The Correios' limits for a box (PAC and SEDEX): 30 kg, 100 cm a side, 200 cm the three sides. */
export const CORREIOS_BOX_LIMITS: BoxLimits = {
  maxWeightGrams: 30_000,
  maxSideCm: 100,
  maxSumOfSidesCm: 200,
};

/** The Correios' smallest box: 16 × 11 × 2 cm (length × width × height). */
const MIN_LENGTH_CM = 16;
const MIN_WIDTH_CM = 11;
const MIN_HEIGHT_CM = 2;

/** A unit's sides, the longest first. */
type Sides = readonly [longest: number, middle: number, shortest: number];

interface Unit {
  weightGrams: number;
  sides: Sides;
  volume: number;
}

/**
 * The boxes a cart's units are sent in, by an estimate rather than a real packing: units go in,
 * the largest (by volume, then weight) first, into one box whose length and width are the longest
 * and middle sides of its units (at least 16 × 11 cm) and whose height grows until the box's
 * volume holds the sum of the units' volumes (no margin for packaging; at least the thickest
 * unit's shortest side and 2 cm). When a unit would take the box past the weight or the side
 * limits, a new box starts. A unit that alone passes the limits still gets its own box: the
 * provider refuses or quotes it.
 */
export function packBoxes(items: { parcel: Parcel; quantity: number }[], limits: BoxLimits): Parcel[] {
  const units = items
    .flatMap(({ parcel, quantity }) => Array.from({ length: Math.max(0, quantity) }, () => unitOf(parcel)))
    .sort((a, b) => b.volume - a.volume || b.weightGrams - a.weightGrams);
  const boxes: Parcel[] = [];
  let packed: Unit[] = [];
  for (const unit of units) {
    const grown = boxOf([...packed, unit]);
    if (packed.length > 0 && !withinLimits(grown, limits)) {
      boxes.push(boxOf(packed));
      packed = [unit];
    } else {
      packed.push(unit);
    }
  }
  if (packed.length > 0) boxes.push(boxOf(packed));
  return boxes;
}

function unitOf(parcel: Parcel): Unit {
  const [longest = 0, middle = 0, shortest = 0] = [parcel.lengthCm, parcel.widthCm, parcel.heightCm].sort(
    (a, b) => b - a,
  );
  return {
    weightGrams: parcel.weightGrams,
    sides: [longest, middle, shortest],
    volume: longest * middle * shortest,
  };
}

function boxOf(units: readonly Unit[]): Parcel {
  const lengthCm = Math.max(MIN_LENGTH_CM, ...units.map((unit) => unit.sides[0]));
  const widthCm = Math.max(MIN_WIDTH_CM, ...units.map((unit) => unit.sides[1]));
  const volume = units.reduce((sum, unit) => sum + unit.volume, 0);
  const heightCm = Math.max(
    MIN_HEIGHT_CM,
    ...units.map((unit) => unit.sides[2]),
    Math.ceil(volume / (lengthCm * widthCm)),
  );
  const weightGrams = units.reduce((sum, unit) => sum + unit.weightGrams, 0);
  return { weightGrams, heightCm, widthCm, lengthCm };
}

function withinLimits(box: Parcel, limits: BoxLimits): boolean {
  const sides = [box.lengthCm, box.widthCm, box.heightCm];
  return (
    box.weightGrams <= limits.maxWeightGrams &&
    Math.max(...sides) <= limits.maxSideCm &&
    sides.reduce((sum, side) => sum + side, 0) <= limits.maxSumOfSidesCm
  );
}
