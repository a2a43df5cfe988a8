import { ChevronDown } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";

/** The catalogue's listing of one category. */
export function categoryPath(category: string): string {
  return `/catalog?${new URLSearchParams({ category })}`;
}

/**
 * 'Categorias' in the top bar on larger screens: a disclosure (`<details>`), so it opens before
 * the scripts run; once they run, it closes on a click elsewhere and when a page is chosen.
 */
export function CategoryMenu({ categories }: { categories: string[] }) {
  const { pathname, search } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      if (menu.current && !menu.current.contains(event.target as Node)) menu.current.open = false;
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, []);

  if (categories.length === 0) return null;
  return (
    // A new page starts with the menu closed.
    <details key={pathname + search} ref={menu} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 text-sm font-medium text-slate-700 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
        Categorias
        <ChevronDown aria-hidden className="size-4" />
      </summary>
      <ul className="absolute top-full left-0 z-50 mt-3 w-56 rounded-xl border border-slate-200 bg-white py-2 shadow-lg">
        {categories.map((category) => (
          <li key={category}>
            <Link
              to={categoryPath(category)}
              className="block px-4 py-2 text-sm text-slate-800 hover:bg-slate-50"
            >
              {category}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
