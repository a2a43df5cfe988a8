import type { Logger } from "../app/config/logger.server";
import type { DatabaseHandle } from "../app/db/client.server";
import { readCatalogVersion } from "../app/domain/catalog/catalog-version.server";

export interface CatalogVersion {
  /** The catalogue version this server knows to be current, or null while it cannot know. */
  current(): number | null;
  stop(): Promise<void>;
}

/**
 * Follows the catalogue version announced by the database on every committed change (see
 * migration 0004), without a query per request. While the notification channel is down the
 * version is unknown, and the visitors' cache is bypassed rather than trusted.
 */
export async function watchCatalogVersion(database: DatabaseHandle, logger: Logger): Promise<CatalogVersion> {
  let version: number | null = null;
  // Versions only grow: a late message or a read racing a message never moves it back.
  const advance = (next: number) => {
    if (Number.isSafeInteger(next)) version = Math.max(version ?? next, next);
  };
  const unlisten = await database.listen("catalog_version", {
    onMessage: (payload) => advance(Number(payload)),
    onConnected: (connected) => {
      version = null;
      if (!connected) {
        logger.warn("Canal de versão do catálogo desconectado; cache de páginas suspenso");
        return;
      }
      readCatalogVersion(database.db).then(advance, (error: unknown) =>
        logger.warn({ err: error }, "Não foi possível ler a versão do catálogo"),
      );
    },
  });
  return { current: () => version, stop: unlisten };
}
