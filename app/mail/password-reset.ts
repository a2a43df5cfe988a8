import { escapeHtml } from "../lib/html";
import { mailLayout } from "./layout";

export interface PasswordResetMailInput {
  customerName: string;
  /** The page that sets the new password, absolute, with the single-use token. */
  resetUrl: string;
  supportEmail: string;
  /** How long the link is valid, in minutes. */
  validMinutes: number;
}

/** The e-mail with the link 'Esqueci minha senha' asks for. */
export function passwordResetMail(input: PasswordResetMailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const validity = `Ele vale por ${input.validMinutes / 60 === 1 ? "1 hora" : `${input.validMinutes} minutos`} e pode ser usado uma única vez.`;
  const ignore = "Se você não pediu uma nova senha, ignore este e-mail: a sua senha continua a mesma.";
  const bodyText = [
    `Olá, ${input.customerName}!`,
    "",
    "Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, abra o link:",
    "",
    input.resetUrl,
    "",
    validity,
    "",
    ignore,
  ].join("\n");
  const url = escapeHtml(input.resetUrl);
  const bodyHtml = `<p style="margin:0 0 12px;">Olá, ${escapeHtml(input.customerName)}!</p>
<p style="margin:0 0 16px;">Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, use o botão abaixo.</p>
<p style="margin:0;"><a href="${url}" style="display:inline-block;padding:10px 16px;background-color:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;">Criar nova senha</a></p>
<p style="margin:8px 0 16px;font-size:13px;color:#52525b;word-break:break-all;">${url}</p>
<p style="margin:0 0 12px;">${escapeHtml(validity)}</p>
<p style="margin:0;">${escapeHtml(ignore)}</p>`;
  const { html, text } = mailLayout({
    storeName: "Vitrine",
    supportEmail: input.supportEmail,
    title: "Redefinição de senha",
    bodyHtml,
    bodyText,
  });
  return { subject: "Redefina sua senha da Vitrine", text, html };
}
