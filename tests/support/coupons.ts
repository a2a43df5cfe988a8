import type { Database } from "../../app/db/client.server";
import { coupons } from "../../app/db/schema.server";

let codes = 0;

/** A new coupon with a code of its own; by default 10% off everything, without limits. */
export async function createCoupon(db: Database, overrides: Partial<typeof coupons.$inferInsert> = {}) {
  codes += 1;
  const [coupon] = await db
    .insert(coupons)
    .values({ code: `TESTE${codes}`, kind: "percent", value: 1_000, ...overrides })
    .returning();
  return coupon!;
}
