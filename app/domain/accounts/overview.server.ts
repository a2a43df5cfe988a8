import { and, count, eq, sum } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { favorites, orders, profiles } from "../../db/schema.server";
import { visibleOrdersOf } from "../orders/customer-orders.server";
import { paidOrder } from "../orders/paid";

export type Profile = typeof profiles.$inferSelect;

export interface AccountOverview {
  orders: number;
  /** Sum of the paid orders among those counted, in centavos. */
  spentCents: number;
  favorites: number;
  profile: Profile | null;
}

/**
 * The overview cards and profile of one user (every query scoped to that user). Both order cards
 * count the orders 'Meus Pedidos' lists: an order the customer deleted is in neither.
 */
export async function accountOverview(db: Database, userId: string): Promise<AccountOverview> {
  const visibleOrders = visibleOrdersOf(userId);
  const [[orderTotals], [spent], [favoriteTotals], [profile]] = await Promise.all([
    db.select({ value: count() }).from(orders).where(visibleOrders),
    db
      .select({ value: sum(orders.totalCents).mapWith(Number) })
      .from(orders)
      .where(and(visibleOrders, paidOrder)),
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
