import { Heart } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/favorites";
import { FavoriteButton } from "../../components/product/favorite-button";
import { ProductImage } from "../../components/product/product-image";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { listFavoriteProducts } from "../../domain/catalog/favorites.server";
import { formatBRL } from "../../lib/money";
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
            <li key={product.id} className="relative overflow-hidden rounded-xl border border-slate-200">
              <Link to={`/product/${product.id}`} className="block">
                <ProductImage
                  src={product.image}
                  sizes="(min-width: 1024px) 280px, 50vw"
                  className="aspect-square w-full bg-slate-50 object-cover"
                />
                <div className="flex flex-col gap-1 p-3">
                  <Badge variant="secondary" className="self-start">
                    {product.category}
                  </Badge>
                  <h2 className="line-clamp-2 text-sm font-medium">{product.name}</h2>
                  <p className="font-semibold">{formatBRL(product.priceCents)}</p>
                </div>
              </Link>
              <FavoriteButton
                productId={product.id}
                favorited
                className="absolute top-2 right-2 bg-white/90"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Meus Favoritos | Vitrine" }];
