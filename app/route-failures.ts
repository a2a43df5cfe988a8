import type { PasskeyOptionsAnswer } from "./domain/accounts/passkey";
import type { GateAnswer } from "./domain/admin/admin-gate";
import type { CreatePaymentAnswer } from "./domain/orders/checkout-schema";

/**
 * How a resource route of `routes.ts` answers a failure its code did not expect (the database
 * down, a bug), so that its client shows a message rather than its fallback: JSON in the shape the
 * client reads, or, for a route the browser opens itself (a download, a sign-in's redirect, a
 * crawler's file), an error page. Pages answer with the root ErrorBoundary instead. The HTTP
 * shell reads this (server/resource-route-failures.ts).
 */
export type FailureAnswer = { json: (message: string) => unknown } | "page";

/** What most clients read: `{ error }`. */
const ERROR_FIELD: FailureAnswer = { json: (error) => ({ error }) };
const PAGE: FailureAnswer = "page";

/** By route id (the route's file under app/, without extension); any other: `{ error }`. */
export const FAILURE_ANSWERS: Readonly<Record<string, FailureAnswer>> = {
  "routes/api.create-payment": {
    json: (error) => ({ success: false, error }) satisfies CreatePaymentAnswer,
  },
  "routes/api.admin.verify-password": {
    json: (message) => ({ valid: false, message }) satisfies GateAnswer,
  },
  "routes/api.passkey-options": {
    json: (message) => ({ ok: false, message }) satisfies PasskeyOptionsAnswer,
  },
  "routes/account.data": PAGE,
  "routes/account.order-receipt": PAGE,
  "routes/api.auth.callback": PAGE,
  "routes/auth.provider": PAGE,
  "routes/sitemap": PAGE,
  "routes/robots": PAGE,
};

export function failureAnswerOf(routeId: string): FailureAnswer {
  return FAILURE_ANSWERS[routeId] ?? ERROR_FIELD;
}

export const FAILURE_MESSAGES = {
  /** The database cannot be reached: 503, the request may work in a moment. */
  unavailable: "Não foi possível concluir agora. Tente novamente em instantes.",
  /** Anything else: 500, as the error page says it. */
  unexpected: "Ocorreu um erro inesperado. Tente novamente em instantes.",
};
