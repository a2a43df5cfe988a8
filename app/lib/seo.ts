import type { MetaDescriptor } from "react-router";

/** What the meta functions read of the root loader's data (app/root.tsx). */
interface RootData {
  origin: string;
  store: { identity: { name: string; description: string } };
}

/** A route's `matches`, as meta functions receive them. */
type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The root loader's data; none on the error page of a request whose root loader failed. */
function rootData(matches: Matches): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootData | undefined;
}

/** The canonical `<link>` for a path, on the origin the root loader resolved. */
export function canonicalLink(matches: Matches, path: string): MetaDescriptor[] {
  const root = rootData(matches);
  return root ? [{ tagName: "link", rel: "canonical", href: root.origin + path }] : [];
}

/** The store's name as the owner set it, for the pages' titles and what they share. */
export function storeNameOf(matches: Matches): string | undefined {
  return rootData(matches)?.store.identity.name;
}

/** "Carrinho | Loja Exemplo": a page's title and the store's; the page's alone when the store is unknown. */
export function titleWithStore(title: string, storeName: string | undefined): string {
  return storeName ? `${title} | ${storeName}` : title;
}

/** The `<title>` of a page of the store: `titleWithStore` with the store of the root loader. */
export function pageTitle(matches: Matches, title: string): MetaDescriptor {
  return { title: titleWithStore(title, storeNameOf(matches)) };
}

/** The store's short description (Configurações da loja), for a page that has none of its own. */
export function storeDescriptionOf(matches: Matches): string | undefined {
  return rootData(matches)?.store.identity.description;
}

/** The description `<meta>` of a page that has none of its own: the store's. */
export function storeDescription(matches: Matches): MetaDescriptor[] {
  const description = storeDescriptionOf(matches);
  return description ? [{ name: "description", content: description }] : [];
}
