// `npm run products -- export FILE` and `npm run products -- import FILE [--dry-run]`, on the
// configured database: the panel's `Exportar CSV` and `Importar CSV` (README, 'Importar e
// exportar produtos'). An import is checked first: any row refused, nothing is written. With the
// embedded database, stop the store first: PGlite allows one process per data directory.
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import "./load-dotenv.js";
import { exitOnConfigError, loadEnv, type Env } from "../app/config/env.server";
import { storeBaseURL } from "../app/config/public-origin.server";
import { csvSummary } from "../app/domain/admin/product-csv";
import { exportProductsCsv } from "../app/domain/admin/product-csv-export.server";
import { importProductsCsv } from "../app/domain/admin/product-csv-import.server";
import { storeSkuPrefix } from "../app/domain/admin/save-product.server";
import { openFileStorage } from "../app/storage/open-file-storage.server";
import { openConfiguredDatabase } from "./configured-database";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "dry-run": { type: "boolean", default: false } },
});
const [command, file] = positionals;
if ((command !== "import" && command !== "export") || !file || positionals.length !== 2) {
  console.error("Uso: npm run products -- export ARQUIVO.csv | import ARQUIVO.csv [--dry-run]");
  process.exit(2);
}

/** The audit log's author of what this command writes: no account, the command's name. */
const COMMAND_ACTOR = { id: null, email: "npm run products" };

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  exitOnConfigError(error);
}
const bytes = command === "import" ? await readFile(file) : null;
const storage = await openFileStorage(env).catch(exitOnConfigError);
const database = await openConfiguredDatabase(env);
try {
  await database.migrate();
  if (bytes === null) {
    await writeFile(file, await exportProductsCsv(database.db));
    console.log(`Produtos exportados para ${file}.`);
  } else {
    const outcome = await importProductsCsv(database.db, storage, COMMAND_ACTOR, bytes, {
      dryRun: values["dry-run"],
      storeOrigin: storeBaseURL(env),
      skuPrefix: await storeSkuPrefix(database.db, env),
    });
    if (outcome.ok) {
      console.log(csvSummary(outcome));
    } else {
      console.error("Nada foi importado. Corrija o arquivo:");
      for (const error of outcome.errors) console.error(error);
      process.exitCode = 1;
    }
  }
} finally {
  await database.close();
}
