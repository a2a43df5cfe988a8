import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { couponUses, coupons, orders, productVariants, products } from "../../db/schema.server";
import { paidOrder } from "./paid.server";
import type { PaymentMethod } from "../../lib/order-statuses";
import {
  applyCoupon,
  itemsDiscountForThreshold,
  normalizeCouponCode,
  type Coupon,
  type CouponCustomer,
  type CouponLine,
} from "../promotions/coupons";

/**
 * A coupon's uses (issue 53): the rows its rules read (the coupon a code names, the customer's
 * purchases and uses, the lines' traits), the use an order reserves and its release.
 */

/** A coupon as the shopper's code finds it, with the uses reserved so far. */
export interface StoredCoupon extends Coupon {
  id: number;
  uses: number;
}

const toStoredCoupon = ({
  createdAt: _c,
  updatedAt: _u,
  ...row
}: typeof coupons.$inferSelect): StoredCoupon => row;

/** The coupon a typed code names (' pix10 ' finds 'PIX10'), active or not; null: none. */
export async function couponByCode(db: Database | Transaction, typed: string): Promise<StoredCoupon | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(typed)));
  return row ? toStoredCoupon(row) : null;
}

/** What its total limit still allows (null: no limit). */
export function usesLeft(coupon: StoredCoupon): number | null {
  return coupon.maxUses === null ? null : coupon.maxUses - coupon.uses;
}

/**
 * Takes one use of the coupon a code names, if its total limit allows it, in the caller's
 * transaction: a guarded update, so of many checkouts at once only as many as the limit pass, and
 * the coupon's row stays locked until the order is placed or refused. Null: no active coupon has
 * the code, or its uses are used up.
 */
export async function takeCouponUse(tx: Transaction, code: string): Promise<StoredCoupon | null> {
  const [row] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.active, true),
        or(isNull(coupons.maxUses), sql`${coupons.uses} < ${coupons.maxUses}`),
      ),
    )
    .returning();
  return row ? toStoredCoupon(row) : null;
}

/**
 * What a coupon's rules read of a customer, by CPF or CNPJ (a second account does not start
 * again): their purchases (orders not cancelled unpaid) and their uses of it not released. A
 * visitor, whose CPF is not known yet, has none: the checkout counts them.
 */
export async function couponCustomer(
  db: Database | Transaction,
  couponId: number,
  taxId: string | null,
): Promise<CouponCustomer> {
  if (taxId === null) return { purchases: 0, usesOfCoupon: 0 };
  const [[purchases], [uses]] = await Promise.all([
    db
      .select({ count: count() })
      .from(orders)
      .where(
        and(eq(orders.customerTaxId, taxId), sql`not (${orders.status} = 'cancelled' and not ${paidOrder})`),
      ),
    db
      .select({ count: count() })
      .from(couponUses)
      .where(
        and(eq(couponUses.couponId, couponId), eq(couponUses.taxId, taxId), isNull(couponUses.releasedAt)),
      ),
  ]);
  return { purchases: purchases!.count, usesOfCoupon: uses!.count };
}

/** A line as a request names it: a product, and its variant (none: the product's default one). */
export interface NamedLine {
  id: number;
  variantId?: number;
  quantity: number;
}

/**
 * The lines as a coupon reads them, priced from the database and resolved as placing the order
 * resolves them; null for a line whose variant is not for sale (placing the order names it).
 * `lock` locks their variants in id order, as the order's statement does, so the prices the coupon
 * is computed on are the ones the order is placed at.
 */
export async function couponLinesOf(
  db: Database | Transaction,
  lines: readonly NamedLine[],
  lock: boolean,
): Promise<(CouponLine | null)[]> {
  const named = (line: NamedLine): SQL =>
    and(
      eq(productVariants.productId, line.id),
      line.variantId === undefined
        ? sql`${productVariants.optionValues} = '[]'::jsonb`
        : eq(productVariants.id, line.variantId),
    )!;
  const query = db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      variantId: productVariants.id,
      priceCents: productVariants.salePriceCents,
      formerPriceCents: productVariants.formerPriceCents,
      optionValues: productVariants.optionValues,
      category: products.category,
      brand: products.brand,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.active, true), or(...lines.map(named))))
    .orderBy(asc(productVariants.id));
  const rows = lock ? await query.for("update", { of: productVariants }) : await query;
  return lines.map((line) => {
    const row = rows.find(
      (candidate) =>
        candidate.productId === line.id &&
        (line.variantId === undefined
          ? candidate.optionValues.length === 0
          : candidate.id === line.variantId),
    );
    return row
      ? {
          productId: row.productId,
          category: row.category,
          brand: row.brand,
          unitPriceCents: row.priceCents,
          quantity: line.quantity,
          onSale: row.formerPriceCents !== null,
        }
      : null;
  });
}

/**
 * What the coupon a code names takes off a request's items for the free-shipping threshold
 * (`itemsDiscountForThreshold`), read before the order's transaction: its freight is quoted first.
 */
export async function couponThresholdDiscount(
  db: Database,
  code: string,
  lines: readonly NamedLine[],
  taxId: string,
  pixDiscountBasisPoints: number,
): Promise<number> {
  const coupon = await couponByCode(db, code);
  if (!coupon) return 0;
  const [priced, customer] = await Promise.all([
    couponLinesOf(db, lines, false),
    couponCustomer(db, coupon.id, taxId),
  ]);
  const basket = { lines: priced.filter((line) => line !== null), pixDiscountBasisPoints, freightCents: 0 };
  const on = (method: PaymentMethod) =>
    applyCoupon(coupon, { ...basket, method }, customer, usesLeft(coupon), new Date());
  return itemsDiscountForThreshold(on("card"), on("pix"));
}

/**
 * Gives back the coupon uses of these orders not yet released (an order cancelled unpaid, or
 * withdrawn): each use once, its coupon's count lowered by as many.
 */
export async function releaseCouponUses(tx: Transaction, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await tx
    .update(couponUses)
    .set({ releasedAt: sql`now()` })
    .where(and(inArray(couponUses.orderId, [...orderIds]), isNull(couponUses.releasedAt)))
    .returning({ couponId: couponUses.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
}
