import { z } from "../../lib/zod";
import { formatCentsAsTyped, parseBRLToCents } from "../../lib/money";
import { storeDayText } from "../../lib/dates";
import {
  dayEnd,
  dayStart,
  lastDayText,
  readFormFields,
  storeDay,
  type FieldRefusals,
} from "./admin-form-fields";

/**
 * The admin's form of an automatic promotion (issue 53, decision 0040): a percentage off every
 * product of one category or one brand, from the start of its first São Paulo day to the end of
 * its last, without a code.
 */

/** A promotion's rules as the admin sets them (whether it is active is set apart). */
export interface PromotionInput {
  name: string;
  /** Basis points off the price (1000 = 10%). */
  percentBasisPoints: number;
  /** What it covers: a category or a brand, exactly one of them. */
  category: string | null;
  brand: string | null;
  startsAt: Date;
  endsAt: Date;
}

export const PROMOTION_FIELD_MESSAGES = {
  name: "Dê um nome de até 80 caracteres à promoção",
  percent: "Informe a porcentagem de 1 a 90, ex.: 15 ou 7,5",
  coversNone: "Escolha a categoria ou a marca da promoção",
  coversBoth: "Escolha só uma: a categoria ou a marca",
  endsBeforeStart: "O último dia deve ser o primeiro ou depois dele",
} as const;

const MIN_BASIS_POINTS = 100;
const MAX_BASIS_POINTS = 9_000;

/** A select left on its first option ('—') posts an empty text. */
const chosen = z
  .string()
  .max(100)
  .transform((text) => text.trim() || null)
  .prefault("");

const promotionFormSchema = z
  .object({
    name: z.string().trim().min(1, PROMOTION_FIELD_MESSAGES.name).max(80, PROMOTION_FIELD_MESSAGES.name),
    percent: z
      .string()
      .max(20)
      .transform((text) => parseBRLToCents(text.replace(/%$/, "").trim()))
      .pipe(
        z
          .number(PROMOTION_FIELD_MESSAGES.percent)
          .min(MIN_BASIS_POINTS, PROMOTION_FIELD_MESSAGES.percent)
          .max(MAX_BASIS_POINTS, PROMOTION_FIELD_MESSAGES.percent),
      ),
    category: chosen,
    brand: chosen,
    startsOn: storeDay,
    endsOn: storeDay,
  })
  .superRefine((form, context) => {
    if (form.category === null && form.brand === null) {
      context.addIssue({ code: "custom", path: ["category"], message: PROMOTION_FIELD_MESSAGES.coversNone });
    }
    if (form.category !== null && form.brand !== null) {
      context.addIssue({ code: "custom", path: ["brand"], message: PROMOTION_FIELD_MESSAGES.coversBoth });
    }
    if (form.endsOn < form.startsOn) {
      context.addIssue({
        code: "custom",
        path: ["endsOn"],
        message: PROMOTION_FIELD_MESSAGES.endsBeforeStart,
      });
    }
  })
  .transform((form): PromotionInput => ({
    name: form.name,
    percentBasisPoints: form.percent,
    category: form.category,
    brand: form.brand,
    startsAt: dayStart(form.startsOn),
    endsAt: dayEnd(form.endsOn),
  }));

/** The form posted, read into the promotion's rules, or each field's refusal (the first as the message). */
export function parsePromotionForm(form: FormData): { ok: true; promotion: PromotionInput } | FieldRefusals {
  const read = readFormFields(promotionFormSchema, form);
  return read.ok ? { ok: true, promotion: read.value } : read;
}

/** A promotion's rules as its form's fields show them, which `parsePromotionForm` reads back. */
export function promotionFormTexts(promotion: PromotionInput): Record<string, string> {
  return {
    name: promotion.name,
    percent: formatCentsAsTyped(promotion.percentBasisPoints),
    category: promotion.category ?? "",
    brand: promotion.brand ?? "",
    startsOn: storeDayText(promotion.startsAt),
    endsOn: lastDayText(promotion.endsAt),
  };
}
