import { describe, expect, it } from "vitest";
import { renderPolicyMarkdown } from "./policy-markdown.server";

describe("a policy's Markdown", () => {
  it("follows no link but to a web page, an e-mail address or the store's own paths", () => {
    const refused = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "&#106;avascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
    ];
    for (const target of refused) {
      expect(renderPolicyMarkdown(`[clique](${target})`), target).not.toMatch(/<a /);
    }
    expect(renderPolicyMarkdown("[a](/policies/terms) [b](#prazo) [c](mailto:sac@loja.example)")).toBe(
      '<p><a href="/policies/terms">a</a> <a href="#prazo">b</a> <a href="mailto:sac@loja.example">c</a></p>\n',
    );
  });

  it("opens other sites without handing them the page, written or found in the text", () => {
    expect(renderPolicyMarkdown("[ajuda](https://ajuda.example) e https://www.loja.example/ajuda")).toBe(
      '<p><a href="https://ajuda.example" rel="noopener noreferrer">ajuda</a> e ' +
        '<a href="https://www.loja.example/ajuda" rel="noopener noreferrer">https://www.loja.example/ajuda</a></p>\n',
    );
    expect(renderPolicyMarkdown("[x](//outro.example)")).toContain('rel="noopener noreferrer"');
  });

  it("shows no picture, and keeps the page's title its only h1", () => {
    expect(renderPolicyMarkdown("![pixel](https://rastreio.example/p.gif)")).not.toContain("<img");
    expect(renderPolicyMarkdown("# Trocas\n\n## Prazos")).toBe("<h2>Trocas</h2>\n<h2>Prazos</h2>\n");
  });
});
