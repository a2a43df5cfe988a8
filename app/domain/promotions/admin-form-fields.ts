import { z } from "../../lib/zod";
import { formatDate, storeDayText, storeWallClock } from "../../lib/dates";

/** What the coupon and promotion forms share: their São Paulo days and how a refusal reads. */

export const DAY_MESSAGE = "Informe uma data válida";

/** A São Paulo day typed in a date field ('2026-11-27'). */
export const storeDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE)
  .refine((day) => storeWallClock(`${day}T00:00:00`) !== null, DAY_MESSAGE);

/** The instant a São Paulo day (as `storeDay` reads it) starts. */
export const dayStart = (day: string) => storeWallClock(`${day}T00:00:00`)!;

/** The instant the day is over: a coupon or a promotion valid through it ends then. */
export const dayEnd = (day: string) => new Date(storeWallClock(`${day}T23:59:59.999`)!.getTime() + 1);

/** The last day of a window ending at `endsAt` (the instant that day is over), as typed. */
export const lastDayText = (endsAt: Date) => storeDayText(endsAt.getTime() - 1);

/** A window of days as lists say it: 'de 27/11/2026 a 30/11/2026', 'até 30/11/2026', 'sem prazo'. */
export function windowText({ startsAt, endsAt }: { startsAt: Date | null; endsAt: Date | null }): string {
  const last = endsAt && formatDate(endsAt.getTime() - 1);
  if (startsAt && last) return `de ${formatDate(startsAt)} a ${last}`;
  if (startsAt) return `a partir de ${formatDate(startsAt)}`;
  return last ? `até ${last}` : "sem prazo";
}

/** A form refused: each field's message, the first also as the form's. */
export interface FieldRefusals {
  ok: false;
  message: string;
  errors: Record<string, string>;
}

/** A form's texts read by `schema`, or each field's refusal. */
export function readFormFields<T>(
  schema: z.ZodType<T>,
  form: FormData,
): { ok: true; value: T } | FieldRefusals {
  const texts = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = schema.safeParse(texts);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, message: Object.values(errors)[0]!, errors };
}
