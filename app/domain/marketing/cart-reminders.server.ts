import { parseCookies } from "better-auth/cookies";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { signedLinks } from "../../config/signed-links.server";
import type { Database } from "../../db/client.server";
import { cartReminders, carts, orders } from "../../db/schema.server";
import { cartReminderMail } from "../../mail/cart-reminder";
import { queueMail } from "../../mail/outbox.server";
import { customerContact } from "../accounts/customer-contact.server";
import { couponCookie } from "../cart/coupon-cookie";
import { lineName } from "../catalog/variants";
import { couponByCode, usesLeft } from "../orders/coupon-uses.server";
import { couponValueText } from "../promotions/coupon-form";
import { couponClosedBecause } from "../promotions/coupons";
import { readCart } from "../cart/server-cart.server";
import { currentStoreSettings } from "../store-settings/store-settings.server";
import { acceptsMarketing, unsubscribeOf, type LinkEnv } from "./marketing-consent.server";
import type { ReminderDeps } from "./payment-reminders.server";

/** Where an abandoned cart's e-mail leads: `?t=` names the reminder, signed. */
const CART_RESTORE_PATH = "/carrinho/recuperar";
/** Kept by the browser that followed the link, so the order it places counts as recovered. */
const RECOVERY_COOKIE = "vitrine.recuperacao";
const RESTORE_DAYS = 7;
const BATCH = 20;
const HOUR_MS = 3_600_000;

export const CART_RESTORE_MESSAGES = {
  altered: "Este link do carrinho foi alterado ou está incompleto: nada foi mudado.",
  expired: "Este link do carrinho expirou: nada foi mudado.",
  empty: "Este carrinho não tem mais produtos: o pedido já foi feito ou os produtos saíram dele.",
  signIn: "Entre na sua conta para ver o seu carrinho.",
} as const;

const restoreLinks = (env: LinkEnv) => signedLinks(env, "cart-restore");

/**
 * Claims the carts due for one step of their e-mails, deciding in the one statement that records
 * the step (issue 55, point 2): the cart has products and has not changed for `hours`; no order was
 * placed since its last change; its customer takes marketing e-mails; the step was not sent for
 * this cart (the unique cart and step: several store processes claim each once); the second step
 * only after the first.
 */
async function claimCarts(db: Database, step: 1 | 2, hours: number, couponCode: string | null, now: Date) {
  const due = and(
    lte(carts.changedAt, new Date(now.getTime() - hours * HOUR_MS)),
    acceptsMarketing(carts.userId),
    sql`not exists (select 1 from ${orders} where ${orders.userId} = ${carts.userId} and ${orders.createdAt} >= ${carts.changedAt})`,
    step === 1
      ? undefined
      : sql`exists (select 1 from ${cartReminders} first where first.user_id = ${carts.userId} and first.cart_started_at = ${carts.startedAt} and first.step = 1)`,
  );
  // Both drivers answer a raw statement with its rows (`PgQueryResultHKT` leaves it untyped).
  const claimed = (await db.execute(sql`
    insert into ${cartReminders} (user_id, cart_started_at, step, sent_at, coupon_code)
    select ${carts.userId}, ${carts.startedAt}, ${step}, ${now.toISOString()}::timestamptz, ${couponCode}::text
      from ${carts} where ${due} limit ${BATCH}
    on conflict do nothing
    returning id, user_id`)) as { rows: { id: number; user_id: string }[] };
  return claimed.rows.map((row) => ({ id: Number(row.id), userId: row.user_id }));
}

/**
 * The coupon the owner has the cart's second e-mail offer, while it can be used: active, within its
 * dates and with uses left; null otherwise (the e-mail then offers none).
 */
export async function offeredCoupon(db: Database, code: string | null, now = new Date()) {
  if (code === null) return null;
  const coupon = await couponByCode(db, code);
  const usable = coupon && !couponClosedBecause(coupon, usesLeft(coupon), now);
  return usable ? { code: coupon.code, value: couponValueText(coupon) } : null;
}

/**
 * Queues the abandoned carts' e-mails that are due, each with the cart's products at today's
 * prices and a link back to it.
 */
