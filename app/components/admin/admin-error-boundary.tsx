import { isRouteErrorResponse, useRouteError } from "react-router";

/**
 * The boundary of every panel section, inside the panel's frame: a missing record says so;
 * anything else (a 403 included, should the session's gate pass be gone) gets a plain message
 * (the details go to the server log, never to the page).
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && error.status === 404
      ? "Registro não encontrado."
      : "Ocorreu um erro inesperado. Tente novamente em instantes.";
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {message}
    </p>
  );
}
