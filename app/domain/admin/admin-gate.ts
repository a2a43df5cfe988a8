/** The admin gate's texts (spec sections 5 and 8), shared by the dialog and the server. */
export const GATE_MESSAGES = {
  blank: "Por favor, digite a senha.",
  wrong: "Senha incorreta",
  failed: "Erro ao verificar senha",
  passed: "Acesso autorizado!",
  tooMany: "Muitas tentativas. Aguarde um minuto e tente novamente.",
} as const;

/** The spec's verify-admin-password answer, with the message to show. */
export interface GateAnswer {
  valid: boolean;
  message: string;
}
