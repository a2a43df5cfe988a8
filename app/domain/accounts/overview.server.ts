import { and, count, eq, isNull, sum } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { favorites, orders, profiles } from "../../db/schema.server";
import { paidOrder } from "../orders/paid";

export type Profile = typeof profiles.$inferSelect;

export interface AccountOverview {
  orders: number;
  /** Sum of the customer's paid orders, in centavos. */
  spentCents: number;
  favorites: number;
  profile: Profile | null;
}

/** The overview cards and profile of one user (every query scoped to that user). */
export async function accountOverview(db: Database, userId: string): Promise<AccountOverview> {
  const visibleOrders = and(eq(orders.userId, userId), isNull(orders.hiddenByCustomerAt));
  const [[orderTotals], [spent], [favoriteTotals], [profile]] = await Promise.all([
    db.select({ value: count() }).from(orders).where(visibleOrders),
    db
      .select({ value: sum(orders.totalCents).mapWith(Number) })
      .from(orders)
      .where(and(eq(orders.userId, userId), paidOrder)),
    db.select({ value: count() }).from(favorites).where(eq(favorites.userId, userId)),
    db.select().from(profiles).where(eq(profiles.id, userId)),
  ]);
  return {
    orders: orderTotals!.value,
    spentCents: spent?.value ?? 0,
    favorites: favoriteTotals!.value,
    profile: profile ?? null,
  };
}
