import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { useNonce } from "./components/nonce";
import { NotFoundPage } from "./components/not-found-page";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        <header className="border-b border-slate-200">
          <nav className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3" aria-label="Principal">
            <Link to="/" className="text-lg font-bold text-brand-700">
              Vitrine
            </Link>
            <Link to="/" className="text-sm text-slate-700 hover:text-brand-700">
              Início
            </Link>
          </nav>
        </header>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // Details go to the server log; the visitor gets a plain message, never a stack trace.
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>Erro | Vitrine</title>
      <h1 className="text-2xl font-bold">Algo deu errado</h1>
      <p className="mt-2 text-slate-600">Ocorreu um erro inesperado. Tente novamente em instantes.</p>
      <Link to="/" className="mt-6 inline-block text-brand-600 underline">
        Voltar para o início
      </Link>
    </main>
  );
}
