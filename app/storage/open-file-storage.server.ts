import type { Env } from "../config/env.server";
import { createLocalFileStorage, type LocalFileStorage } from "./local-file-storage.server";
import { createS3FileStorage, type S3FileStorage } from "./s3-file-storage.server";

/** The storage the store runs with; the HTTP shell serves each kind its own way. */
export type StoreFileStorage = LocalFileStorage | S3FileStorage;

/**
 * The storage `STORAGE` names. A bucket is listed once first: a wrong credential, bucket or
 * endpoint throws a `ConfigError` naming its variable, before the store takes any upload.
 */
export async function openFileStorage(env: Env): Promise<StoreFileStorage> {
  if (env.STORAGE === "local") return createLocalFileStorage(env.DATA_DIR);
  const storage = createS3FileStorage(env);
  await storage.verifyAccess();
  return storage;
}
