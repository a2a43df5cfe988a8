import { data, Link } from "react-router";
import type { Route } from "./+types/freight";
import { FreightCalculator } from "../components/shipping/freight-calculator";
import { listAddresses } from "../domain/accounts/addresses.server";
import { readSession } from "../domain/accounts/session.server";
import { readCart } from "../domain/cart/server-cart.server";
import { readVisitorCart } from "../domain/cart/visitor-cart.server";
import { readVisitorCartLines } from "../domain/cart/visitor-cart-lines";
import { productPath, variantParamOf } from "../domain/catalog/product-details";
import { isValidCep } from "../domain/shipping/freight/freight-quote";
import { freightCepCookie, readFreightCep } from "../domain/shipping/freight-cep-cookie";
import {
  quoteAllowed,
  quoteFreight,
  shownFreight,
  TOO_MANY_QUOTES,
  type FreightLine,
} from "../domain/shipping/freight-quotes.server";
import type { FreightAnswer } from "../domain/shipping/freight-options";
import { currentStoreSettings } from "../domain/store-settings/store-settings.server";
import type { StoreSettings } from "../domain/store-settings/settings-schema";
import { cartCoupon, taxIdOf } from "../domain/cart/cart-coupon.server";
import { couponThresholdCents } from "../domain/cart/cart-coupon";
import { readCouponCode } from "../domain/cart/coupon-cookie";
import { pageTitle } from "../lib/seo";

const PRODUCT_ID = /^[1-9]\d{0,9}$/;
const TOO_MANY: FreightAnswer = { kind: "none", message: TOO_MANY_QUOTES };

/** Made for one shopper's CEP and cart: no cache keeps it. */
const PRIVATE = "private, no-store";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE });

/**
 * 'Calcular frete' (issue 52, point 4): a GET form's page, so it works before the scripts run, and
 * the data the product page's and the cart's calculators load once they run. With `variant`, one
 * unit of it (the product page's choice); without, the shopper's cart. The CEP asked is remembered
 * for the session; before any, the remembered one or the customer's default address's is offered.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, headers } = await readSession(context, request);
  headers.set("Cache-Control", PRIVATE);
  const query = new URL(request.url).searchParams;
  const variantId = variantParamOf(query);
  // Where the product page's form came from, for its way back.
  const productId = PRODUCT_ID.test(query.get("product") ?? "") ? Number(query.get("product")) : null;
  const typed = query.get("cep");
  if (typed === null) {
    const remembered =
      readFreightCep(request.headers.get("Cookie")) ??
      (user ? ((await listAddresses(context.db, user.id))[0]?.cep ?? null) : null);
    return data({ cep: remembered ?? "", variantId, productId, answer: null }, { headers });
  }
  if (!(await quoteAllowed(context.db, context.clientIp))) {
    return data({ cep: typed, variantId, productId, answer: TOO_MANY }, { headers });
  }
  const { settings } = await currentStoreSettings(context.db, context.env);
  const { lines, couponCents } =
    variantId !== null
      ? { lines: [{ variantId, quantity: 1 }], couponCents: 0 }
      : await cartToShip(context, settings, user?.id ?? null, request);
  const answer = shownFreight(await quoteFreight(context, settings, typed, lines, couponCents));
  if (isValidCep(typed)) headers.append("Set-Cookie", freightCepCookie(typed));
  return data({ cep: typed, variantId, productId, answer }, { headers });
}

/**
 * The lines of the shopper's cart (the customer's from the database, a visitor's from the cart
 * cookie) and what their coupon takes off them, for the free-shipping threshold.
 */
async function cartToShip(
  context: Route.LoaderArgs["context"],
  settings: StoreSettings,
  userId: string | null,
  request: Request,
): Promise<{ lines: FreightLine[]; couponCents: number }> {
  const cookies = request.headers.get("Cookie");
  const items = userId
    ? (await readCart(context.db, userId)).items
    : await readVisitorCart(context.db, readVisitorCartLines(cookies) ?? []);
  const code = readCouponCode(cookies);
  const taxId = userId && code ? await taxIdOf(context.db, userId) : null;
  const coupon = await cartCoupon(context.db, code, items, taxId);
  return {
    lines: items.map((item) => ({ variantId: item.variantId, quantity: item.quantity })),
    couponCents: couponThresholdCents(coupon, items, settings.payment.pixDiscountBasisPoints),
  };
}

export default function FreightPage({ loaderData }: Route.ComponentProps) {
  const { cep, variantId, productId, answer } = loaderData;
  const back = productId === null ? null : productPath(productId, variantId);
  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Calcular frete</h1>
      <p className="mt-1 text-sm text-slate-600">
        {variantId === null ? "Frete dos produtos do seu carrinho." : "Frete de uma unidade do produto."}
      </p>
      <FreightCalculator
        className="mt-4"
        productId={productId ?? undefined}
        variantId={variantId}
        cep={cep}
        answer={answer}
      />
      <Link to={back ?? "/cart"} className="mt-6 inline-block text-sm text-brand-700 underline">
        {back ? "Voltar ao produto" : "Voltar ao carrinho"}
      </Link>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Calcular frete"),
  { name: "robots", content: "noindex" },
];
