import type { ActionFunction, AppLoadContext, LoaderFunction, ServerBuild } from "react-router";
import { isDatabaseUnavailable } from "../app/db/unavailable.server";
import { FAILURE_MESSAGES, failureAnswerOf, type FailureAnswer } from "../app/route-failures";

/**
 * The build with its resource routes answering a failure their code did not expect as their
 * clients read it (app/route-failures.ts): 503 while the database cannot be reached, 500
 * otherwise, logged once with its details and never shown. Left alone, React Router answers a
 * plain-text "Unexpected Server Error" that no client of ours reads. Pages keep the root
 * ErrorBoundary; what a route throws on purpose (a Response, `data()`, a redirect: none is an
 * Error) reaches React Router as before.
 */
export function answeringUnexpectedFailures(
  build: ServerBuild | (() => Promise<ServerBuild>),
): ServerBuild | (() => Promise<ServerBuild>) {
  if (typeof build !== "function") return withFailureAnswers(build);
  // Development: Vite gives the same build until a module changes.
  const answered = new WeakMap<ServerBuild, ServerBuild>();
  return async () => {
    const current = await build();
    let withAnswers = answered.get(current);
    if (!withAnswers) {
      withAnswers = withFailureAnswers(current);
      answered.set(current, withAnswers);
    }
    return withAnswers;
  };
}

function withFailureAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    // React Router's own test for a resource route: a module without a component or a boundary.
    if (!route || route.module.default || route.module.ErrorBoundary) {
      routes[id] = route;
      continue;
    }
    const answer = failureAnswerOf(id);
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        loader: loader && answering(loader, answer),
        action: action && answering(action, answer),
      },
    };
  }
  return { ...build, routes };
}

function answering<Handler extends LoaderFunction | ActionFunction>(
  handler: Handler,
  answer: FailureAnswer,
): Handler {
  const answered: LoaderFunction = async (args, handlerContext) => {
    try {
      return await handler(args, handlerContext);
    } catch (thrown) {
      // A request its client gave up on: React Router leaves it unlogged, and so do we.
      if (!(thrown instanceof Error) || args.request.signal.aborted) throw thrown;
      const unavailable = isDatabaseUnavailable(thrown);
      const status = unavailable ? 503 : 500;
      (args.context as AppLoadContext).logger.error({ err: thrown, status }, "Erro em loader ou action");
      return failureResponse(
        answer,
        status,
        unavailable ? FAILURE_MESSAGES.unavailable : FAILURE_MESSAGES.unexpected,
      );
    }
  };
  return answered as Handler;
}

function failureResponse(answer: FailureAnswer, status: 500 | 503, message: string): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  // The database usually comes back within seconds (a restart, a failover).
  if (status === 503) headers.set("Retry-After", "5");
  if (answer === "page") {
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(errorPage(message), { status, headers });
  }
  return Response.json(answer.json(message), { status, headers });
}

/**
 * The error page of the shell itself, in the words of the root ErrorBoundary; it names no store,
 * whose settings may be what failed.
 */
export function errorPage(message: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Erro</title></head>
<body><h1>Algo deu errado</h1><p>${message}</p><p><a href="/">Voltar para o início</a></p></body></html>`;
}
