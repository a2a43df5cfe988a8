import { readdirSync } from "node:fs";
import express, { type RequestHandler, Router } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The built client files: hashed assets cached for good and served precompressed
 * (scripts/compress-assets.js), and the files next to `assets/` (favicon, placeholder).
 */
export function clientFiles(directory: string): RequestHandler {
  const router = Router();
  router.use(
    "/assets",
    expressStaticGzip(`${directory}/assets`, {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  router.use(publicFiles(directory));
  return router;
}

/**
 * The files next to `assets/`, served for their own paths only: a static handler in front of
 * every route would look for a file on disk at each request.
 */
function publicFiles(directory: string): RequestHandler {
  const serve = express.static(directory, { maxAge: "1h", index: false });
  const paths = new Set(
    readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  return (req, res, next) => (paths.has(req.path) ? serve(req, res, next) : next());
}
