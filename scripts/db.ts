// `npm run db:migrate` and `npm run db:seed [-- --products N]`, on the configured database.
// With the embedded database, stop the store first: PGlite allows one process per data directory
// (a lock file says so when the store runs).
import { parseArgs } from "node:util";
import "./load-dotenv.js";
import { loadEnv } from "../app/config/env.server";
import { createLogger } from "../app/config/logger.server";
import { prepareStore } from "../app/startup/prepare-store.server";
import { seedSyntheticProducts } from "../app/startup/seed/synthetic-products.server";
import { openFileStorage } from "../app/storage/open-file-storage.server";
import { openConfiguredDatabase } from "./configured-database";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { products: { type: "string" } },
});
const command = positionals[0];
if (command !== "migrate" && command !== "seed") {
  console.error("Uso: db.ts migrate | seed [--products N]");
  process.exit(2);
}
const syntheticCount = values.products === undefined ? undefined : Number(values.products);
if (syntheticCount !== undefined && !(Number.isInteger(syntheticCount) && syntheticCount > 0)) {
  console.error("--products deve ser um número inteiro positivo");
  process.exit(2);
}

const env = loadEnv();
const logger = createLogger(env);
const database = await openConfiguredDatabase(env);
try {
  await database.migrate();
  logger.info("Migrações aplicadas");
  if (command === "seed") {
    const startedAt = performance.now();
    if (syntheticCount) await seedSyntheticProducts(database.db, syntheticCount);
    else await prepareStore(database, await openFileStorage(env), env, logger);
    logger.info({ seconds: ((performance.now() - startedAt) / 1000).toFixed(1) }, "Carga concluída");
  }
} finally {
  await database.close();
}
