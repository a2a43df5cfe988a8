import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { FAILURE_ANSWERS, failureAnswerOf } from "./route-failures";
import routes from "./routes";

/** Every route's id (its file without extension) and whether it is a page (a `.tsx` component). */
function routeFiles(entries: RouteConfigEntry[]): { id: string; page: boolean }[] {
  return entries.flatMap((entry) => [
    { id: entry.file.replace(/\.tsx?$/, ""), page: entry.file.endsWith(".tsx") },
    ...routeFiles(entry.children ?? []),
  ]);
}

describe("the resource routes' failure answers", () => {
  it("name only resource routes of routes.ts", () => {
    const resourceRoutes = routeFiles(routes)
      .filter((route) => !route.page)
      .map((route) => route.id);
    expect(resourceRoutes.length).toBeGreaterThan(10);
    for (const id of Object.keys(FAILURE_ANSWERS)) expect(resourceRoutes, id).toContain(id);
  });

  it("answer each client in the shape it reads", () => {
    const json = (routeId: string) => {
      const answer = failureAnswerOf(routeId);
      return answer === "page" ? answer : answer.json("Mensagem");
    };
    expect(json("routes/api.create-payment")).toEqual({ success: false, error: "Mensagem" });
    expect(json("routes/api.admin.verify-password")).toEqual({ valid: false, message: "Mensagem" });
    expect(json("routes/api.passkey-options")).toEqual({ ok: false, message: "Mensagem" });
    expect(json("routes/api.cart")).toEqual({ error: "Mensagem" });
    expect(json("routes/api.order-payment")).toEqual({ error: "Mensagem" });
    expect(json("routes/account.order-receipt")).toBe("page");
  });
});
