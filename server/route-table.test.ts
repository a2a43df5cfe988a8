import { describe, expect, it } from "vitest";
import { FAILURE_ANSWERS } from "../app/route-failures";
import { ROUTE_POLICIES } from "../app/route-policies";
import { routeEntriesOfConfig, routeTableOfConfig } from "../tests/support/route-table";

const routes = routeTableOfConfig();
const entries = routeEntriesOfConfig();

describe("the route policies", () => {
  it("name only routes of routes.ts, so a renamed route cannot leave its policy behind", () => {
    const ids = entries.map((entry) => entry.id);
    expect(ids.length).toBeGreaterThan(40);
    for (const id of Object.keys(ROUTE_POLICIES)) expect(ids, id).toContain(id);
  });

  it("keep a client navigation's data only for pages, and refuse in JSON only routes whose client reads it", () => {
    for (const [id, policy] of Object.entries(ROUTE_POLICIES)) {
      const entry = entries.find((route) => route.id === id)!;
      if (policy.cache?.data) expect(entry.page, id).toBe(true);
      if (policy.tooLargeMessage) {
        expect(entry.page, id).toBe(false);
        expect(typeof FAILURE_ANSWERS[id], id).toBe("object");
      }
      if (policy.queue) expect(entry.page, id).toBe(false);
    }
  });

  it("reach the shell through each route's URL, as React Router matches it", () => {
    const policyAt = (path: string) => routes.match(path)?.policy ?? null;
    expect(policyAt("/api/create-payment")).toMatchObject({ queue: "orders" });
    expect(policyAt("/account/profile")?.bodyLimitBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(policyAt("/account/profile.data")?.bodyLimitBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(policyAt("/admin/products/new")?.bodyLimitBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(policyAt("/admin/products/12")?.bodyLimitBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(policyAt("/admin/settings")?.bodyLimitBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(policyAt("/account/addresses")).toEqual({});
    expect(policyAt("/api/create-payment.data")).toEqual({});
    expect(policyAt("/product/7.data")?.cache).toMatchObject({ for: "everyone" });
    expect(policyAt("/_root.data")?.cache).toMatchObject({ for: "everyone" });
    expect(policyAt("/account")?.cache).toMatchObject({ for: "customers" });
  });

  it("name a route by its pattern, never by the ids in its URL", () => {
    expect(routes.match("/product/7")).toMatchObject({
      pattern: "/product/:id",
      canonicalPath: "/product/7",
    });
    expect(routes.match("/product/07")).toMatchObject({
      pattern: "/product/:id",
      canonicalPath: "/product/07",
    });
    expect(routes.match("/CATALOG")).toMatchObject({ pattern: "/catalog", canonicalPath: null });
    expect(routes.match("/account/orders/5f1c/receipt")?.pattern).toBe("/account/orders/:orderId/receipt");
    expect(routes.match("/no/such/page")?.pattern).toBe("/*");
    expect(routes.match("/")?.pattern).toBe("/");
  });
});
