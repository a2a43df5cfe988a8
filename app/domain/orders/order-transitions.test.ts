import { describe, expect, it } from "vitest";
import { TRACKING_CODE_PATTERN } from "../../db/schema.server";
import { readAdminOrdersQuery } from "../admin/admin-orders-query";
import { checkTransition, nextStatuses, trackingCodeSchema } from "./order-transitions";

describe("order status transitions", () => {
  it("offers a paid order the next step or cancelling, and an unpaid one only cancelling", () => {
    expect(nextStatuses("pending", true)).toEqual(["processing", "cancelled"]);
    expect(nextStatuses("pending", false)).toEqual(["cancelled"]);
    expect(nextStatuses("processing", true)).toEqual(["completed", "cancelled"]);
    expect(nextStatuses("completed", true)).toEqual([]);
    expect(nextStatuses("cancelled", true)).toEqual([]);
  });

  it("says why a move is refused", () => {
    expect(checkTransition("pending", "processing", true)).toEqual({ ok: true });
    expect(checkTransition("pending", "cancelled", false)).toEqual({ ok: true });
    expect(checkTransition("pending", "processing", false)).toEqual({
      ok: false,
      message: "Pedido ainda não pago",
    });
    expect(checkTransition("processing", "pending", true)).toEqual({
      ok: false,
      message: "Não é possível mudar o status de em processamento para pendente",
    });
    expect(checkTransition("cancelled", "pending", true)).toEqual({
      ok: false,
      message: "Este pedido não pode mais mudar de status",
    });
  });
});

describe("the tracking code", () => {
  it("follows the database's Correios pattern, upper-cased", () => {
    expect(TRACKING_CODE_PATTERN).toBe("^[A-Z]{2}[0-9]{9}[A-Z]{2}$");
    expect(trackingCodeSchema.parse(" qb123456789br ")).toBe("QB123456789BR");
    expect(trackingCodeSchema.safeParse("QB12345678BR").success).toBe(false);
  });
});

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
