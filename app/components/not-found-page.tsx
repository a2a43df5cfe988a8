import { Link } from "react-router";

/** The spec's 404 page: shown for any unknown path, with HTTP status 404. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-5xl font-bold text-slate-900">404</h1>
      <p className="text-xl text-slate-600">Oops! Page not found</p>
      <Link to="/" className="font-medium text-brand-600 underline underline-offset-4 hover:text-brand-700">
        Voltar para o início
      </Link>
    </main>
  );
}
