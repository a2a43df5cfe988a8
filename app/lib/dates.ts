import { TZDate } from "@date-fns/tz";
import { addBusinessDays, endOfDay, format } from "date-fns";
import { ptBR } from "date-fns/locale";

/**
 * The store's dates are São Paulo's, whatever the time zone of the server rendering the page or
 * of the browser hydrating it, so both print the same text and hydration never mismatches.
 */
export const STORE_TIME_ZONE = "America/Sao_Paulo";

/**
 * ISO text without "Z" or an offset: "2026-01-15", "2026-01-15T10:00", "2026-01-15 10:00:00.5".
 * JavaScript reads the date-only form as UTC midnight (the evening before in São Paulo) and the
 * others in the machine's zone; both are read here as São Paulo's calendar and wall clock.
 */
const ISO_DAY = String.raw`(\d{4})-(\d{2})-(\d{2})`;
const ISO_TIME = String.raw`(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?`;
const FLOATING_ISO = new RegExp(`^${ISO_DAY}${ISO_TIME}$`);

/** A zone-less ISO text as São Paulo time; impossible dates ("2026-02-30") are invalid. */
function fromFloatingIso(match: RegExpExecArray): TZDate {
  const [, year, month, day, hours = "0", minutes = "0", seconds = "0", fraction = ""] = match;
  const date = new TZDate(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
    Number(fraction.padEnd(3, "0")),
    STORE_TIME_ZONE,
  );
  const asWritten = date.getMonth() === Number(month) - 1 && date.getDate() === Number(day);
  return asWritten ? date : new TZDate(NaN, STORE_TIME_ZONE);
}

function inStoreTimeZone(date: Date | string | number): TZDate {
  const floating = typeof date === "string" ? FLOATING_ISO.exec(date.trim()) : null;
  if (floating) return fromFloatingIso(floating);
  return new TZDate(new Date(date).getTime(), STORE_TIME_ZONE);
}

/**
 * A zone-less ISO text ("2026-01-15T10:00:00", as the Correios write their times) read as São
 * Paulo's wall clock; null when it is not one, or names no real date.
 */
export function storeWallClock(text: string): Date | null {
  const floating = FLOATING_ISO.exec(text.trim());
  if (!floating) return null;
  const time = fromFloatingIso(floating).getTime();
  return Number.isNaN(time) ? null : new Date(time);
}

/** dd/MM/yyyy in São Paulo. Throws a RangeError for an invalid date. */
export function formatDate(date: Date | string | number): string {
  return format(inStoreTimeZone(date), "dd/MM/yyyy", { locale: ptBR });
}

/** São Paulo's calendar day of an instant, as a date field holds it: yyyy-MM-dd. */
export function storeDayText(date: Date | string | number): string {
  return format(inStoreTimeZone(date), "yyyy-MM-dd");
}

/** dd/MM/yyyy 'às' HH:mm in São Paulo. Throws a RangeError for an invalid date. */
export function formatDateTime(date: Date | string | number): string {
  return format(inStoreTimeZone(date), "dd/MM/yyyy 'às' HH:mm", { locale: ptBR });
}

/**
 * The end (São Paulo's midnight) of the `days`-th working day after `date`, Saturdays and Sundays
 * skipped: the last day of a delivery promised 'até N dias úteis'.
 */
export function endOfWorkingDaysAfter(date: Date, days: number): Date {
  return new Date(endOfDay(addBusinessDays(inStoreTimeZone(date), days)).getTime());
}
