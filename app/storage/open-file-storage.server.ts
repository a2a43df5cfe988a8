import type { Env } from "../config/env.server";
import { createLocalFileStorage, type LocalFileStorage } from "./local-file-storage.server";
import type { S3FileStorage } from "./s3-file-storage.server";

/** The storage the store runs with; the HTTP shell serves each kind its own way. */
export type StoreFileStorage = LocalFileStorage | S3FileStorage;

/**
 * The storage `STORAGE` names. A bucket is listed once first: a wrong credential, bucket or
 * endpoint throws a `ConfigError` naming its variable, before the store takes any upload. The S3
 * client (several megabytes of modules) is loaded only by a store that uses a bucket.
 */
export async function openFileStorage(env: Env): Promise<StoreFileStorage> {
  if (env.STORAGE === "local") return createLocalFileStorage(env.DATA_DIR);
  const { createS3FileStorage } = await import("./s3-file-storage.server");
  const storage = createS3FileStorage(env);
  await storage.verifyAccess();
  return storage;
}
