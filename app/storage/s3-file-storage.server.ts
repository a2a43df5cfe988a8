import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import mime from "mime-types";
import { ConfigError, type Env } from "../config/env.server";
import { storeCounters } from "../config/metrics.server";
import {
  assertSafeKey,
  StorageUnavailableError,
  UPLOADS_CACHE_CONTROL,
  UPLOADS_URL_PREFIX,
  type FileStorage,
} from "./file-storage.server";

export type S3Settings = Pick<
  Env,
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_PUBLIC_URL"
>;

/** A stored object as the store serves it; `body` is absent when the browser's copy is current. */
export interface StoredObject {
  status: 200 | 304;
  body?: Readable;
  contentType?: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

export interface S3FileStorage extends FileStorage {
  readonly kind: "s3";
  /** The bucket's public address, when the bucket serves its objects itself. */
  readonly publicUrl?: string;
  /** The object under `key` (null when there is none); 304 when its ETag is `ifNoneMatch`. */
  read(key: string, ifNoneMatch?: string): Promise<StoredObject | null>;
  /** Lists the bucket once: a wrong variable throws a `ConfigError` naming it. */
  verifyAccess(): Promise<void>;
}

const ACCESS_CHECK_PREFIX = "vitrine-verificacao-de-acesso/";
/** A silent bucket fails an upload within seconds rather than holding the admin's form. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** Files in an S3-compatible bucket, under the same keys and `/uploads/` paths as on the disk. */
export function createS3FileStorage(settings: S3Settings): S3FileStorage {
  // The store runs on Node 20 (package.json's engines) with the SDK the lockfile pins; the SDK's
  // notice about its later releases would print seven lines at every start, before the store's own.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const bucket = settings.S3_BUCKET!;
  const client = new S3Client({
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    credentials: {
      accessKeyId: settings.S3_ACCESS_KEY_ID!,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY!,
    },
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  return {
    kind: "s3",
    publicUrl: settings.S3_PUBLIC_URL?.replace(/\/+$/, ""),
    async put(key, data) {
      assertSafeKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: data,
            ContentType: contentTypeOf(key),
            CacheControl: UPLOADS_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw unavailable("put", error);
      }
      return UPLOADS_URL_PREFIX + key;
    },
    async delete(key) {
      assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw unavailable("delete", error);
      }
    },
    async read(key, ifNoneMatch) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, IfNoneMatch: ifNoneMatch }),
        );
        return {
          status: 200,
          body: object.Body as Readable,
          contentType: object.ContentType ?? contentTypeOf(key),
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) return { status: 304, etag: ifNoneMatch };
        if (status === 404) return null;
        throw unavailable("read", error);
      }
    },
    async verifyAccess() {
      try {
        // A prefix no key has: the answer is short, and its error names what is wrong (a HEAD's has no body).
        await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: ACCESS_CHECK_PREFIX, MaxKeys: 1 }),
        );
      } catch (error) {
        throw configErrorOf(error, settings);
      }
    },
  };
}

/** The bucket's failure as the store reports it, counted in `/metrics`. */
function unavailable(operation: "put" | "delete" | "read", error: unknown): StorageUnavailableError {
  storeCounters.storageErrors.inc({ operation });
  return new StorageUnavailableError({ cause: error });
}

function contentTypeOf(key: string): string {
  return mime.lookup(key) || "application/octet-stream";
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** What the bucket's answer says is wrong, as the variable to fix. */
function configErrorOf(error: unknown, settings: S3Settings): ConfigError {
  const endpoint = settings.S3_ENDPOINT ?? `a AWS (${settings.S3_REGION})`;
  if (!(error instanceof S3ServiceException) || statusOf(error) === undefined) {
    const code = (error as { code?: string } | null)?.code ?? (error as Error).name;
    return new ConfigError("S3_ENDPOINT", `não respondeu: ${endpoint} (${code})`);
  }
  switch (error.name) {
    case "InvalidAccessKeyId":
      return new ConfigError("S3_ACCESS_KEY_ID", "não é conhecida pelo armazenamento S3");
    case "SignatureDoesNotMatch":
      return new ConfigError(
        "S3_SECRET_ACCESS_KEY",
        "não confere com S3_ACCESS_KEY_ID (assinatura recusada)",
      );
    case "NoSuchBucket":
      return new ConfigError("S3_BUCKET", `não existe em ${endpoint}: ${settings.S3_BUCKET}`);
    case "PermanentRedirect":
    case "AuthorizationHeaderMalformed":
      return new ConfigError("S3_REGION", `não é a região do bucket ${settings.S3_BUCKET}`);
  }
  const status = statusOf(error)!;
  if (status === 403) {
    return new ConfigError(
      "S3_ACCESS_KEY_ID",
      `ou S3_SECRET_ACCESS_KEY recusados: sem acesso ao bucket ${settings.S3_BUCKET}`,
    );
  }
  if (status === 404) return new ConfigError("S3_BUCKET", `não existe em ${endpoint}: ${settings.S3_BUCKET}`);
  return new ConfigError("S3_ENDPOINT", `respondeu ${status} ao listar o bucket ${settings.S3_BUCKET}`);
}
