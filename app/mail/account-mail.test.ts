import { describe, expect, it } from "vitest";
import { ownStoreSettings } from "../../tests/support/store-settings";
import { emailChangedMail, emailConfirmationMail, passwordResetMail } from "./account-mail";

const store = ownStoreSettings();

const input = {
  customerName: "Maria Souza",
  resetUrl: "https://loja.example/auth/reset-password?token=AbC123&x=1",
  store,
  validMinutes: 60,
};

describe("password reset e-mail", () => {
  it("carries the link, its validity and what to do if it was not asked for, in both parts", () => {
    const { senderName, subject, text, html } = passwordResetMail(input);
    expect(senderName).toBe("Empório Açaí & Cia");
    expect(subject).toBe("Redefina sua senha da Empório Açaí & Cia");
    for (const part of [text, html]) {
      expect(part).toContain("Olá, Maria Souza!");
      expect(part).toContain("Ele vale por 1 hora e pode ser usado uma única vez.");
      expect(part).toContain("ignore este e-mail: a sua senha continua a mesma.");
      expect(part).toContain("ajuda@aurora.example");
      expect(part).toContain("Aurora Comércio Eletrônico Ltda. · CNPJ 12.ABC.345/01DE-35");
    }
    expect(text.startsWith("Empório Açaí & Cia\n")).toBe(true);
    expect(html).toContain(">Empório Açaí &amp; Cia</td>");
    expect(text).toContain(input.resetUrl);
    expect(html).toContain('href="https://loja.example/auth/reset-password?token=AbC123&amp;x=1"');
    expect(html).toContain('lang="pt-BR"');
  });

  it("writes the customer's name as text in the HTML part", () => {
    const { html } = passwordResetMail({ ...input, customerName: '<img src=x onerror="alert(1)">' });
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("e-mail confirmation", () => {
  const confirmation = {
    customerName: "Maria Souza",
    confirmUrl: "https://loja.example/auth/verify-email?token=eyJ.abc",
    store,
    validMinutes: 24 * 60,
  };

  it("asks a new account to confirm its address, with the link in both parts", () => {
    const { subject, text, html } = emailConfirmationMail({ ...confirmation, purpose: "account" });
    expect(subject).toBe("Confirme seu e-mail na Empório Açaí & Cia");
    expect(text).toContain("Se você não criou uma conta na Empório Açaí & Cia, ignore este e-mail.");
    expect(html).toContain("Se você não criou uma conta na Empório Açaí &amp; Cia, ignore este e-mail.");
    for (const part of [text, html]) {
      expect(part).toContain("Obrigado por criar sua conta! Confirme que este e-mail é seu no link abaixo.");
      expect(part).toContain("O link vale por 24 horas.");
      expect(part).toContain("ajuda@aurora.example");
    }
    expect(text).toContain(confirmation.confirmUrl);
    expect(html).toContain(`href="${confirmation.confirmUrl}"`);
  });

  it("tells the new address of a change that nothing changes until it is confirmed", () => {
    const { subject, text } = emailConfirmationMail({ ...confirmation, purpose: "change" });
    expect(subject).toBe("Confirme seu novo e-mail na Empório Açaí & Cia");
    expect(text).toContain("Ele passa a valer quando você o confirmar no link abaixo.");
    expect(text).toContain("Se você não pediu esta troca, ignore este e-mail: nada muda na conta.");
  });

  it("tells the old address which address the account uses now, and when", () => {
    const { subject, text, html } = emailChangedMail({
      customerName: "Maria <b>Souza</b>",
      newEmail: "maria.nova@example.com",
      changedAt: new Date("2026-11-25T17:30:00Z"),
      store,
    });
    expect(subject).toBe("O e-mail da sua conta na Empório Açaí & Cia foi alterado");
    expect(text).toContain(
      "O e-mail da sua conta foi alterado para maria.nova@example.com em 25/11/2026 às 14:30.",
    );
    expect(text).toContain("Se não foi você, fale com a gente agora em ajuda@aurora.example.");
    expect(html).toContain("Maria &lt;b&gt;Souza&lt;/b&gt;");
  });
});

describe("the store's name in an e-mail", () => {
  it("stays text in the HTML part, as the owner typed it in the subject and the text part", () => {
    const name = '<img src=x onerror="alert(1)"> Loja';
    const mail = passwordResetMail({ ...input, store: { ...store, identity: { ...store.identity, name } } });
    expect(mail.senderName).toBe(name);
    expect(mail.subject).toBe(`Redefina sua senha da ${name}`);
    expect(mail.text).toContain(name);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Loja");
  });
});
