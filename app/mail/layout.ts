import { escapeHtml } from "../lib/html";

/** The store's one e-mail layout (pt-BR): a simple table with inline styles, which mail clients keep. */

export interface MailLayoutInput {
  storeName: string;
  supportEmail: string;
  title: string;
  /** Markup built by a template, every value in it already escaped. */
  bodyHtml: string;
  /** The same content as plain text. */
  bodyText: string;
}

export function mailLayout(input: MailLayoutInput): { html: string; text: string } {
  const storeName = escapeHtml(input.storeName);
  const title = escapeHtml(input.title);
  const supportEmail = escapeHtml(input.supportEmail);
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
<td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:13px;color:#52525b;">Dúvidas? Fale com a gente: <a href="mailto:${supportEmail}" style="color:#18181b;">${supportEmail}</a></td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`;
  const text = [
    input.storeName,
    "",
    input.title,
    "",
    input.bodyText.trimEnd(),
    "",
    "--",
    `Dúvidas? Fale com a gente: ${input.supportEmail}`,
    "",
  ].join("\n");
  return { html, text };
}
