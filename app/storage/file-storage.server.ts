/** Where uploaded and generated files live; the domain never knows which implementation runs. */
export interface FileStorage {
  /** Stores `data` under `key` (e.g. `products/mouse-0.webp`), replacing any earlier file. Returns its public URL path. */
  put(key: string, data: Uint8Array): Promise<string>;
  /** Removes the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Keys come from our own code, but a user id or a slug may end up in one: refuse anything path-like. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) {
    throw new Error(`Chave de arquivo inválida: ${JSON.stringify(key)}`);
  }
}
