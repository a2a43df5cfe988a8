import { z } from "../../lib/zod";
import { typedText } from "../../lib/typed-text";
import { onlyDigits } from "../../lib/tax-id";

export const BRAZILIAN_STATES = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

const required = (message: string, max = 120) =>
  typedText().trim().min(1, message).max(max, "Texto muito longo");

/** A delivery address (spec section 5): every field but the complement is required. */
export const addressSchema = z.object({
  cep: z
    .string()
    .transform(onlyDigits)
    .refine((digits) => digits.length === 8, "CEP inválido"),
  street: required("Informe a rua"),
  number: required("Informe o número", 20),
  complement: typedText()
    .trim()
    .max(120, "Texto muito longo")
    .optional()
    .transform((value) => value || null),
  neighborhood: required("Informe o bairro"),
  city: required("Informe a cidade"),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .max(2, "UF inválida")
    .refine(
      (uf): uf is (typeof BRAZILIAN_STATES)[number] => (BRAZILIAN_STATES as readonly string[]).includes(uf),
      "UF inválida",
    ),
  isDefault: z
    .union([z.literal("on"), z.literal("true"), z.boolean()])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
});

export type AddressInput = z.infer<typeof addressSchema>;

/** A saved delivery address, as the customer's pages and the checkout show it. */
export interface Address {
  id: string;
  cep: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  isDefault: boolean;
}

/**
 * What the address form says of a CEP it could not fill from: unknown to the service (the spec's
 * text), or the service did not answer; either way the customer types the address.
 */
export const CEP_LOOKUP_MESSAGES = {
  notFound: "CEP não encontrado",
  unavailable: "Não foi possível consultar o CEP agora: preencha o endereço",
} as const;

/** What a CEP lookup answers: the address without number and complement. */
export interface CepAddress {
  cep: string;
  street: string;
  neighborhood: string;
  city: string;
  state: string;
}
