import { clsx } from "clsx";
import { Link } from "react-router";

/** Previous/next links and the page numbers around the current page of a paged list. */
export function PageLinks({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, index) => first + index);
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link to={hrefFor(page - 1)} className={linkClasses(false)} rel="prev">
          Anterior
        </Link>
      )}
      {pages.map((target) => (
        <Link
          key={target}
          to={hrefFor(target)}
          aria-current={target === page ? "page" : undefined}
          aria-label={`Página ${target}`}
          className={linkClasses(target === page)}
        >
          {target}
        </Link>
      ))}
      {page < pageCount && (
        <Link to={hrefFor(page + 1)} className={linkClasses(false)} rel="next">
          Próxima
        </Link>
      )}
      <p className="w-full text-center text-xs text-slate-500">
        Página {page} de {pageCount}
      </p>
    </nav>
  );
}

function linkClasses(current: boolean) {
  return clsx(
    "inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-3 text-sm font-medium",
    current
      ? "border-brand-600 bg-brand-600 text-white"
      : "border-slate-300 text-slate-700 hover:bg-slate-50",
  );
}
