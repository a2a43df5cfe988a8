import { clsx } from "clsx";
import { ArrowRight, CreditCard, ShieldCheck, Truck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ProductGrid } from "../components/product/product-grid";
import { buttonClasses } from "../components/ui/button";
import { publicOrigin } from "../config/public-origin.server";
import { listFeaturedProducts } from "../domain/catalog/featured-products.server";
import { currentStoreSettings } from "../domain/store-settings/store-settings.server";
import { freeShippingPromise, warrantyPromise } from "../domain/store-settings/store-promises";
import { storeJsonLd } from "../domain/store-settings/store-structured-data";
import { canonicalLink, storeDescription, storeNameOf } from "../lib/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { settings } = await currentStoreSettings(context.db, context.env);
  const { home, banner, promises, freight } = settings;
  const products = await listFeaturedProducts(context.db, home.featuredProductIds);
  for (const product of products) context.shownProducts.add(product.id);
  return {
    hero: {
      title: home.heroTitle,
      subtitle: home.heroSubtitle,
      button: home.heroButton,
      bannerUrl: banner.bannerUrl,
    },
    products,
    officialReseller: promises.officialReseller,
    warranty: warrantyPromise(promises),
    freeShipping: freeShippingPromise(freight),
    jsonLd: storeJsonLd(settings, publicOrigin(request, context.env)),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, jsonLd, officialReseller, warranty, freeShipping } = loaderData;
  const highlights = [
    {
      icon: Truck,
      title: freeShipping ?? "Entrega para todo o Brasil",
      text: freeShipping ? "Entrega para todo o Brasil" : "Frete calculado pelo CEP",
    },
    { icon: CreditCard, title: "Pagamento via PIX", text: "Aprovação na hora" },
    warranty
      ? { icon: ShieldCheck, title: warranty, text: "Produtos originais com nota fiscal" }
      : { icon: ShieldCheck, title: "Nota fiscal em todo pedido", text: "Produtos originais" },
  ];
  return (
    <main>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-500 text-white">
        {hero.bannerUrl && <HeroBanner url={hero.bannerUrl} />}
        <div
          className={clsx(
            "relative mx-auto flex max-w-6xl flex-col items-start gap-6 px-4",
            hero.bannerUrl ? "py-8 sm:py-12" : "py-16 sm:py-24",
          )}
        >
          {officialReseller && (
            <p className="rounded-full bg-white/15 px-3 py-1 text-sm font-medium">Revendedor oficial</p>
          )}
          <h1 className="max-w-2xl text-4xl font-bold tracking-tight sm:text-5xl">{hero.title}</h1>
          <p className="max-w-xl text-lg text-white/90">{hero.subtitle}</p>
          <a href="#produtos" className={buttonClasses("secondary", "lg", "bg-white text-brand-700")}>
            {hero.button}
            <ArrowRight aria-hidden className="size-5" />
          </a>
        </div>
      </section>

      <ul className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-3">
        {highlights.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-center gap-3 rounded-xl border border-slate-200 p-4">
            <Icon aria-hidden className="size-8 shrink-0 text-brand-600" />
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>

      <section
        id="produtos"
        aria-labelledby="featured-heading"
        className="mx-auto max-w-6xl scroll-mt-20 px-4"
      >
        <div className="flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-2xl font-bold tracking-tight">
            Produtos em destaque
          </h2>
          <Link to="/catalog" className="text-sm font-medium text-brand-700 hover:underline">
            Ver catálogo completo
          </Link>
        </div>
        <div className="mt-6">
          <ProductGrid products={loaderData.products} />
        </div>
      </section>
    </main>
  );
}

/**
 * The owner's banner above the hero's texts, whole and as uploaded: neither darkened nor cropped
 * under them. Its box is the 8:3 of a wide banner whatever the picture (no layout shift when it
 * arrives; another shape shows whole inside it), and as the page's largest picture it is fetched
 * first (LCP).
 */
function HeroBanner({ url }: { url: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:pt-8">
      <img
        src={url}
        alt=""
        width={1600}
        height={600}
        fetchPriority="high"
        className="aspect-[8/3] w-full rounded-2xl bg-white/10 object-contain"
      />
    </div>
  );
}

const HOME_TAGLINE = "Loja de tecnologia com entrega para todo o Brasil";

export const meta: Route.MetaFunction = ({ matches }) => {
  const storeName = storeNameOf(matches);
  return [
    { title: storeName ? `${storeName} | ${HOME_TAGLINE}` : HOME_TAGLINE },
    ...storeDescription(matches),
    ...canonicalLink(matches, "/"),
  ];
};
