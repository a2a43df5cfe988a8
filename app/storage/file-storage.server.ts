/** Where uploaded and generated files live; the domain never knows which implementation runs. */
export interface FileStorage {
  /**
   * Stores `data` under `key` (e.g. `products/mouse-0.webp`), replacing any earlier file only once
   * the new one is whole. Returns its public URL path. Throws `StorageUnavailableError` when the
   * storage cannot be reached: nothing was stored.
   */
  put(key: string, data: Uint8Array): Promise<string>;
  /**
   * Removes the file under `key`; a missing file is not an error. Throws `StorageUnavailableError`
   * when the storage cannot be reached.
   */
  delete(key: string): Promise<void>;
}

/** What a customer or an admin reads when a photo could not be stored. */
export const STORAGE_UNAVAILABLE = "Não foi possível salvar a imagem agora. Tente novamente em instantes.";

/** The storage could not be reached (a bucket down, a network cut): try again later. */
export class StorageUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super("Armazenamento de arquivos indisponível", options);
    this.name = "StorageUnavailableError";
  }
}

/** Every stored file's URL path: the same for every storage, so switching needs no data migration. */
export const UPLOADS_URL_PREFIX = "/uploads/";

/** A stored file changes name when it changes content (a hash, or a version query): kept for good. */
export const UPLOADS_CACHE_CONTROL = "public, max-age=31536000, immutable";

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Keys come from our own code, but a user id or a slug may end up in one: nothing path-like. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..");
}

/** The folders the store writes to: products' photos, customers' avatars, the store's own images. */
const STORE_FOLDERS = ["products/", "avatars/", "store/"];

/**
 * Whether `key` names a file the store wrote, to be served at `/uploads/`: a bucket may hold other
 * objects (another application's, the operator's), which are not the store's to publish.
 */
export function isStoreFileKey(key: string): boolean {
  return isSafeKey(key) && STORE_FOLDERS.some((folder) => key.startsWith(folder));
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Chave de arquivo inválida: ${JSON.stringify(key)}`);
}
