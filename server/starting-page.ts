import type { RequestHandler } from "express";

// Before the database answers, the store's name is unknown: the page names no store.
const startingPage = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja iniciando</title></head>
<body><p>A loja está iniciando. Tente novamente em instantes.</p></body></html>`;

/** While the database is not ready, every request past the probes and files gets 503 and a page saying so. */
export function whileStarting(ready: () => boolean): RequestHandler {
  return (_req, res, next) => {
    if (ready()) return next();
    res.status(503).setHeader("Retry-After", "5");
    res.type("html").send(startingPage);
  };
}
