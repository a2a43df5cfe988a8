import type { Database } from "../../db/client.server";
import { catalogState } from "../../db/schema.server";

/** The catalogue's current version; it changes in the same commit as any product or image. */
export async function readCatalogVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogState.version }).from(catalogState);
  return row?.version ?? 0;
}
