import { Link } from "react-router";

/**
 * The spec's 404 page: shown for any unknown path, with HTTP status 404. The spec's line is in
 * English (and marked so for screen readers); the page says it in Portuguese too, and offers the
 * catalogue beside the home.
 */
export function NotFoundPage() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-5xl font-bold text-slate-900">404</h1>
      <p lang="en" className="text-xl text-slate-600">
        Oops! Page not found
      </p>
      <p className="text-slate-600">
        Página não encontrada: o endereço pode estar errado ou o produto pode não estar mais à venda.
      </p>
      <nav aria-label="Continuar" className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        <Link to="/" className="font-medium text-brand-600 underline underline-offset-4 hover:text-brand-700">
          Voltar para o início
        </Link>
        <Link
          to="/catalog"
          className="font-medium text-brand-600 underline underline-offset-4 hover:text-brand-700"
        >
          Ver o catálogo
        </Link>
      </nav>
    </main>
  );
}
