import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { favorites, orders, profiles, sessions, userRoles, users } from "../../app/db/schema.server";
import { accountPagesOf } from "../../app/domain/accounts/session.server";
import { createOrder, createProduct } from "../support/factories";
import { setUpTestStore, signUpInStore } from "../support/test-context";

// The account version the signed-in page cache keys pages by (migration 0010, decision 0005).

const store = setUpTestStore();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A new customer's id and session cookie, signed up through the store's own use case. */
async function signedUpCustomer(): Promise<{ id: string; cookie: string }> {
  const { id, cookie } = await signUpInStore(store);
  return { id, cookie };
}

const versionOf = async (cookie: string) => (await accountPagesOf(store.context, cookie))?.accountVersion;

describe("a customer's account version", () => {
  it("rises with every change to what the customer's pages show", async () => {
    const { id, cookie } = await signedUpCustomer();
    const db = store.database.db;
    const product = await createProduct(db);
    const changes: [string, () => Promise<unknown>][] = [
      ["name", () => db.update(users).set({ name: "Outro Nome" }).where(eq(users.id, id))],
      ["profile", () => db.update(profiles).set({ fullName: "Outro Nome" }).where(eq(profiles.id, id))],
      ["role granted", () => db.insert(userRoles).values({ userId: id, role: "admin" })],
      ["role taken", () => db.delete(userRoles).where(eq(userRoles.userId, id))],
      ["favourite added", () => db.insert(favorites).values({ userId: id, productId: product.id })],
      ["favourite removed", () => db.delete(favorites).where(eq(favorites.userId, id))],
      ["order placed", () => createOrder(db, { userId: id, lines: [{ product, quantity: 1 }] })],
      ["order moved on", () => db.update(orders).set({ status: "processing" }).where(eq(orders.userId, id))],
    ];
    for (const [change, make] of changes) {
      const before = await versionOf(cookie);
      await make();
      expect({ change, rose: (await versionOf(cookie))! > before! }).toEqual({ change, rose: true });
    }
  });

  it("stays when another customer's account changes", async () => {
    const [mine, theirs] = [await signedUpCustomer(), await signedUpCustomer()];
    const product = await createProduct(store.database.db);
    const before = await versionOf(mine.cookie);
    await store.database.db.insert(favorites).values({ userId: theirs.id, productId: product.id });
    await createOrder(store.database.db, { userId: theirs.id, lines: [{ product, quantity: 1 }] });
    expect(await versionOf(mine.cookie)).toBe(before);
  });

  it("lets a customer be deleted with their favourites, orders and profile", async () => {
    const { id, cookie } = await signedUpCustomer();
    const product = await createProduct(store.database.db);
    await store.database.db.insert(favorites).values({ userId: id, productId: product.id });
    await createOrder(store.database.db, { userId: id, lines: [{ product, quantity: 1 }] });
    await store.database.db.delete(users).where(eq(users.id, id));
    expect(await accountPagesOf(store.context, cookie)).toBeNull();
    expect(await store.database.db.select().from(profiles).where(eq(profiles.id, id))).toEqual([]);
  });

  it("gives no kept pages to a session better-auth must extend, nor to a revoked one", async () => {
    const due = await signedUpCustomer();
    await store.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 28 * DAY_MS) })
      .where(eq(sessions.userId, due.id));
    expect(await accountPagesOf(store.context, due.cookie)).toBeNull();

    const revoked = await signedUpCustomer();
    await store.database.db.delete(sessions).where(eq(sessions.userId, revoked.id));
    expect(await accountPagesOf(store.context, revoked.cookie)).toBeNull();
  });
});
