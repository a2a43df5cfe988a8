import { ArrowLeft, ArrowRight, Info, Minus, Plus, ShieldCheck, ShoppingBag, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { data, Link, redirect, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";
import { FreightCalculator } from "../components/shipping/freight-calculator";
import type { Route } from "./+types/cart";
import { pageTitle, storeDescription } from "../lib/seo";
import { CartChangeForm } from "../components/cart/cart-change-form";
import { useCart, type Cart } from "../components/cart/cart-context";
import { CartSummaryBar } from "../components/cart/cart-summary-bar";
import { CartTotals } from "../components/cart/cart-totals";
import { ClearCartButton } from "../components/cart/clear-cart-button";
import { readSession } from "../domain/accounts/session.server";
import { cartTotals, maxQuantity, type CartItem } from "../domain/cart/cart-items";
import { lineName } from "../domain/catalog/variants";
import { cartFormSchema, couponFormSchema } from "../domain/cart/cart-request";
import { answerCouponForm, cartCoupon, taxIdOf } from "../domain/cart/cart-coupon.server";
import type { CartCoupon } from "../domain/cart/cart-coupon";
import { readCouponCode } from "../domain/cart/coupon-cookie";
import { CouponForm, type CouponRefusal } from "../components/cart/coupon-form";
import { changeCart, readCart } from "../domain/cart/server-cart.server";
import { changeVisitorCart, readVisitorCart } from "../domain/cart/visitor-cart.server";
import { readVisitorCartLines, visitorCartCookie } from "../domain/cart/visitor-cart-lines";
import { useServerRefresh, type PreviousPrices } from "../components/cart/use-server-refresh";
import { ProductImage } from "../components/product/product-image";
import { Badge } from "../components/ui/badge";
import { Button, buttonClasses } from "../components/ui/button";
import { useHydrated } from "../components/use-hydrated";
import { formatBRL } from "../lib/money";

/**
 * The cart as the server reads it (decision 0013): a signed-in customer's from the database, a
 * visitor's from the cart cookie. The page shows it until the browser's own cart is ready, so it
 * works before the scripts run. Made from one person's cart: never kept by any cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, headers } = await readSession(context, request);
  const items = await itemsOf(context, request, user);
  const code = readCouponCode(request.headers.get("Cookie"));
  const taxId = user && code ? await taxIdOf(context.db, user.id) : null;
  headers.set("Cache-Control", PRIVATE);
  return data({ items, coupon: await cartCoupon(context.db, code, items, taxId) }, { headers });
}

/** The cart's lines: a signed-in customer's from the database, a visitor's from the cart cookie. */
async function itemsOf(context: Route.LoaderArgs["context"], request: Request, user: { id: string } | null) {
  return user
    ? (await readCart(context.db, user.id)).items
    : await readVisitorCart(context.db, readVisitorCartLines(request.headers.get("Cookie")) ?? []);
}

/** Made for one person's cart: no browser, proxy or page cache keeps it. */
const PRIVATE = "private, no-store";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE });

