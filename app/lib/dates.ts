import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { ptBR } from "date-fns/locale";

/** The store's dates are São Paulo's, whatever the server's or the browser's time zone. */
export const STORE_TIME_ZONE = "America/Sao_Paulo";

function inStoreTimeZone(date: Date | string | number): TZDate {
  return new TZDate(new Date(date).getTime(), STORE_TIME_ZONE);
}

/** dd/MM/yyyy */
export function formatDate(date: Date | string | number): string {
  return format(inStoreTimeZone(date), "dd/MM/yyyy", { locale: ptBR });
}

/** dd/MM/yyyy 'às' HH:mm */
export function formatDateTime(date: Date | string | number): string {
  return format(inStoreTimeZone(date), "dd/MM/yyyy 'às' HH:mm", { locale: ptBR });
}
