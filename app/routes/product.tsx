import { Headphones, RotateCcw, ShieldCheck, ShoppingCart, Truck } from "lucide-react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useRouteLoaderData,
  type MetaDescriptor,
} from "react-router";
import { z } from "zod";
import type { Route } from "./+types/product";
import type { loader as rootLoader } from "../root";
import { CartChangeForm } from "../components/cart/cart-change-form";
import { useCart } from "../components/cart/cart-context";
import { FavoriteButton } from "../components/product/favorite-button";
import { ProductGallery } from "../components/product/product-gallery";
import { Badge } from "../components/ui/badge";
import { Button, buttonClasses } from "../components/ui/button";
import { publicOrigin } from "../config/public-origin.server";
import { readSession } from "../domain/accounts/session.server";
import { isFavorite } from "../domain/catalog/favorites.server";
import { getProductDetails } from "../domain/catalog/product-details.server";
import { productJsonLd } from "../domain/catalog/product-structured-data";
import { formatBRL } from "../lib/money";
import { pageTitle, storeDescriptionOf, storeNameOf } from "../lib/seo";

const productId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = productId.safeParse(params.id);
  // One URL per product: /product/0001 is /product/1.
  if (id.success && params.id !== String(id.data)) throw redirect(`/product/${id.data}`, 301);
  const product = id.success ? await getProductDetails(context.db, id.data) : null;
  if (!product) throw data("Produto não encontrado", { status: 404 });
  context.shownProducts.add(product.id);
  const origin = publicOrigin(request, context.env);
  // Personal only for a signed-in customer; a visitor's page (shared, cached) carries null.
  const { user } = await readSession(context, request);
  const favorited = user ? await isFavorite(context.db, user.id, product.id) : null;
  return { product, origin, jsonLd: productJsonLd(product, origin), favorited };
}

const BENEFITS = [
  { icon: Truck, text: "Entrega para todo o Brasil" },
  { icon: ShieldCheck, text: "Garantia de 12 meses" },
  { icon: RotateCcw, text: "Devolução grátis em até 30 dias" },
  { icon: Headphones, text: "Suporte especializado" },
];

/** Few enough units left to say so. */
const LOW_STOCK = 3;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, jsonLd, favorited } = loaderData;
  const cart = useCart();
  const store = useRouteLoaderData<typeof rootLoader>("root")?.store;
  const soldOut = product.stock <= 0;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Link to="/catalog" className="text-sm text-slate-600 hover:text-brand-700">
        ← Voltar ao catálogo
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        {/* keyed: the route stays mounted from one product to another; each starts on its first image */}
        <ProductGallery key={product.id} images={product.images} name={product.name} />
        <div className="flex flex-col gap-4">
          <Badge variant="secondary" className="self-start">
            {product.category}
          </Badge>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{product.name}</h1>
          <p className="text-3xl font-bold text-slate-900">{formatBRL(product.priceCents)}</p>
          <StockNotice stock={product.stock} />
          {store && (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Truck aria-hidden className="size-4 text-brand-600" />
              {`Prazo de entrega: até ${store.delivery.deliveryDays} dias úteis`}
            </p>
          )}
          <p className="whitespace-pre-line text-slate-700">{product.description}</p>
          <div className="flex gap-3">
            <CartChangeForm
              change={{ intent: "add", productId: product.id }}
              onChange={() => cart.add(product)}
            >
              <Button type="submit" size="lg" className="flex-1" disabled={soldOut}>
                <ShoppingCart aria-hidden className="size-5" />
                {soldOut ? "Esgotado" : "Adicionar ao carrinho"}
              </Button>
            </CartChangeForm>
            <FavoriteButton productId={product.id} favorited={favorited} />
          </div>
          <ul className="mt-2 grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
            {BENEFITS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-sm text-slate-700">
                <Icon aria-hidden className="size-5 shrink-0 text-brand-600" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}

function StockNotice({ stock }: { stock: number }) {
  if (stock <= 0) return <p className="font-medium text-red-700">Produto esgotado</p>;
  if (stock <= LOW_STOCK) {
    return (
      <p className="font-medium text-amber-700">
        {stock === 1 ? "Última unidade" : `Últimas ${stock} unidades`}
      </p>
    );
  }
  return <p className="font-medium text-emerald-700">Em estoque</p>;
}

const DESCRIPTION_LENGTH = 155;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData)
    return [pageTitle(matches, "Produto não encontrado"), { name: "robots", content: "noindex" }];
  const { product, origin } = loaderData;
  const description = summary(product.description) || (storeDescriptionOf(matches) ?? "");
  const url = `${origin}/product/${product.id}`;
  return [
    pageTitle(matches, product.name),
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:image", content: new URL(product.image, origin).toString() },
    { property: "og:url", content: url },
    { property: "og:locale", content: "pt_BR" },
    ...siteName(storeNameOf(matches)),
  ];
};

/** og:site_name: the store's name, when the root loader read it. */
function siteName(name: string | undefined): MetaDescriptor[] {
  return name ? [{ property: "og:site_name", content: name }] : [];
}

/** The description on one line, cut to what search results show. */
function summary(description: string): string {
  const oneLine = description.replace(/\s+/g, " ").trim();
  if (oneLine.length <= DESCRIPTION_LENGTH) return oneLine;
  return `${oneLine.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Produto não encontrado</h1>
      <p className="mt-2 text-slate-600">O produto que você procura não existe ou foi removido.</p>
      <Link to="/catalog" className={buttonClasses("default", "md", "mt-6")}>
        Voltar ao catálogo
      </Link>
    </main>
  );
}
