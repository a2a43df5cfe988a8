import type { MetaDescriptor } from "react-router";

interface RootData {
  origin: string;
}

/** The canonical `<link>` for a path, on the origin the root loader resolved. */
export function canonicalLink(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  path: string,
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  return root ? [{ tagName: "link", rel: "canonical", href: root.origin + path }] : [];
}
