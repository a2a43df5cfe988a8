import { describe, expect, it } from "vitest";
import { couponFormTexts, couponValueText, parseCouponForm } from "./coupon-form";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

describe("the coupon form", () => {
  it("reads back what it shows, for each kind", () => {
    const typed = {
      code: "BLACK-FRIDAY",
      kind: "percent",
      value: "7,5",
      startsOn: "2026-11-27",
      endsOn: "2026-11-27",
      minSubtotal: "299,90",
      maxUses: "10",
      maxUsesPerCustomer: "1",
      firstPurchaseOnly: "on",
      pixOnly: "",
      onSaleItems: "on",
      addsToPixDiscount: "",
      onlyProducts: "3, 7",
      onlyCategories: "Notebooks",
      onlyBrands: "",
      exceptProducts: "",
      exceptCategories: "",
      exceptBrands: "Aurora, Boreal",
    };
    const parsed = parseCouponForm(formOf(typed));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.coupon).toMatchObject({
      value: 750,
      // One São Paulo day: from its midnight to the next.
      startsAt: new Date("2026-11-27T03:00:00Z"),
      endsAt: new Date("2026-11-28T03:00:00Z"),
      only: { productIds: [3, 7], categories: ["Notebooks"], brands: [] },
      except: { productIds: [], categories: [], brands: ["Aurora", "Boreal"] },
    });
    expect(couponFormTexts(parsed.coupon)).toEqual({ ...typed, value: "7,50" });
    expect(couponValueText(parsed.coupon)).toBe("7,5%");

    const freeShipping = parseCouponForm(
      formOf({ code: "frete gratis", kind: "free_shipping", value: "10" }),
    );
    expect(freeShipping).toMatchObject({
      ok: true,
      coupon: { code: "FRETEGRATIS", value: 0, startsAt: null },
    });
    const fixed = parseCouponForm(formOf({ code: "VALE20", kind: "fixed", value: "R$ 20,00" }));
    expect(fixed.ok && couponValueText(fixed.coupon)).toBe("R$\u00a020,00");
  });

  it("refuses a kind it does not know and a date that does not exist", () => {
    expect(parseCouponForm(formOf({ code: "VALE20", kind: "brinde", startsOn: "2026-02-30" }))).toMatchObject(
      {
        ok: false,
        errors: { kind: "Escolha o tipo do cupom", startsOn: "Informe uma data válida" },
      },
    );
  });
});
