import type { Database } from "../../db/client.server";
import { consumeAttempt, type AttemptLimit } from "../rate-limit.server";
import { couponByCode, couponCustomer, couponLinesOf, usesLeft } from "../orders/coupon-uses.server";
import { COUPON_CODE_PATTERN, COUPON_MESSAGES, normalizeCouponCode } from "../promotions/coupons";
import { couponOutcomes, type CartCoupon } from "./cart-coupon";
import type { CartItem } from "./cart-items";
import { couponCookie } from "./coupon-cookie";
import { getProfile } from "../accounts/profile.server";
import { currentStoreSettings } from "../store-settings/store-settings.server";
import type { SettingsVariables } from "../store-settings/default-settings";

/**
 * The coupon of a cart (issue 53): what the cart and the checkout need to apply the code the shopper
 * typed to their lines, whatever the method and freight they then choose (cart-coupon.ts applies
 * it), and the form that types it, limited per client so codes cannot be guessed.
 */

/** What a free-shipping coupon is tried against before a freight is chosen: some freight. */
const FREIGHT_NOT_CHOSEN = 1;

/** Codes a client may try in a minute: enough to fix a typo, too few to guess one. */
const CODES_PER_CLIENT: AttemptLimit = { windowSeconds: 60, max: 10 };
export const TOO_MANY_CODES = "Muitas tentativas de cupom seguidas: tente de novo em um minuto";

/**
 * The coupon a code names for the cart's lines and the customer's CPF or CNPJ (null for a
 * visitor: the checkout counts theirs), or null when no code is kept.
 */
export async function cartCoupon(
  db: Database,
  code: string | null,
  items: readonly CartItem[],
  taxId: string | null,
): Promise<CartCoupon | null> {
  if (code === null) return null;
  const coupon = await couponByCode(db, code);
  if (!coupon)
    return { code, coupon: null, customer: { purchases: 0, usesOfCoupon: 0 }, usesLeft: null, traits: {} };
  const lines = await couponLinesOf(
    db,
    items.map((item) => ({ id: item.id, variantId: item.variantId, quantity: item.quantity })),
    false,
  );
  const traits: CartCoupon["traits"] = {};
  items.forEach((item, index) => {
    const line = lines[index];
    if (line)
      traits[item.variantId] = {
        productId: line.productId,
        category: line.category,
        brand: line.brand,
        onSale: line.onSale,
      };
  });
  const { id: _id, uses: _uses, ...rules } = coupon;
  return {
    code: coupon.code,
    coupon: rules,
    customer: await couponCustomer(db, coupon.id, taxId),
    usesLeft: usesLeft(coupon),
    traits,
  };
}

/**
 * A code typed in the cart or at checkout: kept (the answer's `code`, for the coupon cookie) when
 * its coupon gives the cart a discount by some method, else refused with exactly why; an unknown
 * code is 'Cupom inválido', whether or not a similar one exists.
 */
async function tryCouponCode(
  db: Database,
  typed: string,
  cart: {
    clientIp: string;
    items: readonly CartItem[];
    taxId: string | null;
    pixDiscountBasisPoints: number;
  },
): Promise<{ ok: true; code: string } | { ok: false; message: string }> {
  const { clientIp, items, taxId, pixDiscountBasisPoints } = cart;
  if (!(await consumeAttempt(db, `coupon-code|${clientIp}`, CODES_PER_CLIENT))) {
    return { ok: false, message: TOO_MANY_CODES };
  }
  const code = normalizeCouponCode(typed);
  if (!COUPON_CODE_PATTERN.test(code)) return { ok: false, message: COUPON_MESSAGES.invalid };
  const offer = await cartCoupon(db, code, items, taxId);
  // Freight is chosen later: a free-shipping coupon is kept, and says so if it gives nothing then.
  const outcomes = couponOutcomes(offer!, items, pixDiscountBasisPoints, FREIGHT_NOT_CHOSEN, new Date());
  const applied = outcomes.card.ok ? outcomes.card : outcomes.pix;
  return applied.ok ? { ok: true, code } : { ok: false, message: applied.message };
}

/** The CPF or CNPJ of a signed-in customer's profile (null without one). */
export async function taxIdOf(db: Database, userId: string): Promise<string | null> {
  const profile = await getProfile(db, userId);
  if (!profile) return null;
  return (profile.userType === "PF" ? profile.cpf : profile.cnpj) ?? null;
}

/**
 * The coupon form of the cart and the checkout, before or after the scripts run: 'Aplicar' tries
 * the code typed on the shopper's cart (kept in the coupon cookie when it gives a discount),
 * 'Remover' drops it. Answers the cookie to set, and the refusal to show with the code typed.
 */
export async function answerCouponForm(
  store: { db: Database; env: SettingsVariables; clientIp: string },
  form: { intent: "coupon" | "remove-coupon"; code: string },
  shopper: { userId: string | null; items: readonly CartItem[] },
): Promise<{ cookie: string | null; refusal?: { code: string; message: string } }> {
  if (form.intent === "remove-coupon") return { cookie: couponCookie(null) };
  const { db, env, clientIp } = store;
  const [{ settings }, taxId] = await Promise.all([
    currentStoreSettings(db, env),
    shopper.userId ? taxIdOf(db, shopper.userId) : null,
  ]);
  const tried = await tryCouponCode(db, form.code, {
    clientIp,
    items: shopper.items,
    taxId,
    pixDiscountBasisPoints: settings.payment.pixDiscountBasisPoints,
  });
  return tried.ok
    ? { cookie: couponCookie(tried.code) }
    : { cookie: null, refusal: { code: form.code, message: tried.message } };
}
