import type { Route } from "./+types/robots";
import { publicOrigin } from "../config/public-origin.server";

/**
 * Paths no crawler has anything to read in. The account and the cart are not among them: a
 * crawler asking for the account is sent to the sign-in page, and the empty cart it reads says
 * `noindex`, which it can only obey when it may read the page.
 */
const PRIVATE_PATHS = ["/admin", "/auth", "/checkout", "/payment", "/payment-success", "/api/"];

export function loader({ request, context }: Route.LoaderArgs) {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    `Sitemap: ${publicOrigin(request, context.env)}/sitemap.xml`,
  ];
  return new Response(lines.join("\n") + "\n", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
