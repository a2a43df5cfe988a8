import { z } from "./zod";

/**
 * A company's state registration (inscrição estadual) as the nota fiscal takes it: its digits (2
 * to 14, by state), or ISENTO for a company registered as exempt. Not given at all: the company
 * does not pay ICMS (the NF-e's "não contribuinte").
 */
export const STATE_REGISTRATION_EXEMPT = "ISENTO";

export const STATE_REGISTRATION_MESSAGE = 'Inscrição estadual inválida: digite só os números ou "isento"';

const STORED_FORM = /^(?:[0-9]{2,14}|ISENTO)$/;

/** As typed ("110.042.490.114", "Isento") to the stored form; "" when nothing was typed. */
export function compactStateRegistration(typed: string): string {
  const trimmed = typed.trim();
  if (trimmed.toUpperCase() === STATE_REGISTRATION_EXEMPT) return STATE_REGISTRATION_EXEMPT;
  return trimmed.replace(/[\s./-]/g, "");
}

/** Whether a compacted registration is one the stored form accepts; "" (none given) is. */
export function isStateRegistration(compact: string): boolean {
  return compact === "" || STORED_FORM.test(compact);
}

/** The stored registration as the pages show it: "isento" spelled out, digits as stored. */
export function stateRegistrationText(stored: string | null): string {
  if (stored === null) return "Não contribuinte do ICMS";
  return stored === STATE_REGISTRATION_EXEMPT ? "Isento" : stored;
}

/** The registration as typed in a form or a request, kept as digits or ISENTO; left empty: none (null). */
export const stateRegistrationField = z
  .string({ error: STATE_REGISTRATION_MESSAGE })
  .max(30, STATE_REGISTRATION_MESSAGE)
  .transform(compactStateRegistration)
  .refine(isStateRegistration, STATE_REGISTRATION_MESSAGE)
  .transform((compact) => compact || null);
