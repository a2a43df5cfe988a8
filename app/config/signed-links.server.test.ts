import { describe, expect, it } from "vitest";
import { signedLinks } from "./signed-links.server";

const env = { AUTH_SECRET: "s".repeat(48), DATA_DIR: "/nonexistent" };
const links = signedLinks(env, "test");
const later = new Date(Date.now() + 60_000);

describe("signed links", () => {
  it("gives back the subject of a token it signed, until it expires", () => {
    const token = links.sign("cliente 42", later);
    expect(links.check(token)).toEqual({ ok: true, subject: "cliente 42" });
    expect(links.check(token, new Date(later.getTime() + 1))).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a token with any one character changed, the signature's last included", () => {
    const token = links.sign("cliente 42", later);
    for (let at = 0; at < token.length; at++) {
      if (token[at] === ".") continue;
      const changed = `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
      expect(links.check(changed).ok, `caractere ${at}`).toBe(false);
    }
  });

  it("refuses another purpose's token, and one that is not a token", () => {
    const token = signedLinks(env, "other").sign("cliente 42", later);
    expect(links.check(token)).toEqual({ ok: false, reason: "altered" });
    expect(links.check("nada")).toEqual({ ok: false, reason: "altered" });
  });
});
