import { describe, expect, it } from "vitest";
import type { Parcel } from "../parcel-size";
import { CORREIOS_BOX_LIMITS, packBoxes } from "./packing";

const phoneCase: Parcel = { weightGrams: 40, heightCm: 2, widthCm: 8, lengthCm: 15 };
const notebook: Parcel = { weightGrams: 2200, heightCm: 3, widthCm: 25, lengthCm: 36 };
const mouse: Parcel = { weightGrams: 100, heightCm: 4, widthCm: 6, lengthCm: 11 };
const charger: Parcel = { weightGrams: 300, heightCm: 4, widthCm: 8, lengthCm: 10 };
/** 1 kg, 30 × 30 × 3 cm: 30 of them reach the weight limit before a side limit. */
const plate: Parcel = { weightGrams: 1000, heightCm: 3, widthCm: 30, lengthCm: 30 };
const ring: Parcel = { weightGrams: 10, heightCm: 1, widthCm: 3, lengthCm: 3 };

const volumeOf = (box: Parcel) => box.lengthCm * box.widthCm * box.heightCm;

describe("packBoxes", () => {
  it("packs 30 phone cases in one box on the smallest footprint, tall enough for their volume", () => {
    const boxes = packBoxes([{ parcel: phoneCase, quantity: 30 }], CORREIOS_BOX_LIMITS);

    // 30 × 240 cm³ = 7200 cm³ over 16 × 11 cm (the Correios' smallest footprint): 41 cm.
    expect(boxes).toEqual([{ weightGrams: 1200, lengthCm: 16, widthCm: 11, heightCm: 41 }]);
    expect(volumeOf(boxes[0]!)).toBeGreaterThanOrEqual(30 * 240);
  });

  it("packs a notebook, a mouse and a charger in one box of the notebook's footprint", () => {
    const boxes = packBoxes(
      [
        { parcel: mouse, quantity: 1 },
        { parcel: notebook, quantity: 1 },
        { parcel: charger, quantity: 1 },
      ],
      CORREIOS_BOX_LIMITS,
    );

    // 2700 + 264 + 320 cm³ over 36 × 25 cm: 4 cm, the mouse's and the charger's thickness.
    expect(boxes).toEqual([{ weightGrams: 2600, lengthCm: 36, widthCm: 25, heightCm: 4 }]);
  });

  it("starts a second box when the first reaches 30 kg", () => {
    const boxes = packBoxes([{ parcel: plate, quantity: 40 }], CORREIOS_BOX_LIMITS);

    expect(boxes).toEqual([
      { weightGrams: 30_000, lengthCm: 30, widthCm: 30, heightCm: 90 },
      { weightGrams: 10_000, lengthCm: 30, widthCm: 30, heightCm: 30 },
    ]);
  });

  it("starts a new box when a side would pass the limit, before the weight does", () => {
    const book: Parcel = { weightGrams: 500, heightCm: 5, widthCm: 20, lengthCm: 20 };
    const boxes = packBoxes([{ parcel: book, quantity: 30 }], CORREIOS_BOX_LIMITS);

    // 20 books stack to 100 cm; the 21st would make 105.
    expect(boxes.map((box) => [box.heightCm, box.weightGrams])).toEqual([
      [100, 10_000],
      [50, 5000],
    ]);
  });

  it("sends a unit past the limits in a box of its own", () => {
    const rug: Parcel = { weightGrams: 4000, heightCm: 10, widthCm: 10, lengthCm: 120 };
    const boxes = packBoxes(
      [
        { parcel: phoneCase, quantity: 1 },
        { parcel: rug, quantity: 1 },
      ],
      CORREIOS_BOX_LIMITS,
    );

    expect(boxes).toEqual([
      { weightGrams: 4000, lengthCm: 120, widthCm: 11, heightCm: 10 },
      { weightGrams: 40, lengthCm: 16, widthCm: 11, heightCm: 2 },
    ]);
  });

  it("raises a small box to the Correios' smallest, 16 × 11 × 2 cm", () => {
    expect(packBoxes([{ parcel: ring, quantity: 1 }], CORREIOS_BOX_LIMITS)).toEqual([
      { weightGrams: 10, lengthCm: 16, widthCm: 11, heightCm: 2 },
    ]);
  });

  it("packs nothing for no units", () => {
    expect(packBoxes([{ parcel: ring, quantity: 0 }], CORREIOS_BOX_LIMITS)).toEqual([]);
  });
});
