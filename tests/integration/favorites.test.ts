import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addFavorite,
  isFavorite,
  listFavoriteProducts,
  removeFavorite,
} from "../../app/domain/catalog/favorites.server";
import { createProduct, createUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("favourites", () => {
  it("adds and removes idempotently, newest first", async () => {
    const user = await createUser(database.db);
    const [mouse, phone] = [await createProduct(database.db), await createProduct(database.db)];
    expect(await addFavorite(database.db, user.id, mouse.id)).toEqual({ ok: true });
    expect(await addFavorite(database.db, user.id, mouse.id)).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await addFavorite(database.db, user.id, phone.id);
    expect((await listFavoriteProducts(database.db, user.id)).map((product) => product.id)).toEqual([
      phone.id,
      mouse.id,
    ]);
    await removeFavorite(database.db, user.id, mouse.id);
    await removeFavorite(database.db, user.id, mouse.id);
    expect(await isFavorite(database.db, user.id, mouse.id)).toBe(false);
    expect(await isFavorite(database.db, user.id, phone.id)).toBe(true);
  });

  it("refuses a product that does not exist", async () => {
    const user = await createUser(database.db);
    expect(await addFavorite(database.db, user.id, 987_654)).toEqual({ ok: false });
    expect(await listFavoriteProducts(database.db, user.id)).toEqual([]);
  });

  it("keeps each customer's favourites their own", async () => {
    const [alice, bruno] = [await createUser(database.db), await createUser(database.db)];
    const product = await createProduct(database.db);
    await addFavorite(database.db, alice.id, product.id);
    expect(await listFavoriteProducts(database.db, bruno.id)).toEqual([]);
    expect(await isFavorite(database.db, bruno.id, product.id)).toBe(false);
    await removeFavorite(database.db, bruno.id, product.id);
    expect(await isFavorite(database.db, alice.id, product.id)).toBe(true);
  });
});
