import type { Logger } from "../app/config/logger.server";
import type { DatabaseHandle } from "../app/db/client.server";
import { readCatalogVersion } from "../app/domain/catalog/catalog-version.server";

export interface CatalogVersion {
  /** The catalogue version this server knows to be current, or null while it cannot know. */
  current(): number | null;
  /** Taken before a page is rendered: a stock change announced after it makes the page stale. */
  stockMark(): number;
  /** Whether the stock of any of these products changed after `mark` was taken. */
  stockChangedSince(productIds: readonly number[], mark: number): boolean;
  stop(): Promise<void>;
}

/** What the page caches need to know of the catalogue's changes. */
export type CatalogChanges = Omit<CatalogVersion, "stop">;

/**
 * Follows what the database announces on every committed change (see migrations 0004 and 0007),
 * without a query per request: the catalogue version, which any change to what pages show
 * raises, and the products whose stock alone changed (a sale). While either channel is down,
 * changes may be missed: the version is unknown and the visitors' cache is bypassed.
 */
export async function watchCatalogVersion(database: DatabaseHandle, logger: Logger): Promise<CatalogVersion> {
  let version: number | null = null;
  const connected = { catalog: false, stock: false };
  // Stock announcements are numbered as they arrive; each product keeps the number of its last.
  let stockAnnouncements = 0;
  const lastStockChange = new Map<number, number>();
  // What was missed while a channel was down counts as a change of every product's stock.
  let allStockChanged = 0;

  // Versions only grow: a late message or a read racing a message never moves it back.
  const advance = (next: number) => {
    if (Number.isSafeInteger(next)) version = Math.max(version ?? next, next);
  };
  const onConnected = (channel: keyof typeof connected) => (isConnected: boolean) => {
    connected[channel] = isConnected;
    version = null;
    allStockChanged = stockAnnouncements += 1;
    if (!isConnected) {
      logger.warn({ channel }, "Canal de mudanças do catálogo desconectado; cache de páginas suspenso");
      return;
    }
    readCatalogVersion(database.db).then(advance, (error: unknown) =>
      logger.warn({ err: error }, "Não foi possível ler a versão do catálogo"),
    );
  };

  const unlistenCatalog = await database.listen("catalog_version", {
    onMessage: (payload) => advance(Number(payload)),
    onConnected: onConnected("catalog"),
  });
  const unlistenStock = await database.listen("product_stock", {
    onMessage: (payload) => {
      stockAnnouncements += 1;
      for (const id of payload.split(",")) lastStockChange.set(Number(id), stockAnnouncements);
    },
    onConnected: onConnected("stock"),
  });

  return {
    current: () => (connected.catalog && connected.stock ? version : null),
    stockMark: () => stockAnnouncements,
    stockChangedSince: (productIds, mark) =>
      allStockChanged > mark || productIds.some((id) => (lastStockChange.get(id) ?? 0) > mark),
    stop: async () => {
      await unlistenCatalog();
      await unlistenStock();
    },
  };
}
