import type { Locator, Page } from "playwright-core";
import { formatBRL } from "../../app/lib/money";

/** The text a person reads, any run of whitespace (the currency's no-break space too) as one space. */
export function readable(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The text a person reads in a page's HTML, as a server sent it: without scripts, tags or React's
 * text separators, its entities decoded.
 */
export function htmlText(html: string): string {
  return readable(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&nbsp;/g, " ")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );
}

export async function textOf(locator: Locator): Promise<string> {
  return readable((await locator.allInnerTexts()).join(" "));
}

/** A price as the page shows it, read as `readable` reads it. */
export function brl(cents: number): string {
  return readable(formatBRL(cents));
}

/** The toast (sonner) that says `text`. */
export function toast(page: Page, text: string): Locator {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: text })
    .first();
}
