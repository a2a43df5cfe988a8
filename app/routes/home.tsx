import type { Route } from "./+types/home";
import { listFeaturedProducts } from "../domain/catalog/featured-products.server";
import { formatBRL } from "../lib/money";

export async function loader({ context }: Route.LoaderArgs) {
  return { products: await listFeaturedProducts(context.db) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Tecnologia com entrega para todo o Brasil</h1>
      <section aria-labelledby="featured-heading" className="mt-10">
        <h2 id="featured-heading" className="text-xl font-semibold">
          Produtos em destaque
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-6 md:grid-cols-3">
          {loaderData.products.map((product) => (
            <li key={product.id} className="rounded-xl border border-slate-200 p-3">
              <img
                src={product.image}
                alt={product.name}
                width={800}
                height={800}
                className="aspect-square w-full rounded-lg object-cover"
              />
              <p className="mt-2 text-xs text-slate-500">{product.category}</p>
              <h3 className="font-medium">{product.name}</h3>
              <p className="mt-1 font-semibold text-brand-700">{formatBRL(product.priceCents)}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Vitrine | Loja de tecnologia" },
  {
    name: "description",
    content: "Smartphones, notebooks, áudio, monitores e acessórios com pagamento via PIX.",
  },
];
