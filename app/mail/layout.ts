import { escapeHtml } from "../lib/html";
import { maskCnpj } from "../lib/masks";

/** The store's one e-mail layout (pt-BR): a simple table with inline styles, which mail clients keep. */

/**
 * What an e-mail says of the store, from the owner's settings as they are when it is composed
 * (the store settings' sections, whose fields these are): its name (sender, header, subjects),
 * where to write (support e-mail) and who sells (legal line).
 */
export interface MailStore {
  identity: { name: string };
  legal: { companyName: string; cnpj: string };
  contacts: { supportEmail: string };
}

/** A message ready to queue: whom it is from (the store's name), its subject and both parts. */
export interface ComposedMail {
  senderName: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailLayoutInput {
  store: MailStore;
  subject: string;
  title: string;
  /** Markup built by a template, every value in it already escaped. */
  bodyHtml: string;
  /** The same content as plain text. */
  bodyText: string;
  /** A marketing e-mail's unsubscribe link (`unsubscribeOf`), in its footer; none on order e-mails. */
  unsubscribeUrl?: string;
}

const UNSUBSCRIBE_TEXT = "Não quer mais receber lembretes e pedidos de avaliação?";

/** The message around a template's content: sent in the store's name, with its header and footer. */
export function mailLayout(input: MailLayoutInput): ComposedMail {
  const { store } = input;
  const legalLine = `${store.legal.companyName} · CNPJ ${maskCnpj(store.legal.cnpj)}`;
  const storeName = escapeHtml(store.identity.name);
  const title = escapeHtml(input.title);
  const supportEmail = escapeHtml(store.contacts.supportEmail);
  const html = `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5;">
<tr>
<td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background-color:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#18181b;font-size:15px;line-height:1.5;">
<tr>
<td style="padding:20px 24px;border-bottom:1px solid #e4e4e7;font-size:20px;font-weight:bold;">${storeName}</td>
</tr>
<tr>
<td style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:20px;">${title}</h1>
${input.bodyHtml}
</td>
</tr>
<tr>
<td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:13px;color:#52525b;">Dúvidas? Fale com a gente: <a href="mailto:${supportEmail}" style="color:#18181b;">${supportEmail}</a><br>${escapeHtml(legalLine)}${
    input.unsubscribeUrl
      ? `<br>${UNSUBSCRIBE_TEXT} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#18181b;">Descadastrar</a>`
      : ""
  }</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`;
  const text = [
    store.identity.name,
    "",
    input.title,
    "",
    input.bodyText.trimEnd(),
    "",
    "--",
    `Dúvidas? Fale com a gente: ${store.contacts.supportEmail}`,
    legalLine,
    ...(input.unsubscribeUrl ? [`${UNSUBSCRIBE_TEXT} Descadastrar: ${input.unsubscribeUrl}`] : []),
    "",
  ].join("\n");
  return { senderName: store.identity.name, subject: input.subject, text, html };
}
