import { Headphones, RotateCcw, ShieldCheck, ShoppingCart, Truck } from "lucide-react";
import { useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useRouteLoaderData,
  useSearchParams,
  type MetaDescriptor,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { z } from "../lib/zod";
import type { Route } from "./+types/product";
import type { loader as rootLoader } from "../root";
import { CartChangeForm } from "../components/cart/cart-change-form";
import { useCartActions } from "../components/cart/cart-context";
import { FavoriteButton } from "../components/product/favorite-button";
import { ProductGallery } from "../components/product/product-gallery";
import { ProductPrice } from "../components/product/product-price";
import { StickyBuyBar } from "../components/product/sticky-buy-bar";
import { VariantPicker } from "../components/product/variant-picker";
import { ProductReviews, ReviewsSummaryLink } from "../components/reviews/product-reviews";
import { FreightCalculator } from "../components/shipping/freight-calculator";
import { Badge } from "../components/ui/badge";
import { Button, buttonClasses } from "../components/ui/button";
import { publicOrigin } from "../config/public-origin.server";
import { readSession } from "../domain/accounts/session.server";
import type { CartProduct } from "../domain/cart/cart-items";
import { isFavorite } from "../domain/catalog/favorites.server";
import { getProductDetails } from "../domain/catalog/product-details.server";
import {
  chosenVariant,
  productPath,
  variantParamOf,
  variantPictures,
  type ProductDetails,
  type VariantDetails,
} from "../domain/catalog/product-details";
import { productJsonLd } from "../domain/catalog/product-structured-data";
import { markHelpful, productReviewsOf } from "../domain/reviews/product-reviews.server";
import { reviewOrderOf } from "../domain/reviews/review-schema";
import { reviewsJsonLd } from "../domain/reviews/review-structured-data";
import { formatDate } from "../lib/dates";
import { optionChoices } from "../domain/catalog/variant-choice";
import { variantLabel, type ProductSpec } from "../domain/catalog/variants";
import type { StorefrontSettings } from "../domain/store-settings/settings-schema";
import { freeReturnPromise, warrantyPromise } from "../domain/store-settings/store-promises";
import { rowIdField } from "../lib/row-id";
import { pageTitle, storeDescriptionOf, storeNameOf } from "../lib/seo";
import { requireUser } from "./guards.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = rowIdField.safeParse(params.id);
  // One URL per product: /product/0001 is /product/1.
  if (id.success && params.id !== String(id.data)) throw redirect(`/product/${id.data}`, 301);
  const product = id.success ? await getProductDetails(context.db, id.data) : null;
  if (!product) throw data("Produto não encontrado", { status: 404 });
  // A variant no longer on sale (or another product's) leads to the product's own page.
  const requested = variantParamOf(new URL(request.url).searchParams);
  if (requested !== null && !product.variants.some((variant) => variant.id === requested)) {
    throw redirect(productPath(product.id));
  }
  context.shownProducts.add(product.id);
  const origin = publicOrigin(request, context.env);
  // Personal only for a signed-in customer; a visitor's page (shared, cached) carries null.
  const { user } = await readSession(context, request);
  const favorited = user ? await isFavorite(context.db, user.id, product.id) : null;
  const order = reviewOrderOf(new URL(request.url).searchParams);
  const reviews = await productReviewsOf(context.db, product.id, order);
  return {
    product,
    origin,
    jsonLd: productJsonLd(product, origin, reviewsJsonLd(reviews)),
    favorited,
    reviews: {
      order,
      summary: reviews.summary,
      list: reviews.reviews.map(({ createdAt, ...review }) => ({ ...review, date: formatDate(createdAt) })),
    },
  };
}

const helpfulSchema = z.object({ intent: z.literal("helpful"), reviewId: rowIdField });

/** A customer's 'Útil' on a review; a visitor is sent to sign in, and back to the product. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  const input = helpfulSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) throw data("Ação desconhecida", { status: 400 });
  await markHelpful(context.db, user.id, input.data.reviewId);
  return { reviewId: input.data.reviewId };
}

/**
 * Choosing another variant only changes `?variant=`: the page already holds every variant, so it
 * asks the server for nothing. A revalidation of the same address (a favourite saved) reads again.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href) {
    return defaultShouldRevalidate;
  }
  const otherParams = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("variant");
    return params.toString();
  };
  return otherParams(currentUrl) === otherParams(nextUrl) ? false : defaultShouldRevalidate;
}

/** The spec's benefits list, the warranty and the free return only where the store promises them. */
function benefitsOf(promises: StorefrontSettings["promises"]) {
  const warranty = warrantyPromise(promises);
  const freeReturn = freeReturnPromise(promises);
  return [
    { icon: Truck, text: "Entrega para todo o Brasil" },
    ...(warranty ? [{ icon: ShieldCheck, text: warranty }] : []),
    ...(freeReturn ? [{ icon: RotateCcw, text: freeReturn }] : []),
    { icon: Headphones, text: "Suporte especializado" },
  ];
}

