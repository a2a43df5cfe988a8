/** A customer's profile as the account pages show it: a person's (CPF) or a company's (CNPJ). */
export interface Profile {
  fullName: string;
  phone: string;
  email: string;
  userType: "PF" | "PJ";
  cpf: string | null;
  cnpj: string | null;
  companyWebsite: string | null;
  /** A company's inscrição estadual: digits, ISENTO, or none given. */
  stateRegistration: string | null;
  avatarUrl: string | null;
}