/**
 * A change posted by the cart's forms before the scripts ran (once they run, the page's cart
 * makes it): applied to the customer's cart, or to the visitor's cookie, then the cart is shown;
 * a refused change (a variant of another product...) shows the cart as it was, with the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // The page's forms carry their change in the action's query; a page rendered by an earlier
  // release, still open in a browser, carries it in hidden fields.
  const fields = {
    ...Object.fromEntries(new URL(request.url).searchParams),
    ...Object.fromEntries(await request.formData()),
  };
  const coupon = couponFormSchema.safeParse(fields);
  if (coupon.success) return couponAnswer(context, request, coupon.data);
  const change = cartFormSchema.safeParse(fields);
  if (!change.success) throw data("Dados inválidos", { status: 400, headers: { "Cache-Control": PRIVATE } });
  const { user, headers } = await readSession(context, request);
  let refusal: string | undefined;
  if (user) {
    const answer = await changeCart(context.db, user.id, change.data);
    if ("error" in answer) refusal = answer.error;
  } else {
    const lines = readVisitorCartLines(request.headers.get("Cookie")) ?? [];
    const changed = await changeVisitorCart(context.db, lines, change.data);
    headers.append("Set-Cookie", visitorCartCookie(changed.items));
    refusal = changed.error;
  }
  headers.set("Cache-Control", PRIVATE);
  if (refusal) return data({ error: refusal }, { status: 422, headers });
  return redirect("/cart", { headers });
}

/** The coupon form's 'Aplicar' and 'Remover': the cart again with the coupon, or the refusal. */
async function couponAnswer(
  context: Route.ActionArgs["context"],
  request: Request,
  form: { intent: "coupon" | "remove-coupon"; code: string },
) {
  const { user, headers } = await readSession(context, request);
  headers.set("Cache-Control", PRIVATE);
  const answer = await answerCouponForm(context, form, {
    userId: user?.id ?? null,
    items: await itemsOf(context, request, user),
  });
  if (answer.cookie) headers.append("Set-Cookie", answer.cookie);
  // A refused code is a normal answer carrying its reason, as the checkout's refusals are.
  if (answer.refusal) return data({ couponRefusal: answer.refusal }, { headers });
  return redirect("/cart", { headers });
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const pageCart = useCart();
  const answered = {
    error: actionData && "error" in actionData ? actionData.error : undefined,
    coupon: {
      coupon: loaderData.coupon,
      refusal: actionData && "couponRefusal" in actionData ? actionData.couponRefusal : undefined,
    },
  };
  if (!pageCart.onServer) return <VisitorCartPage serverItems={loaderData.items} {...answered} />;
  // A signed-in customer's cart is the server's: the page's cart starts from the lines this loader
  // read (the layout hands them over), so nothing is asked for or rendered again when the scripts
  // start.
  return <CartView cart={pageCart} previousPrices={NO_PREVIOUS_PRICES} {...answered} />;
}

/** The cart's coupon as its loader read it, and a code just refused. */
interface CouponState {
  coupon: CartCoupon | null;
  refusal: CouponRefusal | undefined;
}

const NO_PREVIOUS_PRICES: PreviousPrices = new Map();

/**
 * A visitor's cart lives in the browser, which only knows it once the scripts run: until then,
 * and until the browser's cart is ready, the cart as the server read it from the cookie.
 */
function VisitorCartPage({
  serverItems,
  error,
  coupon,
}: {
  serverItems: CartItem[];
  error: string | undefined;
  coupon: CouponState;
}) {
  const hydrated = useHydrated();
  const browserCart = useCart();
  const cart = hydrated && browserCart.ready ? browserCart : serverCart(serverItems);
  const previousPrices = useServerRefresh(hydrated);
  return <CartView cart={cart} previousPrices={previousPrices} error={error} coupon={coupon} />;
}

function CartView({
  cart,
  previousPrices,
  error,
  coupon,
}: {
  cart: Cart;
  previousPrices: PreviousPrices;
  error: string | undefined;
  coupon: CouponState;
}) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Carrinho de Compras</h1>
        {cart.items.length > 0 && <p className="text-sm text-slate-600">{itemCount(cart.totalQuantity)}</p>}
      </div>
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          {error}
        </p>
      )}
      {cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <CartContents cart={cart} previousPrices={previousPrices} coupon={coupon} />
      )}
    </main>
  );
}

/** Lines and their totals as the cart page shows them. */
function linesOf(items: CartItem[]): Pick<Cart, "items" | "totalQuantity" | "subtotalCents"> {
  const { quantity, subtotalCents } = cartTotals(items);
  return { items, totalQuantity: quantity, subtotalCents };
}

/**
 * The server's reading of a visitor's cart, shown before the browser's: its changes are the
 * forms' own posts to `/cart`, so there is nothing to do in the page.
 */