/** Few enough units left to say so. */
const LOW_STOCK = 3;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, jsonLd, favorited, reviews } = loaderData;
  const cart = useCartActions();
  const store = useRouteLoaderData<typeof rootLoader>("root")?.store;
  const [searchParams] = useSearchParams();
  const variant = chosenVariant(product.variants, variantParamOf(searchParams));
  const pictures = variantPictures(product, variant);
  const soldOut = !variant || variant.stock <= 0;
  const buyButton = useRef<HTMLDivElement>(null);
  const addToCart = (
    <CartChangeForm
      change={{ intent: "add", productId: product.id, ...(variant && { variantId: variant.id }) }}
      onChange={() => variant && cart.add(cartProductOf(product, variant, pictures))}
    >
      <Button type="submit" size="lg" className="flex-1" disabled={soldOut}>
        <ShoppingCart aria-hidden className="size-5" />
        {soldOut ? "Esgotado" : "Adicionar ao carrinho"}
      </Button>
    </CartChangeForm>
  );
  return (
    // On a phone, room under the page for the buy bar.
    <main className="mx-auto max-w-6xl px-4 py-8 max-sm:pb-24">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Link to="/catalog" className="text-sm text-slate-600 hover:text-brand-700">
        ← Voltar ao catálogo
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        {/* keyed: the route stays mounted from one product to another; each starts on its first image */}
        <ProductGallery key={`${product.id}:${variant?.id}`} images={pictures} name={product.name} />
        <div className="flex flex-col gap-4">
          <Badge variant="secondary" className="self-start">
            {product.category}
          </Badge>
          <div className="flex flex-col gap-1">
            {product.brand && (
              <p className="text-sm font-medium tracking-wide text-slate-600 uppercase">{product.brand}</p>
            )}
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{product.name}</h1>
          </div>
          <ReviewsSummaryLink summary={reviews.summary} />
          <ProductPrice
            priceCents={variant?.priceCents ?? product.priceCents}
            compareAtCents={variant?.compareAtCents ?? null}
            size="page"
          />
          <StockNotice stock={variant?.stock ?? 0} />
          {product.options.length > 0 && (
            <VariantPicker
              productId={product.id}
              choices={optionChoices(product.options, product.variants, variant)}
            />
          )}
          {!store ? null : store.freight.mode === "free" ? (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Truck aria-hidden className="size-4 text-brand-600" />
              {`Prazo de entrega: até ${store.delivery.deliveryDays} dias úteis`}
            </p>
          ) : (
            variant && (
              <FreightCalculator
                // Each variant is quoted for itself.
                key={variant.id}
                productId={product.id}
                variantId={variant.id}
                cep=""
                answer={null}
              />
            )
          )}
          <p className="whitespace-pre-line text-slate-700">{product.description}</p>
          <div ref={buyButton} className="flex gap-3">
            {addToCart}
            <FavoriteButton productId={product.id} favorited={favorited} />
          </div>
          {store && (
            <ul className="mt-2 grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
              {benefitsOf(store.promises).map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-3 text-sm text-slate-700">
                  <Icon aria-hidden className="size-5 shrink-0 text-brand-600" />
                  {text}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {product.specs.length > 0 && <TechnicalSpecs specs={product.specs} />}
      <ProductReviews productId={product.id} {...reviews} />
      <StickyBuyBar buyButton={buyButton} priceCents={variant?.priceCents ?? product.priceCents}>
        <div className="flex">{addToCart}</div>
      </StickyBuyBar>
    </main>
  );
}

/** What the cart keeps of the chosen variant, as the cart's line shows it. */
function cartProductOf(product: ProductDetails, variant: VariantDetails, pictures: string[]): CartProduct {
  return {
    id: product.id,
    variantId: variant.id,
    variantLabel: variantLabel(product.options, variant.optionValues),
    name: product.name,
    category: product.category,
    priceCents: variant.priceCents,
    image: pictures[0] ?? product.image,
    stock: variant.stock,
  };
}

/** The 'Ficha técnica': the product's specs as a name/value table, in their order. */
function TechnicalSpecs({ specs }: { specs: ProductSpec[] }) {
  return (
    <section aria-labelledby="ficha-tecnica" className="mt-10">
      <h2 id="ficha-tecnica" className="text-xl font-bold tracking-tight">
        Ficha técnica
      </h2>
      <table className="mt-4 w-full overflow-hidden rounded-xl border border-slate-200 text-sm">
        <tbody>
          {specs.map((spec, index) => (
            <tr key={`${index}:${spec.name}`} className="odd:bg-slate-50">
              <th scope="row" className="w-1/3 px-4 py-2 text-left font-medium text-slate-700">
                {spec.name}
              </th>
              <td className="px-4 py-2 text-slate-900">{spec.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
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

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData)
    return [pageTitle(matches, "Produto não encontrado"), { name: "robots", content: "noindex" }];
  const { product, origin } = loaderData;
  const description = summary(product.description) || (storeDescriptionOf(matches) ?? "");
  // A variant's page is its own address (linked, shared and indexed as such).
  const named = variantParamOf(new URLSearchParams(location.search));
  const variantId =
    product.options.length > 0 && product.variants.some((variant) => variant.id === named) ? named : null;
  const url = `${origin}${productPath(product.id, variantId)}`;
  const picture = variantPictures(product, chosenVariant(product.variants, variantId))[0] ?? product.image;
  return [
    pageTitle(matches, product.name),
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:image", content: new URL(picture, origin).toString() },
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
