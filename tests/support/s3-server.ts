import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Hash } from "@smithy/hash-node";
import { SignatureV4 } from "@smithy/signature-v4";
import S3rver from "s3rver";

export const S3_ACCESS_KEY_ID = "S3RVER";
export const S3_SECRET_ACCESS_KEY = "S3RVER";
const REGION = "us-east-1";

export interface S3Fixture {
  endpoint: string;
  bucket: string;
  /** What a store needs to keep its photos in this bucket (`STORAGE=s3` and its variables). */
  env: Record<string, string>;
  /** Stops answering (connections refused), as a bucket that went down. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  start(): Promise<void>;
  /** Stops and removes the objects. */
  remove(): Promise<void>;
}

/**
 * An S3-compatible server on loopback (s3rver, objects on disk) with one bucket. s3rver does not
 * check SigV4 signatures, so signed requests pass a check of their own first: a wrong secret key
 * is refused with 403 `SignatureDoesNotMatch`, as S3 does.
 */
export async function startS3Server(bucket = "vitrine-fotos"): Promise<S3Fixture> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "vitrine-s3-"));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const answer = s3rver.callback();
  const server = http.createServer((req, res) => {
    verifySignature(req).then(
      (valid) => {
        if (valid) return answer(req, res);
        res.writeHead(403, { "content-type": "application/xml" });
        res.end(
          req.method === "HEAD"
            ? undefined
            : "<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>",
        );
      },
      () => res.writeHead(400).end(),
    );
  });
  const listen = (port = 0) =>
    new Promise<number>((resolve) =>
      server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
    );
  const port = await listen();
  const stop = async () => {
    if (!server.listening) return;
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
  };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop,
    async start() {
      await listen(port);
    },
    async remove() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/;

/**
 * Signs the request again with the known secret and compares. An unsigned request is anonymous,
 * as a browser's to a public bucket: s3rver answers it.
 */
async function verifySignature(req: http.IncomingMessage): Promise<boolean> {
  if (req.headers.authorization === undefined) return true;
  const match = AUTHORIZATION.exec(req.headers.authorization ?? "");
  if (!match) return false;
  const [, accessKeyId, , region, signedHeaders] = match;
  // An unknown key is s3rver's own answer (403 InvalidAccessKeyId).
  if (accessKeyId !== S3_ACCESS_KEY_ID) return true;
  const url = new URL(req.url!, "http://s3.local");
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const earlier = query[name];
    query[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  const headers = Object.fromEntries(
    signedHeaders!.split(";").map((name) => [name, String(req.headers[name] ?? "")]),
  );
  const date = headers["x-amz-date"]!;
  const signingDate = new Date(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
  );
  const signer = new SignatureV4({
    credentials: { accessKeyId, secretAccessKey: S3_SECRET_ACCESS_KEY },
    region: region!,
    service: "s3",
    sha256: Hash.bind(null, "sha256"),
    uriEscapePath: false,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    { method: req.method!, protocol: "http:", hostname: url.hostname, path: url.pathname, query, headers },
    { signingDate },
  );
  return signed.headers.authorization === req.headers.authorization?.replace(/, ?/g, ", ");
}
