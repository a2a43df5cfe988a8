import { clsx } from "clsx";
import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { ProductCard } from "../../domain/catalog/product-card";
import { formatBRL } from "../../lib/money";

/** What the catalogue's loader answers that the suggestions read. */
interface CatalogAnswer {
  query: { q: string };
  catalog: { products: ProductCard[] };
}

const SUGGESTIONS = 5;
/** A suggestion is asked for once this many characters are typed, after this pause. */
const MIN_CHARACTERS = 2;
const PAUSE_MS = 250;

/**
 * The top bar's search: a GET form to /catalog, so it searches before the scripts run; once they
 * run, the first products whose names match show under it as links while the shopper types (the
 * catalogue's own answer for that search, which the page caches keep).
 */
export function HeaderSearch({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  const searched = pathname === "/catalog" ? (new URLSearchParams(search).get("q") ?? "") : "";
  const suggestions = useFetcher<CatalogAnswer>();
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { load } = suggestions;

  useEffect(() => {
    const text = typed.trim();
    if (text.length < MIN_CHARACTERS) return;
    const timer = setTimeout(() => void load(`/catalog?${new URLSearchParams({ q: text })}`), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, load]);

  // Only the answer to what is typed now: a slower answer to an earlier search is not shown.
  const shown =
    open &&
    suggestions.data &&
    suggestions.data.query.q === typed.trim() &&
    typed.trim().length >= MIN_CHARACTERS
      ? suggestions.data.catalog.products.slice(0, SUGGESTIONS)
      : [];

  return (
    <form
      method="get"
      action="/catalog"
      role="search"
      aria-label="Buscar produtos"
      className={clsx("relative", className)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") setOpen(false);
      }}
    >
      <label htmlFor={`${listId}-q`} className="sr-only">
        Buscar produtos
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        // A new page's search starts from what that page searched for.
        key={searched}
        id={`${listId}-q`}
        name="q"
        type="search"
        defaultValue={searched}
        placeholder="Buscar produtos"
        maxLength={100}
        autoComplete="off"
        className="h-10 w-full rounded-full border border-slate-300 bg-white pr-4 pl-9 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
      />
      {shown.length > 0 && (
        <ul
          id={listId}
          aria-label="Sugestões"
          className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          {shown.map((product) => (
            <li key={product.id}>
              <Link
                to={`/product/${product.id}`}
                className="flex items-baseline justify-between gap-3 px-4 py-2 text-sm hover:bg-slate-50 focus:bg-slate-50 focus:outline-none"
                onClick={() => setOpen(false)}
              >
                <span className="min-w-0 text-slate-800">{product.name}</span>
                <span className="shrink-0 font-medium text-slate-900 tabular-nums">
                  {product.priceMaxCents > product.priceCents && "a partir de "}
                  {formatBRL(product.priceCents)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
