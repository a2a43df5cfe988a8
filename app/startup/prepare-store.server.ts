import type { Env } from "../config/env.server";
import type { Logger } from "../config/logger.server";
import { ensureAdminAccount } from "../domain/accounts/admin-account.server";
import { ensureGatePassword } from "../domain/admin/admin-gate.server";
import type { FileStorage } from "../storage/file-storage.server";
import type { Database, DatabaseHandle } from "../db/client.server";
import { seedDemoCatalog } from "./seed/seed-demo.server";

type StartupEnv = Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "ADMIN_PANEL_PASSWORD" | "SEED_DEMO">;

/**
 * Start-up data: the first admin account, the admin gate's password and, on an empty store, the
 * demo catalogue. Made by one process at a time: instances starting together on one database wait
 * for the first, then find everything there (one admin, one password shown once, one catalogue).
 */
export async function prepareStore(
  database: Pick<DatabaseHandle, "db" | "exclusively">,
  storage: FileStorage,
  env: StartupEnv,
  logger: Logger,
): Promise<void> {
  await database.exclusively("start-up data", () => prepareStoreAlone(database.db, storage, env, logger));
}

async function prepareStoreAlone(db: Database, storage: FileStorage, env: StartupEnv, logger: Logger) {
  const admin = await ensureAdminAccount(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  // The address itself stays out of the logs: it is personal data.
  if (admin === "created") logger.info("Conta de administrador criada");
  if (admin === "not-admin") {
    logger.warn(
      "Já existe uma conta com o e-mail de ADMIN_EMAIL e ela não é administradora; por segurança ela não " +
        "foi promovida. Se a conta é sua, promova-a com: npm run admin -- promote EMAIL",
    );
  }
  const generated = await ensureGatePassword(db, env.ADMIN_PANEL_PASSWORD);
  if (generated) {
    // Shown this once: only its hash is kept. The shop owner may set ADMIN_PANEL_PASSWORD instead.
    logger.warn(
      `Senha do painel administrativo gerada: ${generated} (guarde-a: ela não será exibida de novo; ` +
        "para escolher outra, defina ADMIN_PANEL_PASSWORD)",
    );
  }
  if (!env.SEED_DEMO) return;
  const seeded = await seedDemoCatalog(db, storage);
  if (seeded > 0) logger.info({ products: seeded }, "Catálogo de demonstração carregado");
}
