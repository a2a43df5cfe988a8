import { describe, expect, it } from "vitest";
import { routeTableOfConfig } from "../tests/support/route-table";
import { canonicalPagePath } from "./public-pages";

const routes = routeTableOfConfig();
const canonical = (url: string) => {
  const parsed = new URL(url, "http://loja");
  return canonicalPagePath(routes, routes.match(parsed.pathname), parsed.searchParams, "visitor");
};

describe("canonicalPagePath", () => {
  it("drops what a page does not read", () => {
    expect(canonical("/?utm_source=x")).toBe("/");
    expect(canonical("/product/7?x=1")).toBe("/product/7");
    expect(canonical("/robots.txt?a=b")).toBe("/robots.txt");
  });

  it("keeps a product page's variant, spelled one way", () => {
    expect(canonical("/product/7?utm_source=x&variant=42")).toBe("/product/7?variant=42");
    expect(canonical("/product/7.data?variant=42")).toBe("/product/7.data?variant=42");
    for (const variant of ["0042", "abc", "0", "99999999999"]) {
      expect(canonical(`/product/7?variant=${variant}`)).toBe("/product/7");
    }
  });

  it("spells a listing one way: known filters, fixed order, normalised values, defaults left out", () => {
    expect(canonical("/catalog?page=02&category=Áudio&zz=1&max=1.234,5&min=010&q=%20fone%20")).toBe(
      "/catalog?q=fone&min=10&max=1234%2C50&category=%C3%81udio&page=2",
    );
    expect(canonical("/catalog?category=all&page=1&min=abc&max=-3")).toBe("/catalog");
    expect(canonical("/catalog?page=9999999")).toBe("/catalog?page=100000");
  });

  it("keeps client navigation's route list when it names public routes only", () => {
    expect(canonical("/catalog.data?_routes=routes%2Fcatalog%2Croot&q=a")).toBe(
      "/catalog.data?q=a&_routes=root%2Croutes%2Fcatalog",
    );
    expect(canonical("/_root.data?_routes=routes%2Fhome")).toBe("/_root.data?_routes=routes%2Fhome");
    expect(canonical("/_root.data?_routes=x")).toBeNull();
  });

  it("leaves other spellings of a product id and other paths to their own answer", () => {
    for (const url of [
      "/product/0001",
      "/product/0",
      "/product/2147483648",
      "/cart",
      "/catalog/",
      "/account",
    ]) {
      expect(canonical(url), url).toBeNull();
    }
    expect(canonical("/sitemap.xml?part=2")).toBe("/sitemap.xml?part=2");
    expect(canonical("/sitemap.xml?part=02")).toBeNull();
  });
});
