import { formatDateTime } from "../lib/dates";
import { escapeHtml } from "../lib/html";
import { mailLayout, type ComposedMail, type MailStore } from "./layout";

/** The account's e-mails: the reset link, the address confirmations and the change notice. */

interface LinkMailInput {
  customerName: string;
  store: MailStore;
  subject: string;
  title: string;
  /** What the link does, before the button. */
  intro: string;
  buttonLabel: string;
  /** Absolute, with its single-use token. */
  url: string;
  /** Paragraphs after the link: how long it lasts, what to do if it was not asked for. */
  notes: string[];
}

/** A message whose point is one link: a greeting, what it does, the button, the link as text. */
function linkMail(input: LinkMailInput): ComposedMail {
  const bodyText = [
    `Olá, ${input.customerName}!`,
    "",
    input.intro,
    "",
    input.url,
    ...input.notes.flatMap((note) => ["", note]),
  ].join("\n");
  const url = escapeHtml(input.url);
  const bodyHtml = `<p style="margin:0 0 12px;">Olá, ${escapeHtml(input.customerName)}!</p>
<p style="margin:0 0 16px;">${escapeHtml(input.intro)}</p>
<p style="margin:0;"><a href="${url}" style="display:inline-block;padding:10px 16px;background-color:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(input.buttonLabel)}</a></p>
<p style="margin:8px 0 16px;font-size:13px;color:#52525b;word-break:break-all;">${url}</p>
${input.notes.map((note) => `<p style="margin:0 0 12px;">${escapeHtml(note)}</p>`).join("\n")}`;
  const { store, subject, title } = input;
  return mailLayout({ store, subject, title, bodyHtml, bodyText });
}

function validity(minutes: number): string {
  if (minutes % (24 * 60) === 0) {
    const days = minutes / (24 * 60);
    return days === 1 ? "24 horas" : `${days} dias`;
  }
  if (minutes % 60 === 0) return minutes === 60 ? "1 hora" : `${minutes / 60} horas`;
  return `${minutes} minutos`;
}

export interface PasswordResetMailInput {
  customerName: string;
  /** The page that sets the new password, absolute, with the single-use token. */
  resetUrl: string;
  store: MailStore;
  /** How long the link is valid, in minutes. */
  validMinutes: number;
}

/** The e-mail with the link 'Esqueci minha senha' asks for. */
export function passwordResetMail(input: PasswordResetMailInput): ComposedMail {
  return linkMail({
    customerName: input.customerName,
    store: input.store,
    subject: `Redefina sua senha da ${input.store.identity.name}`,
    title: "Redefinição de senha",
    intro:
      "Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, use o link abaixo.",
    buttonLabel: "Criar nova senha",
    url: input.resetUrl,
    notes: [
      `Ele vale por ${validity(input.validMinutes)} e pode ser usado uma única vez.`,
      "Se você não pediu uma nova senha, ignore este e-mail: a sua senha continua a mesma.",
    ],
  });
}

export interface EmailConfirmationMailInput {
  customerName: string;
  /** The page that confirms the address, absolute, with its token. */
  confirmUrl: string;
  store: MailStore;
  validMinutes: number;
  /** The account's own address, or the new one of an e-mail change (which waits for it). */
  purpose: "account" | "change";
}

/** The link that confirms an address: a new account's, or the new one a customer asked for. */
export function emailConfirmationMail(input: EmailConfirmationMailInput): ComposedMail {
  const change = input.purpose === "change";
  const storeName = input.store.identity.name;
  return linkMail({
    customerName: input.customerName,
    store: input.store,
    subject: change ? `Confirme seu novo e-mail na ${storeName}` : `Confirme seu e-mail na ${storeName}`,
    title: change ? "Confirmação do novo e-mail" : "Confirmação de e-mail",
    intro: change
      ? "Você pediu para usar este endereço na sua conta. Ele passa a valer quando você o confirmar no link abaixo."
      : "Obrigado por criar sua conta! Confirme que este e-mail é seu no link abaixo.",
    buttonLabel: "Confirmar e-mail",
    url: input.confirmUrl,
    notes: [
      `O link vale por ${validity(input.validMinutes)}.`,
      change
        ? "Se você não pediu esta troca, ignore este e-mail: nada muda na conta."
        : `Se você não criou uma conta na ${storeName}, ignore este e-mail.`,
    ],
  });
}

export interface EmailChangedMailInput {
  customerName: string;
  newEmail: string;
  changedAt: Date;
  store: MailStore;
}

/** Sent to the old address once a new one is confirmed: whoever owns it learns of the change. */
export function emailChangedMail(input: EmailChangedMailInput): ComposedMail {
  const { store } = input;
  const changed = `O e-mail da sua conta foi alterado para ${input.newEmail} em ${formatDateTime(input.changedAt)}.`;
  const notYou = `Se não foi você, fale com a gente agora em ${store.contacts.supportEmail}.`;
  const bodyText = [`Olá, ${input.customerName}!`, "", changed, "", notYou].join("\n");
  const bodyHtml = `<p style="margin:0 0 12px;">Olá, ${escapeHtml(input.customerName)}!</p>
<p style="margin:0 0 12px;">${escapeHtml(changed)}</p>
<p style="margin:0;">${escapeHtml(notYou)}</p>`;
  return mailLayout({
    store,
    subject: `O e-mail da sua conta na ${store.identity.name} foi alterado`,
    title: "E-mail alterado",
    bodyHtml,
    bodyText,
  });
}