export async function queueCartReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  const { reminders } = (await currentStoreSettings(deps.db, deps.env)).settings;
  const steps = [
    [1, reminders.cartFirstHours],
    [2, reminders.cartSecondHours],
  ] as const;
  const store = await deps.store();
  let queued = 0;
  for (const [step, hours] of steps) {
    if (hours === 0) continue;
    const coupon = step === 2 ? await offeredCoupon(deps.db, reminders.cartCouponCode, now) : null;
    for (const claim of await claimCarts(deps.db, step, hours, coupon?.code ?? null, now)) {
      const customer = await customerContact(deps.db, claim.userId);
      const { items } = await readCart(deps.db, claim.userId);
      if (!customer || items.length === 0) continue;
      const token = restoreLinks(deps.env).sign(
        String(claim.id),
        new Date(now.getTime() + RESTORE_DAYS * 24 * HOUR_MS),
      );
      const unsubscribe = unsubscribeOf(deps.env, store.url, claim.userId, now);
      const mail = cartReminderMail({
        customerName: customer.firstName,
        step,
        items: items.map((item) => ({
          name: lineName(item),
          quantity: item.quantity,
          unitPriceCents: item.priceCents,
        })),
        restoreUrl: `${store.url}${CART_RESTORE_PATH}?t=${token}`,
        coupon,
        store: store.settings,
        unsubscribeUrl: unsubscribe.url,
      });
      if (
        await queueMail(deps.db, {
          dedupeKey: `cart-reminder:${claim.id}`,
          to: customer.email,
          ...mail,
          headers: unsubscribe.headers,
        })
      ) {
        queued += 1;
      }
    }
  }
  return queued;
}

export type CartRestore = { ok: true; userId: string; cookies: string[] } | { ok: false; message: string };

/**
 * An abandoned cart's link, followed on any device: the cart is the customer's on the server, so
 * the link leads to it (through the sign-in on a device where they are not signed in), the browser
 * keeps which reminder brought it, for the order it places, and the coupon its e-mail offered. An altered or expired link,
 * or a cart that has no products left, changes nothing.
 */
export async function restoreCart(
  db: Database,
  env: LinkEnv,
  token: string,
  now = new Date(),
): Promise<CartRestore> {
  const check = restoreLinks(env).check(token, now);
  if (!check.ok) return { ok: false, message: CART_RESTORE_MESSAGES[check.reason] };
  const [reminder] = await db
    .select({ userId: cartReminders.userId, couponCode: cartReminders.couponCode })
    .from(cartReminders)
    .innerJoin(
      carts,
      and(eq(carts.userId, cartReminders.userId), eq(carts.startedAt, cartReminders.cartStartedAt)),
    )
    .where(eq(cartReminders.id, Number(check.subject)));
  if (!reminder) return { ok: false, message: CART_RESTORE_MESSAGES.empty };
  const recovery = `${RECOVERY_COOKIE}=${token}; Path=/; Max-Age=${RESTORE_DAYS * 24 * 3600}; HttpOnly; SameSite=Lax`;
  return {
    ok: true,
    userId: reminder.userId,
    // The coupon the e-mail offered is applied to the cart, as if typed there.
    cookies: reminder.couponCode ? [recovery, couponCookie(reminder.couponCode)] : [recovery],
  };
}

/**
 * An order placed in a browser that followed a cart's link: the reminder counts it as recovered,
 * once, and only for the customer it was written to.
 */
export async function recordCartRecovery(
  db: Database,
  env: LinkEnv,
  cookies: string | null,
  userId: string,
  orderId: string,
): Promise<void> {
  const token = cookies ? parseCookies(cookies).get(RECOVERY_COOKIE) : undefined;
  if (!token) return;
  const check = restoreLinks(env).check(token);
  if (!check.ok) return;
  await db
    .update(cartReminders)
    .set({ recoveredOrderId: orderId, recoveredAt: new Date() })
    .where(
      and(
        eq(cartReminders.id, Number(check.subject)),
        eq(cartReminders.userId, userId),
        isNull(cartReminders.recoveredOrderId),
      ),
    );
}
