import { Link } from "react-router";
import { buttonClasses } from "../../ui/button";

function pageLink(page: number, q: string): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "?";
}

/** Previous / next between the list's pages, keeping the search. */
export function ProductsPagination({ page, pageCount, q }: { page: number; pageCount: number; q: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={pageLink(page - 1, q)} className={buttonClasses("outline", "sm")}>
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={pageLink(page + 1, q)} className={buttonClasses("outline", "sm")}>
          Próxima
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
