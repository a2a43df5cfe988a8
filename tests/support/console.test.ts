import { describe, expect, it } from "vitest";
import { expectConsoleError, expectOnlyAnnouncedConsoleErrors } from "./console";

// The check the setup file runs after each test, called here by hand so its failures can be seen.
describe("the console during a test", () => {
  it("fails on an error nobody announced, with the printed text", () => {
    console.error("Falha inesperada", { pedido: 42 });
    expect(expectOnlyAnnouncedConsoleErrors).toThrow("console.error: Falha inesperada { pedido: 42 }");
  });

  it("fails on a warning nobody announced", () => {
    console.warn("Cuidado");
    expect(expectOnlyAnnouncedConsoleErrors).toThrow("console.warn: Cuidado");
  });

  it("accepts an error the test announced", () => {
    expectConsoleError(/Falha ao consultar o pagamento/);
    console.error("Falha ao consultar o pagamento", new Error("tempo esgotado"));
    expect(expectOnlyAnnouncedConsoleErrors).not.toThrow();
  });

  it("fails when an announced error never comes", () => {
    expectConsoleError(/Falha ao consultar o pagamento/);
    expect(expectOnlyAnnouncedConsoleErrors).toThrow(
      "Erros esperados que não apareceram no console: /Falha ao consultar o pagamento/",
    );
  });
});
