import { describe, expect, it } from "vitest";
import { passwordResetMail } from "./password-reset";

const input = {
  customerName: "Maria Souza",
  resetUrl: "https://loja.example/auth/reset-password?token=AbC123&x=1",
  supportEmail: "ajuda@loja.example",
  validMinutes: 60,
};

describe("password reset e-mail", () => {
  it("carries the link, its validity and what to do if it was not asked for, in both parts", () => {
    const { subject, text, html } = passwordResetMail(input);
    expect(subject).toBe("Redefina sua senha da Vitrine");
    for (const part of [text, html]) {
      expect(part).toContain("Olá, Maria Souza!");
      expect(part).toContain("Ele vale por 1 hora e pode ser usado uma única vez.");
      expect(part).toContain("ignore este e-mail: a sua senha continua a mesma.");
      expect(part).toContain("ajuda@loja.example");
    }
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
