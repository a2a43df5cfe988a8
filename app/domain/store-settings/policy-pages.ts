import type { StoreSettings } from "./settings-schema";

export type PolicyKey = keyof StoreSettings["policies"];

/** The store's policy pages, written by the owner: where each is, and its title. */
export const POLICY_PAGES: readonly { key: PolicyKey; path: string; title: string }[] = [
  { key: "returns", path: "/policies/returns", title: "Trocas e devoluções" },
  { key: "privacy", path: "/policies/privacy", title: "Política de privacidade" },
  { key: "terms", path: "/policies/terms", title: "Termos de uso" },
];

/** The policy page at `/policies/:slug`, or undefined for a slug that is none of them. */
export function policyPageOf(slug: string | undefined) {
  return POLICY_PAGES.find((page) => page.path === `/policies/${slug}`);
}
