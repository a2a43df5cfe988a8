import { describe, expect, it } from "vitest";
import { readAdminOrdersQuery } from "./admin-orders-query";

describe("the admin orders list's query", () => {
  it("reads unknown filters as none and a bad page as page 1", () => {
    const read = (search: string) => readAdminOrdersQuery(new URLSearchParams(search));
    expect(read("status=x&payment=y&page=-3&q=%20Ana%20")).toEqual({
      q: "Ana",
      status: "",
      payment: "",
      page: 1,
    });
    expect(read("status=cancelled&payment=failed&page=1000000000")).toEqual({
      q: "",
      status: "cancelled",
      payment: "failed",
      page: 1_000_000,
    });
  });
});
