import { readdirSync } from "node:fs";
import express, { type RequestHandler, Router } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The built scripts and stylesheet (`/assets`): cached for good, served precompressed
 * (scripts/compress-assets.js), with the security headers a subresource is read by. A missing
 * file goes on to the store's 404 page.
 */
export function hashedAssets(directory: string, headers: [string, string][]): RequestHandler {
  const router = Router();
  router.use(
    "/assets",
    (_req, res, next) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    },
    expressStaticGzip(`${directory}/assets`, {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      // A hashed file never changes: nothing to revalidate or resume, so no validators either.
      serveStatic: { immutable: true, maxAge: "1y", etag: false, lastModified: false, acceptRanges: false },
    }),
  );
  return router;
}

/**
 * The files next to `assets/` (favicon, placeholder), served for their own paths only: a static
 * handler in front of every route would look for a file on disk at each request.
 */
export function publicFiles(directory: string): RequestHandler {
  const serve = express.static(directory, { maxAge: "1h", index: false });
  const paths = new Set(
    readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  return (req, res, next) => (paths.has(req.path) ? serve(req, res, next) : next());
}
