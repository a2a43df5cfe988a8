import { describe, expect, it } from "vitest";
import { sealedSecrets } from "./sealed-secrets.server";

const env = (secret: string) => ({ AUTH_SECRET: secret, DATA_DIR: "/nonexistent" });

describe("sealedSecrets", () => {
  it("opens what it sealed, and never keeps the plain value in the sealed one", () => {
    const box = sealedSecrets(env("a".repeat(48)), "bling");
    const sealed = box.seal("token-secreto-do-bling");

    expect(sealed).not.toContain("token-secreto");
    expect(box.seal("token-secreto-do-bling")).not.toBe(sealed);
    expect(box.open(sealed)).toBe("token-secreto-do-bling");
  });

  it("does not open with another store secret or another purpose", () => {
    const sealed = sealedSecrets(env("a".repeat(48)), "bling").seal("token");

    expect(() => sealedSecrets(env("b".repeat(48)), "bling").open(sealed)).toThrow();
    expect(() => sealedSecrets(env("a".repeat(48)), "other").open(sealed)).toThrow();
  });

  it("does not open a sealed value changed by one character", () => {
    const box = sealedSecrets(env("a".repeat(48)), "bling");
    const sealed = box.seal("token");
    const last = sealed.at(-1) === "A" ? "B" : "A";

    expect(() => box.open(sealed.slice(0, -1) + last)).toThrow();
    expect(() => box.open("texto-qualquer")).toThrow("Segredo em formato desconhecido");
  });
});
