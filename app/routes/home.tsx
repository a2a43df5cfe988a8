import { ArrowRight, CreditCard, ShieldCheck, Truck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ProductGrid } from "../components/product/product-grid";
import { buttonClasses } from "../components/ui/button";
import { canonicalLink } from "../lib/seo";
import { listFeaturedProducts } from "../domain/catalog/featured-products.server";

export async function loader({ context }: Route.LoaderArgs) {
  const products = await listFeaturedProducts(context.db);
  for (const product of products) context.shownProducts.add(product.id);
  return { products };
}

const HIGHLIGHTS = [
  { icon: Truck, title: "Frete grátis", text: "Entrega para todo o Brasil" },
  { icon: CreditCard, title: "Pagamento via PIX", text: "Aprovação na hora" },
  { icon: ShieldCheck, title: "Garantia de 12 meses", text: "Produtos originais com nota fiscal" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-500 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:py-24">
          <p className="rounded-full bg-white/15 px-3 py-1 text-sm font-medium">Revendedor oficial</p>
          <h1 className="max-w-2xl text-4xl font-bold tracking-tight sm:text-5xl">
            Tecnologia original, entregue em todo o Brasil
          </h1>
          <p className="max-w-xl text-lg text-white/90">
            Smartphones, notebooks, áudio, monitores e acessórios com garantia, frete grátis e pagamento via
            PIX.
          </p>
          <a href="#produtos" className={buttonClasses("secondary", "lg", "bg-white text-brand-700")}>
            Explorar Produtos
            <ArrowRight aria-hidden className="size-5" />
          </a>
        </div>
      </section>

      <ul className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-3">
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
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

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: "Vitrine | Loja de tecnologia com entrega para todo o Brasil" },
  {
    name: "description",
    content:
      "Smartphones, notebooks, áudio, monitores, periféricos e acessórios originais, com frete grátis e pagamento via PIX.",
  },
  ...canonicalLink(matches, "/"),
];
