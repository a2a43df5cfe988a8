import { describe, expect, it } from "vitest";
import { describeSender, mailSender } from "./sender.server";

describe("the sender of the store's e-mails", () => {
  it("is the store's name at MAIL_FROM's address, whatever name MAIL_FROM gives", () => {
    const sender = mailSender("Vitrine <nao-responda@loja.example>", "Empório Açaí & Cia");
    expect(sender).toEqual({ name: "Empório Açaí & Cia", address: "nao-responda@loja.example" });
    expect(describeSender(sender)).toBe("Empório Açaí & Cia <nao-responda@loja.example>");
    expect(mailSender("nao-responda@loja.example", "Loja Aurora")).toEqual({
      name: "Loja Aurora",
      address: "nao-responda@loja.example",
    });
  });

  it("is MAIL_FROM as it is for a message without a name of its own", () => {
    expect(mailSender('"Vitrine" <nao-responda@loja.example>', null)).toEqual({
      name: "Vitrine",
      address: "nao-responda@loja.example",
    });
    const bare = mailSender("nao-responda@loja.example", null);
    expect(describeSender(bare)).toBe("nao-responda@loja.example");
  });
});
