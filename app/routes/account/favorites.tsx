import { Heart } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/favorites";
import { pageTitle, storeDescription } from "../../lib/seo";
import { FavoriteButton } from "../../components/product/favorite-button";
import { ProductCard } from "../../components/product/product-card";
import { buttonClasses } from "../../components/ui/button";
import { listFavoriteProducts } from "../../domain/catalog/favorites.server";
import { requireUser } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  return { products: await listFavoriteProducts(context.db, user.id) };
}

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Meus Favoritos</h1>
      {products.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <Heart aria-hidden className="mx-auto size-10 text-slate-400" />
          <p className="mt-4 font-medium">Nenhum produto favoritado</p>
          <p className="mt-1 text-sm text-slate-600">Adicione produtos aos favoritos para vê-los aqui</p>
          <Link to="/" className={buttonClasses("default", "md", "mt-4")}>
            Explorar Produtos
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} headingLevel={2}>
                <FavoriteButton
                  productId={product.id}
                  favorited
                  className="absolute top-2 right-2 bg-white/90"
                />
              </ProductCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Meus Favoritos"),
  ...storeDescription(matches),
];
