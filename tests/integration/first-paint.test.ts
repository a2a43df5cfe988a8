import { describe, expect, it } from "vitest";
import { cookieHeader, signUpCustomer } from "../support/accounts";
import { rawRequest } from "../support/http";
import { setUpStartedStore } from "../support/started-store";

// Decision 0011: a page carries its stylesheet, so the first paint waits for no other request.

const started = setUpStartedStore();

/** The rules inside the page's own <style> elements. */
function inlineStyles(html: string): string {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css).join("");
}

describe("the stylesheet inside the page", () => {
  it("comes with a visitor's page, rendered or from the cache, and with a signed-in customer's", async () => {
    const customer = await signUpCustomer(started.store.url);
    const answers = [
      ["rendered for a visitor", await rawRequest(started.store.url, "/product/1")],
      ["from the cache", await rawRequest(started.store.url, "/product/1")],
      [
        "for a customer",
        await rawRequest(started.store.url, "/account", { headers: { Cookie: cookieHeader(customer) } }),
      ],
    ] as const;
    expect(answers.map(([, answer]) => answer.headers["x-cache"])).toEqual(["MISS", "HIT", undefined]);
    for (const [who, answer] of answers) {
      expect(answer.status, who).toBe(200);
      // The body's own classes are styled by the page itself...
      expect(answer.body, who).toMatch(/<body class="[^"]*\bmin-h-screen\b/);
      expect(inlineStyles(answer.body), who).toContain(".min-h-screen{");
      // ...and no stylesheet is left for the browser to fetch before it paints.
      expect(answer.body, who).not.toMatch(/<link[^>]*rel="stylesheet"/);
    }
  });
});
