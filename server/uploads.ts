import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import express, { type RequestHandler } from "express";
import {
  isStoreFileKey,
  UPLOADS_CACHE_CONTROL,
  UPLOADS_URL_PREFIX,
} from "../app/storage/file-storage.server";
import type { LocalFileStorage } from "../app/storage/local-file-storage.server";
import type { S3FileStorage } from "../app/storage/s3-file-storage.server";

/** How long a browser may keep a redirect to the bucket (the bucket's address may change). */
const REDIRECT_CACHE_CONTROL = "public, max-age=86400";

/**
 * The stored files on this machine's disk, answered before the Express stack with a subresource's
 * security headers: a catalogue page shows two dozen, and through Express each cost the store
 * about six times what the static handler alone does. Cached for good; validators and ranges as
 * `express.static` gives them. Anything else, or a file that is not there, goes on to `next`.
 */
export function localUploads(storage: LocalFileStorage, headers: [string, string][]) {
  const serve = express.static(storage.directory, {
    immutable: true,
    maxAge: "1y",
    index: false,
    redirect: false,
  });
  return (req: IncomingMessage, res: ServerResponse, requestId: string, next: () => void): boolean => {
    const url = req.url ?? "";
    if (!url.startsWith(UPLOADS_URL_PREFIX)) return false;
    res.setHeader("X-Request-Id", requestId);
    for (const [name, value] of headers) res.setHeader(name, value);
    // The static handler reads the path inside the folder from `req.url`.
    req.url = url.slice(UPLOADS_URL_PREFIX.length - 1);
    serve(req as express.Request, res as express.Response, () => {
      req.url = url;
      next();
    });
    return true;
  };
}

/**
 * The stored files in a bucket, mounted at `/uploads/`: redirected to its public address when
 * there is one, streamed through the store otherwise, cached for good either way. A missing file,
 * or an object the store did not write, falls through to the store's 404 page, as on the disk.
 */
export function bucketUploads(storage: S3FileStorage): RequestHandler {
  const serve = storage.publicUrl ? redirectTo(storage.publicUrl) : streamFrom(storage);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = keyOf(req.path);
    if (!key) return next();
    serve(key, req, res, next).catch(next);
  };
}

type KeyHandler = (...args: [string, ...Parameters<RequestHandler>]) => Promise<void>;

function keyOf(path: string): string | null {
  try {
    const key = decodeURIComponent(path.slice(1));
    return isStoreFileKey(key) ? key : null;
  } catch {
    return null;
  }
}

function redirectTo(publicUrl: string): KeyHandler {
  return async (key, _req, res) => {
    res.setHeader("Cache-Control", REDIRECT_CACHE_CONTROL);
    res.redirect(302, `${publicUrl}/${key}`);
  };
}

function streamFrom(storage: S3FileStorage): KeyHandler {
  return async (key, req, res, next) => {
    let object;
    try {
      object = await storage.read(key, req.headers["if-none-match"]);
    } catch (error) {
      req.log.warn({ err: error, key }, "Armazenamento S3 indisponível ao servir um arquivo");
      res.status(503).setHeader("Retry-After", "5");
      res.type("text").send("Arquivo indisponível no momento. Tente novamente em instantes.");
      return;
    }
    if (!object) return next();
    res.setHeader("Cache-Control", UPLOADS_CACHE_CONTROL);
    if (object.etag) res.setHeader("ETag", object.etag);
    if (object.status === 304) {
      res.status(304).end();
      return;
    }
    if (object.contentType) res.type(object.contentType);
    if (object.contentLength !== undefined) res.setHeader("Content-Length", object.contentLength);
    if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
    if (req.method === "HEAD") {
      object.body?.destroy();
      res.end();
      return;
    }
    // A client that leaves mid-file ends the pipeline; the bucket's stream is closed with it.
    await pipeline(object.body!, res).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ERR_STREAM_PREMATURE_CLOSE")
        req.log.warn({ err: error, key }, "Arquivo interrompido");
    });
  };
}
