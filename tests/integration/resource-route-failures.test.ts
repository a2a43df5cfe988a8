import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { users } from "../../app/db/schema.server";
import { cookieHeader, signUpCustomer, type Customer } from "../support/accounts";
import { createAddress, createProduct } from "../support/factories";
import { checkoutBody, postCheckoutOverHttp } from "../support/orders";
import { setUpStartedStore } from "../support/started-store";
import { errorLinesOf, startStoreServer } from "../support/store-server";

// A failure no route expects, on a database that answers: two tables the store reads have gone
// (as a bad manual change would leave them). Resource routes answer their clients' JSON with
// 500; pages keep the error page.
const UNEXPECTED = "Ocorreu um erro inesperado. Tente novamente em instantes.";
const STORE_ENV = { SEED_DEMO: "false" };
const started = setUpStartedStore(STORE_ENV);

let customer: Customer;
let cookie: string;
let productId: number;
let addressId: string;

beforeAll(async () => {
  customer = await signUpCustomer(started.store.url);
  cookie = cookieHeader(customer);
  // The embedded database opens only while the store is stopped.
  await started.store.stop();
  const { env, dataDir } = started.data;
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir });
  try {
    const { db } = database;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, customer.email));
    addressId = (await createAddress(db, user!.id, { isDefault: true })).id;
    productId = (await createProduct(db, { stock: 5 })).id;
    await db.execute(sql`alter table cart_items rename to cart_items_gone`);
    await db.execute(sql`alter table favorites rename to favorites_gone`);
  } finally {
    await database.close();
  }
  started.store = await startStoreServer(STORE_ENV, started.data);
});

function send(path: string, init: RequestInit = {}) {
  return fetch(`${started.store.url}${path}`, {
    ...init,
    headers: { cookie, origin: started.store.url, ...init.headers },
  });
}

describe("an unexpected failure in a resource route", () => {
  it("answers create-payment's dialog in its shape, with 500, logged once", async () => {
    const body = checkoutBody({ ...customer, addressId }, [{ id: productId, quantity: 1 }]);
    const response = await postCheckoutOverHttp(started.store.url, cookie, body);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(await response.json()).toEqual({ success: false, error: UNEXPECTED });
    const errors = await errorLinesOf(started.store, response);
    expect(errors.map((line) => line.msg)).toEqual(["Erro em loader ou action"]);
    expect(JSON.stringify(errors[0]!.err)).toContain('relation \\"cart_items\\" does not exist');
  });

  it("answers the cart and the favourites button with { error }", async () => {
    const cart = await send("/api/cart");
    expect(cart.status).toBe(500);
    expect(await cart.json()).toEqual({ error: UNEXPECTED });
    const favorite = await send("/api/favorites", {
      method: "POST",
      body: new URLSearchParams({ productId: String(productId), intent: "add" }),
    });
    expect(favorite.status).toBe(500);
    expect(favorite.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await favorite.json()).toEqual({ error: UNEXPECTED });
  });

  it("answers a download the browser opens, and a page, with the error page", async () => {
    for (const path of ["/account/data", "/account"]) {
      const response = await send(path);
      expect(response.status, path).toBe(500);
      expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html, path).toContain("Algo deu errado");
      expect(html, path).toContain(UNEXPECTED);
      expect(html, path).not.toContain("cart_items");
    }
  });
});