function serverCart(items: CartItem[]): Cart {
  const nothing = () => undefined;
  return {
    ...linesOf(items),
    ready: true,
    onServer: false,
    add: nothing,
    setQuantity: nothing,
    remove: nothing,
    clear: nothing,
    empty: nothing,
  };
}

function CartContents({
  cart,
  previousPrices,
  coupon,
}: {
  cart: Cart;
  previousPrices: PreviousPrices;
  coupon: CouponState;
}) {
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
      <section aria-labelledby="cart-items-heading" className="min-w-0">
        <h2 id="cart-items-heading" className="sr-only">
          Itens do carrinho
        </h2>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-3 sm:px-6">
          {cart.items.map((item) => (
            <CartLine
              key={item.variantId}
              cart={cart}
              item={item}
              previousPriceCents={previousPrices.get(item.variantId)}
            />
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <Link to="/catalog" className={buttonClasses("ghost", "md", "-ml-3")}>
            <ArrowLeft aria-hidden className="size-4" />
            Continuar comprando
          </Link>
          <CartChangeForm change={{ intent: "clear" }} onChange={cart.clear}>
            <ClearCartButton />
          </CartChangeForm>
        </div>
        <CartSummaryBar totalCents={cart.subtotalCents} />
      </section>
      <OrderSummary cart={cart} coupon={coupon} />
    </div>
  );
}

function CartLine({
  cart,
  item,
  previousPriceCents,
}: {
  cart: Cart;
  item: CartItem;
  previousPriceCents: number | undefined;
}) {
  return (
    <li className="flex gap-3 py-5 sm:gap-4">
      <ProductImage
        src={item.image}
        sizes="96px"
        eager
        className="size-16 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain sm:size-24"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <h3 className="leading-snug font-medium">
              <Link to={`/product/${item.id}`} className="hover:text-brand-700 hover:underline">
                {item.name}
              </Link>
            </h3>
            {item.variantLabel !== "" && <p className="mt-1 text-sm text-slate-600">{item.variantLabel}</p>}
            <Badge variant="secondary" className="mt-1.5">
              {item.category}
            </Badge>
            <p className="mt-2 text-sm text-slate-600">
              {formatBRL(item.priceCents)} <span className="text-slate-500">cada</span>
            </p>
            {previousPriceCents !== undefined && (
              <p className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-700">
                <Info aria-hidden className="size-3.5 shrink-0" />
                Preço atualizado (antes {formatBRL(previousPriceCents)})
              </p>
            )}
          </div>
          <CartChangeForm
            change={{ intent: "remove", productId: item.id, variantId: item.variantId }}
            onChange={() => cart.remove(item)}
          >
            <Button
              type="submit"
              variant="ghost"
              size="icon"
              className="-mt-2 -mr-2 shrink-0 text-slate-500 hover:text-red-600"
              aria-label={`Remover ${lineName(item)}`}
            >
              <Trash2 aria-hidden className="size-5" />
            </Button>
          </CartChangeForm>
        </div>
        <div className="mt-3 flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <QuantityStepper cart={cart} item={item} />
          <p className="py-2 font-semibold whitespace-nowrap tabular-nums">
            <span className="sr-only">Total do item: </span>
            {formatBRL(item.priceCents * item.quantity)}
          </p>
        </div>
      </div>
    </li>
  );
}

function QuantityStepper({ cart, item }: { cart: Cart; item: CartItem }) {
  const limitHintId = useId();
  const max = maxQuantity(item);
  const atMax = item.quantity >= max;
  return (
    <div className="flex flex-col items-start gap-1">
      <div
        role="group"
        aria-label={`Quantidade de ${lineName(item)}`}
        className="inline-flex items-center rounded-lg border border-slate-300 bg-white"
      >
        <CartChangeForm
          change={{
            intent: "set",
            productId: item.id,
            variantId: item.variantId,
            quantity: item.quantity - 1,
          }}
          onChange={() => cart.setQuantity(item, item.quantity - 1)}
        >
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            className="rounded-r-none"
            aria-label={`Diminuir quantidade de ${lineName(item)}`}
          >
            <Minus aria-hidden className="size-4" />
          </Button>
        </CartChangeForm>
        <output
          aria-label={`Quantidade de ${lineName(item)}`}
          className="w-10 text-center text-sm font-semibold tabular-nums"
        >
          {item.quantity}
        </output>
        <CartChangeForm
          change={{
            intent: "set",
            productId: item.id,
            variantId: item.variantId,
            quantity: item.quantity + 1,
          }}
          onChange={() => cart.setQuantity(item, item.quantity + 1)}
        >
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            className="rounded-l-none"
            aria-label={`Aumentar quantidade de ${lineName(item)}`}
            aria-describedby={atMax ? limitHintId : undefined}
            disabled={atMax}
          >
            <Plus aria-hidden className="size-4" />
          </Button>
        </CartChangeForm>
      </div>
      {atMax && (
        <p id={limitHintId} className="text-xs text-slate-500">
          Máximo disponível: {max}
        </p>
      )}
    </div>
  );
}

function OrderSummary({
  cart,
  coupon,
}: {
  cart: Pick<Cart, "items" | "totalQuantity" | "subtotalCents">;
  coupon: CouponState;
}) {
  const freight = useRouteLoaderData<typeof rootLoader>("root")?.store.freight;
  const shipsFree = !freight || freight.mode === "free";
  // The cheapest service of the last CEP asked for these very lines: the cart's total with it.
  const lines = cart.items.map((item) => `${item.variantId}:${item.quantity}`).join(",");
  const [quoted, setQuoted] = useState<{ lines: string; cents: number | null } | null>(null);
  const freightCents = quoted?.lines === lines ? quoted.cents : null;
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24"
    >
      <h2 id="order-summary-heading" className="text-lg font-semibold">
        Resumo do pedido
      </h2>
      <CartTotals
        subtotalLabel={`Subtotal (${itemCount(cart.totalQuantity)})`}
        subtotalCents={cart.subtotalCents}
        freightCents={shipsFree ? 0 : freightCents}
        lines={cart.items}
        coupon={coupon.coupon}
      />
      <CouponForm action="/cart" {...coupon} />
      {!shipsFree && (
        <FreightCalculator
          // A changed cart is quoted again.
          key={lines}
          className="mt-4"
          variantId={null}
          cep=""
          answer={null}
          onAnswer={(answer) =>
            setQuoted({ lines, cents: answer.kind === "options" ? answer.options[0]!.priceCents : null })
          }
        />
      )}
      <Link to="/checkout" className={buttonClasses("default", "lg", "mt-6 w-full")}>
        Finalizar Compra
        <ArrowRight aria-hidden className="size-5" />
      </Link>
      <p className="mt-4 flex items-center justify-center gap-2 text-xs text-slate-500">
        <ShieldCheck aria-hidden className="size-4 text-emerald-600" />
        {shipsFree
          ? "Pagamento seguro via PIX e frete grátis para todo o Brasil"
          : "Pagamento seguro via PIX"}
      </p>
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center">
      <ShoppingBag aria-hidden className="size-14 text-slate-400" />
      <h2 className="mt-4 text-xl font-semibold">Seu carrinho está vazio</h2>
      <p className="mt-2 max-w-sm text-slate-600">
        Explore o catálogo e adicione os produtos que você procura.
      </p>
      <Link to="/catalog" className={buttonClasses("default", "lg", "mt-6")}>
        Explorar Produtos
      </Link>
    </div>
  );
}

function itemCount(quantity: number): string {
  return quantity === 1 ? "1 item" : `${quantity} itens`;
}

/**
 * A crawler has no cart: the empty cart it reads stays out of search results. A cart with items
 * is only ever its owner's page, so it is described like any other.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  pageTitle(matches, "Carrinho"),
  ...storeDescription(matches),
  ...(loaderData?.items.length ? [] : [{ name: "robots", content: "noindex" }]),
];
