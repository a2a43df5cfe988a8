import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import express, { type RequestHandler, Router } from "express";
import expressStaticGzip from "express-static-gzip";
import { contentType } from "mime-types";
import { encodingFor } from "./content-encoding";
import type { Encoding } from "./page-cache";

const ASSETS_PREFIX = "/assets/";
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The precompressed copies scripts/compress-assets.js writes beside each text asset. */
const COPIES: [Encoding, string][] = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

/** One encoding of a hashed asset: its file, and once read, its bytes behind their header list. */
interface AssetCopy {
  file: string;
  headers: string[];
  kept?: { headers: string[]; body: Buffer };
  reading?: boolean;
}

/**
 * The hashed assets a build holds, answered from memory before the Express stack, as visitors'
 * cached pages are: a page's first visit fetches 20-30 of them, and through Express each cost the
 * store six to eleven times a cached page. Each copy is read the first time it is asked for, while
 * the disk handler (`hashedAssets`) answers that request; anything not listed when the store
 * started (another build's files, a misspelt name) goes on to it as well. A hashed name always
 * holds the same bytes, so a copy never goes stale.
 */
export function keptAssets(directory: string, headers: [string, string][]) {
  const assets = path.join(directory, "assets");
  const present = new Set(readdirSync(assets));
  const copies = new Map<string, Partial<Record<Encoding, AssetCopy>>>();
  for (const name of present) {
    const type = contentType(name);
    if (!type || COPIES.some(([, suffix]) => name.endsWith(suffix))) continue;
    const copy = (encoding: Encoding, file: string): AssetCopy => ({
      file,
      headers: [
        ...headers,
        ...(encoding === "identity" ? [] : [["Content-Encoding", encoding]]),
        ["Content-Type", type],
        ["Cache-Control", IMMUTABLE],
        ["Vary", "Accept-Encoding"],
      ].flat(),
    });
    const found: Partial<Record<Encoding, AssetCopy>> = {
      identity: copy("identity", path.join(assets, name)),
    };
    for (const [encoding, suffix] of COPIES) {
      if (present.has(name + suffix)) found[encoding] = copy(encoding, path.join(assets, name + suffix));
    }
    copies.set(name, found);
  }
  const read = (copy: AssetCopy) => {
    copy.reading = true;
    readFile(copy.file).then(
      (body) => (copy.kept = { headers: [...copy.headers, "Content-Length", String(body.length)], body }),
      () => undefined, // gone from the disk: its handler answers, as for any unlisted name
    );
  };
  return {
    /** Answers a GET or HEAD of a listed asset whose copy is in memory; false to go on. */
    serve(req: IncomingMessage, res: ServerResponse, requestId: string): boolean {
      const url = req.url ?? "";
      if (!url.startsWith(ASSETS_PREFIX) || (req.method !== "GET" && req.method !== "HEAD")) return false;
      const found = copies.get(url.slice(ASSETS_PREFIX.length).split("?", 1)[0]!);
      if (!found) return false;
      const copy = found[encodingFor(req.headers["accept-encoding"])] ?? found.identity!;
      if (!copy.kept) {
        if (!copy.reading) read(copy);
        return false;
      }
      res.writeHead(200, ["X-Request-Id", requestId, ...copy.kept.headers]);
      res.end(req.method === "HEAD" ? undefined : copy.kept.body);
      return true;
    },
  };
}

/**
 * The built scripts and stylesheet (`/assets`) from the disk, for what `keptAssets` does not hold
 * yet: cached for good, served precompressed (scripts/compress-assets.js), with the security
 * headers a subresource is read by. A missing file goes on to the store's 404 page.
 */
export function hashedAssets(directory: string, headers: [string, string][]): RequestHandler {
  const router = Router();
  router.use(
    "/assets",
    (req, res, next) => {
      // Other methods get the store's answer for the path: the precompressed files' handler sets
      // an encoding and a type before it looks at the method, and they would stay on that answer.
      if (req.method !== "GET" && req.method !== "HEAD") return next("router");
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
