import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, UPLOADS_URL_PREFIX, type FileStorage } from "./file-storage.server";

export interface LocalFileStorage extends FileStorage {
  readonly kind: "local";
  /** Where the files are, served by the HTTP shell at `/uploads/`. */
  readonly directory: string;
}

export function uploadsDirectory(dataDir: string): string {
  return path.resolve(dataDir, "uploads");
}

/** Files on the local disk under `DATA_DIR/uploads`, served by the HTTP shell at `/uploads/`. */
export function createLocalFileStorage(dataDir: string): LocalFileStorage {
  const root = uploadsDirectory(dataDir);
  return {
    kind: "local",
    directory: root,
    async put(key, data) {
      assertSafeKey(key);
      const target = path.join(root, key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a crash never leaves a half-written file where a page points.
      const partial = `${target}.${process.pid}.partial`;
      await writeFile(partial, data);
      await rename(partial, target);
      return UPLOADS_URL_PREFIX + key;
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(path.join(root, key), { force: true });
    },
  };
}
