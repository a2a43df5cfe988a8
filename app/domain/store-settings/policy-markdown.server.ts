import MarkdownIt from "markdown-it";

/**
 * The owner's policy text (Markdown) as HTML that is safe to put in the page: raw HTML in the
 * text comes out as text (`html: false`), and links go only to web pages, e-mail addresses or the
 * store's own paths. Server-only, so the parser never reaches the browser: the loader sends HTML.
 */
const markdown = new MarkdownIt({ html: false, linkify: true });

// Pictures could load anything from anywhere (a tracking pixel): a policy is text and links.
markdown.disable("image");

/** A scheme of its own (`javascript:`, `data:`, `ftp:`…): only these may be followed. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const ALLOWED_SCHEME = /^(https?|mailto):/i;

// markdown-it hands this the link already percent-encoded (normalizeLink), so a scheme hidden
// with spaces or control characters no longer reads as one and stays a harmless relative path.
markdown.validateLink = (url) => !SCHEME.test(url) || ALLOWED_SCHEME.test(url);

/** Another site: opened without handing it this page (`window.opener`) or its address. */
const EXTERNAL = /^(https?:)?\/\//i;

markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  if (EXTERNAL.test(String(token.attrGet("href") ?? ""))) token.attrSet("rel", "noopener noreferrer");
  return self.renderToken(tokens, index, options);
};

// The page's own title is its only h1: a `# Title` in the text is a section of it.
for (const rule of ["heading_open", "heading_close"] as const) {
  markdown.renderer.rules[rule] = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    if (token.tag === "h1") token.tag = "h2";
    return self.renderToken(tokens, index, options);
  };
}

export function renderPolicyMarkdown(text: string): string {
  return markdown.render(text);
}
