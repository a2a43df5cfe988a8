import { z } from "../../lib/zod";
import { storeDayText } from "../../lib/dates";
import { formatBRL, formatCentsAsTyped, parseBRLToCents } from "../../lib/money";
import {
  dayEnd,
  DAY_MESSAGE,
  dayStart,
  lastDayText,
  readFormFields,
  storeDay,
  type FieldRefusals,
} from "./admin-form-fields";
import { COUPON_KINDS } from "../../lib/order-statuses";
import { formatPercent } from "../payments/payment-prices";
import { COUPON_CODE_PATTERN, normalizeCouponCode, type Coupon, type CouponScope } from "./coupons";

/**
 * The admin's coupon form (issue 53): its fields as typed, read into a coupon's rules, each
 * refusal at its field in pt-BR. Days are São Paulo's: a coupon runs from the start of its first
 * day to the end of its last.
 */

/** A coupon's rules as the admin sets them (whether it is active is set apart). */
export type CouponInput = Omit<Coupon, "active">;

export const COUPON_FIELD_MESSAGES = {
  code: "Use de 3 a 30 letras, números, - ou _",
  percent: "Informe a porcentagem de 0,01 a 100, ex.: 10 ou 7,5",
  amount: "Informe o valor em reais, ex.: 20,00",
  day: DAY_MESSAGE,
  endsBeforeStart: "O último dia deve ser o primeiro ou depois dele",
  minSubtotal: "Informe o valor em reais, ex.: 300,00",
  uses: "Informe um número inteiro de 1 a 1.000.000, ou deixe em branco",
  productIds: "Informe os números dos produtos separados por vírgula",
} as const;

const MAX_USES = 1_000_000;
const MAX_AMOUNT_CENTS = 100_000_000;

/** A field that may be left blank or out (null), else read by `filled`. */
const blankOr = <Out>(filled: z.ZodType<Out, string>) =>
  z
    .string()
    .transform((text) => (text.trim() === "" ? null : text.trim()))
    .pipe(z.union([z.null(), filled]))
    .prefault("");

const reais = (message: string) =>
  z.string().transform((text, context) => {
    const cents = parseBRLToCents(text);
    if (cents !== null && cents > 0 && cents <= MAX_AMOUNT_CENTS) return cents;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });

const optionalUses = blankOr(
  z
    .string()
    .regex(/^\d{1,7}$/, COUPON_FIELD_MESSAGES.uses)
    .transform(Number)
    .pipe(z.number().int().min(1, COUPON_FIELD_MESSAGES.uses).max(MAX_USES, COUPON_FIELD_MESSAGES.uses)),
);

const optionalDay = blankOr(storeDay);

