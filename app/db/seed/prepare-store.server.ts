import type { Env } from "../../config/env.server";
import type { Logger } from "../../config/logger.server";
import { ensureAdminAccount } from "../../domain/accounts/admin-account.server";
import type { FileStorage } from "../../storage/file-storage.server";
import type { Database } from "../client.server";
import { seedDemoCatalog } from "./seed-demo.server";

/** Start-up data: the first admin account and, on an empty store, the demo catalogue. */
export async function prepareStore(
  db: Database,
  storage: FileStorage,
  env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "SEED_DEMO">,
  logger: Logger,
): Promise<void> {
  const admin = await ensureAdminAccount(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  if (admin === "created") logger.info({ email: env.ADMIN_EMAIL }, "Conta de administrador criada");
  if (!env.SEED_DEMO) return;
  const seeded = await seedDemoCatalog(db, storage);
  if (seeded > 0) logger.info({ products: seeded }, "Catálogo de demonstração carregado");
}
