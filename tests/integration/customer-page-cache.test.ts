import { describe, expect, it } from "vitest";
import { cookieHeader, type Customer, signUpCustomer } from "../support/accounts";
import { rawRequest } from "../support/http";
import { setUpStartedStore } from "../support/started-store";

// Signed-in customers' pages kept for each of them (decision 0005), tried against the started store.

const started = setUpStartedStore();

const get = (path: string, customer: Customer) =>
  rawRequest(started.store.url, path, { headers: { cookie: cookieHeader(customer) } });

const post = (path: string, customer: Customer, body: string) =>
  rawRequest(started.store.url, path, {
    method: "POST",
    headers: {
      cookie: cookieHeader(customer),
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: started.store.url,
    },
    body,
  });

/** A product of the demo catalogue, as the home page links it. */
async function productPath(): Promise<string> {
  const home = await rawRequest(started.store.url, "/");
  return `/product/${/href="\/product\/(\d+)"/.exec(home.body)![1]}`;
}

/** Whether the product page shows the product among the customer's favourites. */
const favorited = (html: string) => html.includes('aria-label="Remover dos favoritos"');

describe("the pages kept for a signed-in customer", () => {
  it("answers a customer's pages again from their own copy, which no one else gets", async () => {
    const [ana, bruno] = [await signUpCustomer(started.store.url), await signUpCustomer(started.store.url)];
    const product = await productPath();
    for (const path of [product, "/account", "/catalog"]) {
      const first = await get(path, ana);
      expect(first.status).toBe(200);
      expect(first.headers["x-cache"]).toBe("MISS");
      const again = await get(path, ana);
      expect(again.headers["x-cache"]).toBe("HIT");
      expect(again.body).toBe(first.body);
      expect(again.body).toContain(ana.email);
      // Made for one customer: never kept by a browser or proxy; scripts allowed by hash, no reused nonce.
      expect(again.headers["cache-control"]).toBe("private, no-store");
      expect(again.headers["content-security-policy"]).toMatch(/'sha256-/);
      expect(again.headers["content-security-policy"]).not.toMatch(/'nonce-/);

      const other = await get(path, bruno);
      expect(other.headers["x-cache"]).toBe("MISS");
      expect(other.body).toContain(bruno.email);
      expect(other.body).not.toContain(ana.email);
    }
  });

  it("shows a favourite added a moment ago, on the product page and in the overview", async () => {
    const carla = await signUpCustomer(started.store.url);
    const product = await productPath();
    await get(product, carla);
    expect(favorited((await get(product, carla)).body)).toBe(false);
    await get("/account", carla);
    expect((await get("/account", carla)).headers["x-cache"]).toBe("HIT");

    const productId = product.split("/").pop()!;
    expect((await post("/api/favorites", carla, `productId=${productId}&intent=add`)).status).toBe(200);
    const afterwards = await get(product, carla);
    expect(afterwards.headers["x-cache"]).toBe("MISS");
    expect(favorited(afterwards.body)).toBe(true);
    expect((await get("/account", carla)).headers["x-cache"]).toBe("MISS");
  });

  it("gives a signed-out session's cookie nothing of the kept pages", async () => {
    const diana = await signUpCustomer(started.store.url);
    const product = await productPath();
    await get("/account", diana);
    await get(product, diana);
    expect((await get("/account", diana)).headers["x-cache"]).toBe("HIT");

    expect((await post("/auth/logout", diana, "")).status).toBe(200);
    const account = await get("/account", diana);
    expect(account.status).toBe(302);
    expect(account.headers.location).toMatch(/^\/auth\b/);
    const page = await get(product, diana);
    expect(page.headers["x-cache"]).not.toBe("HIT");
    expect(page.body).not.toContain(diana.email);
  });
});