/** Names separated by commas or lines, each once, blanks dropped. */
const names = z
  .string()
  .max(2_000)
  .transform((text) => [
    ...new Set(
      text
        .split(/[,\n]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ])
  .prefault("");

const productIds = z
  .string()
  .max(2_000)
  .transform((text) => text.split(/[,\s]+/).filter(Boolean))
  .pipe(
    z.array(
      z
        .string()
        .regex(/^\d{1,9}$/, COUPON_FIELD_MESSAGES.productIds)
        .transform(Number),
    ),
  )
  .transform((ids) => [...new Set(ids)])
  .prefault("");

/** A checkbox: ticked when posted as 'on', not ticked when left out (or anything else). */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

const couponFormSchema = z
  .object({
    code: z
      .string()
      .transform(normalizeCouponCode)
      .pipe(z.string().regex(COUPON_CODE_PATTERN, COUPON_FIELD_MESSAGES.code)),
    kind: z.enum(COUPON_KINDS, { error: "Escolha o tipo do cupom" }),
    value: z.string().prefault(""),
    startsOn: optionalDay,
    endsOn: optionalDay,
    minSubtotal: blankOr(reais(COUPON_FIELD_MESSAGES.minSubtotal)),
    maxUses: optionalUses,
    maxUsesPerCustomer: optionalUses,
    firstPurchaseOnly: checkbox,
    pixOnly: checkbox,
    onSaleItems: checkbox,
    addsToPixDiscount: checkbox,
    onlyProducts: productIds,
    onlyCategories: names,
    onlyBrands: names,
    exceptProducts: productIds,
    exceptCategories: names,
    exceptBrands: names,
  })
  .superRefine((form, context) => {
    if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) {
      context.addIssue({ code: "custom", path: ["endsOn"], message: COUPON_FIELD_MESSAGES.endsBeforeStart });
    }
  })
  .transform((form, context): CouponInput => {
    const value = couponValue(form.kind, form.value);
    if (value === null) {
      const message = form.kind === "percent" ? COUPON_FIELD_MESSAGES.percent : COUPON_FIELD_MESSAGES.amount;
      context.addIssue({ code: "custom", path: ["value"], message });
      return z.NEVER;
    }
    const scope = (productIds: number[], categories: string[], brands: string[]): CouponScope => ({
      productIds,
      categories,
      brands,
    });
    return {
      code: form.code,
      kind: form.kind,
      value,
      startsAt: form.startsOn === null ? null : dayStart(form.startsOn),
      endsAt: form.endsOn === null ? null : dayEnd(form.endsOn),
      minSubtotalCents: form.minSubtotal,
      maxUses: form.maxUses,
      maxUsesPerCustomer: form.maxUsesPerCustomer,
      firstPurchaseOnly: form.firstPurchaseOnly,
      pixOnly: form.pixOnly,
      only: scope(form.onlyProducts, form.onlyCategories, form.onlyBrands),
      except: scope(form.exceptProducts, form.exceptCategories, form.exceptBrands),
      onSaleItems: form.onSaleItems,
      addsToPixDiscount: form.addsToPixDiscount,
    };
  });

/** The value typed for a kind: a percentage as basis points, an amount as centavos, none for free shipping. */
function couponValue(kind: Coupon["kind"], typed: string): number | null {
  if (kind === "free_shipping") return 0;
  const hundredths = parseBRLToCents(typed.replace(/%$/, "").trim());
  if (hundredths === null || hundredths <= 0) return null;
  if (kind === "percent") return hundredths <= 10_000 ? hundredths : null;
  return hundredths <= MAX_AMOUNT_CENTS ? hundredths : null;
}

/** The form posted, read into the coupon's rules, or each field's refusal (the first as the message). */
export function parseCouponForm(form: FormData): { ok: true; coupon: CouponInput } | FieldRefusals {
  const read = readFormFields(couponFormSchema, form);
  return read.ok ? { ok: true, coupon: read.value } : read;
}

/** A coupon's rules as its form's fields show them, which `parseCouponForm` reads back. */
export function couponFormTexts(coupon: CouponInput): Record<string, string> {
  const optional = (cents: number | null) => (cents === null ? "" : formatCentsAsTyped(cents));
  const checked = (on: boolean) => (on ? "on" : "");
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === "free_shipping" ? "" : formatCentsAsTyped(coupon.value),
    startsOn: coupon.startsAt ? storeDayText(coupon.startsAt) : "",
    endsOn: coupon.endsAt ? lastDayText(coupon.endsAt) : "",
    minSubtotal: optional(coupon.minSubtotalCents),
    maxUses: coupon.maxUses === null ? "" : String(coupon.maxUses),
    maxUsesPerCustomer: coupon.maxUsesPerCustomer === null ? "" : String(coupon.maxUsesPerCustomer),
    firstPurchaseOnly: checked(coupon.firstPurchaseOnly),
    pixOnly: checked(coupon.pixOnly),
    onSaleItems: checked(coupon.onSaleItems),
    addsToPixDiscount: checked(coupon.addsToPixDiscount),
    onlyProducts: coupon.only.productIds.join(", "),
    onlyCategories: coupon.only.categories.join(", "),
    onlyBrands: coupon.only.brands.join(", "),
    exceptProducts: coupon.except.productIds.join(", "),
    exceptCategories: coupon.except.categories.join(", "),
    exceptBrands: coupon.except.brands.join(", "),
  };
}

/** A new coupon's form: 10% off, on items on promotion too. */
export const NEW_COUPON_TEXTS: Record<string, string> = { kind: "percent", onSaleItems: "on" };

/** What a coupon takes off, as the list says it: '10%', 'R$ 20,00', 'Frete grátis'. */
export function couponValueText(coupon: Pick<CouponInput, "kind" | "value">): string {
  if (coupon.kind === "free_shipping") return "Frete grátis";
  return coupon.kind === "percent" ? formatPercent(coupon.value) : formatBRL(coupon.value);
}
