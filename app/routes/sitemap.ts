import type { Route } from "./+types/sitemap";
import { publicOrigin } from "../config/public-origin.server";
import { productPath } from "../domain/catalog/product-details";
import { SITEMAP_PAGES_PER_FILE, sitemapPages, sitemapSummary } from "../domain/catalog/sitemap.server";
import { POLICY_PAGES } from "../domain/store-settings/policy-pages";

/**
 * `/sitemap.xml`: the home, the catalogue, the policy pages and every product's pages (one per
 * variant on sale for a product sold with options). A catalogue too large for one file gets a
 * sitemap index whose parts are `/sitemap.xml?part=N`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(request, context.env);
  const summary = await sitemapSummary(context.db);
  const parts = Math.max(1, Math.ceil(summary.pages / SITEMAP_PAGES_PER_FILE));
  const requested = new URL(request.url).searchParams.get("part");

  if (requested === null && parts > 1) {
    const entries = Array.from(
      { length: parts },
      (_, index) => `<sitemap><loc>${origin}/sitemap.xml?part=${index + 1}</loc></sitemap>`,
    );
    return xml(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("")}</sitemapindex>`,
    );
  }
  const part = requested === null ? 1 : Number(requested);
  if (!Number.isInteger(part) || part < 1 || part > parts) throw new Response(null, { status: 404 });

  const rows = await sitemapPages(context.db, part);
  const lastModified = summary.lastModified?.toISOString();
  const fixedPages =
    part === 1
      ? [
          url(`${origin}/`, lastModified),
          url(`${origin}/catalog`, lastModified),
          ...POLICY_PAGES.map((page) => url(`${origin}${page.path}`, undefined)),
        ]
      : [];
  const productPages = rows.map((row) =>
    url(`${origin}${productPath(row.productId, row.variantId)}`, row.updatedAt.toISOString()),
  );
  return xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[...fixedPages, ...productPages].join("")}</urlset>`,
  );
}

function url(location: string, lastModified: string | undefined) {
  return `<url><loc>${location}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}</url>`;
}

function xml(body: string) {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
