import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { favorites, orders, profiles } from "../../db/schema.server";
import { customerOrder } from "../orders/customer-orders.server";
import { paidOrder } from "../orders/paid.server";
import type { Profile } from "./profile";
import { profileColumns } from "./profile.server";

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
  const [[totals], [profile]] = await Promise.all([
    // The three cards in one statement: every visit to the account opens this page.
    db
      .select({
        orders: count(),
        spentCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${paidOrder}), 0)`.mapWith(
          Number,
        ),
        favorites:
          sql<number>`(select count(*) from ${favorites} where ${favorites.userId} = ${userId})`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(customerOrder(userId)),
    db.select(profileColumns).from(profiles).where(eq(profiles.id, userId)),
  ]);
  return { ...totals!, profile: profile ?? null };
}
