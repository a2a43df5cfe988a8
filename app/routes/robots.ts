import type { Route } from "./+types/robots";
import { publicOrigin } from "../config/public-origin.server";

const PRIVATE_PATHS = [
  "/account",
  "/admin",
  "/auth",
  "/cart",
  "/checkout",
  "/payment",
  "/payment-success",
  "/api/",
];

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
