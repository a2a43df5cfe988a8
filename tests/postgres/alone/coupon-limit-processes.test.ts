import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../app/db/client.server";
import { couponUses, coupons } from "../../../app/db/schema.server";
import { createProduct } from "../../support/factories";
import { checkoutBody, postCheckoutOverHttp } from "../../support/orders";
import {
  createStoreData,
  startStoreServer,
  type StoreData,
  type StoreServer,
} from "../../support/store-server";
import { createTestContext, signUpBuyer } from "../../support/test-context";
import type { TestDatabase } from "../../support/test-database";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts), after the other PostgreSQL tests and
// alone (`npm run test:postgres`): its three store processes and 50 checkouts at once fill the
// machine, and a test beside it that times a process's restart (rolling-restart) would see that.
// Issue 53, point 4: a coupon's limit holds when its checkouts arrive at three store processes on
// one PostgreSQL at once.

/** The sessions' secret of the test context that signs the buyers up, shared with the processes. */
const SESSION_SECRET = "s".repeat(48);

let data: StoreData;
let stores: StoreServer[] = [];
let database: DatabaseHandle;

beforeAll(async () => {
  data = await createStoreData("catalogue");
  const env = { ...data.env, AUTH_SECRET: SESSION_SECRET, SEED_DEMO: "false" };
  stores = await Promise.all([0, 1, 2].map(() => startStoreServer(env, data)));
  database = await openDatabase({ url: data.env.DATABASE_URL! });
}, 240_000);

afterAll(async () => {
  await database?.close();
  await Promise.all(stores.map((store) => store.stop()));
  await data?.remove();
});

it("places exactly as many orders with a coupon as it has uses left, of 50 checkouts at three processes", async () => {
  const { db } = database;
  const [coupon] = await db
    .insert(coupons)
    .values({ code: "BLACKFRIDAY", kind: "percent", value: 1_000, maxUses: 15, uses: 5 })
    .returning();
  const product = await createProduct(db, { priceCents: 10_000, stock: 100 });
  const signingUp = { context: createTestContext({ db } as TestDatabase), database: { db } as TestDatabase };
  const buyers = await Promise.all(Array.from({ length: 50 }, () => signUpBuyer(signingUp)));

  const answers = await Promise.all(
    buyers.map(async (buyer, index) => {
      const response = await postCheckoutOverHttp(stores[index % stores.length]!.url, buyer.cookie, {
        ...checkoutBody(buyer, [{ id: product.id, variantId: product.variantId, quantity: 1 }]),
        coupon: { code: coupon!.code, seenCents: 1_000 },
      });
      return (await response.json()) as { success: boolean; error?: string };
    }),
  );

  expect(answers.filter((answer) => answer.success)).toHaveLength(10);
  expect(answers.filter((answer) => !answer.success).map((answer) => answer.error)).toEqual(
    Array.from({ length: 40 }, () => "O cupom BLACKFRIDAY não vale mais: Limite de uso atingido"),
  );
  const [counted] = await db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, coupon!.id));
  expect(counted!.uses).toBe(15);
  expect(await db.$count(couponUses, eq(couponUses.couponId, coupon!.id))).toBe(10);
}, 240_000);
