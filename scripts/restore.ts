// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` in place.
// Stop the store first; into a store that already has data only with --force.
import { parseArgs } from "node:util";
import "./load-dotenv.js";
import { loadEnv } from "../app/config/env.server";
import { restoreBackup } from "../app/operations/restore-backup.server";
import { reportOutcome } from "./report-outcome";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false } },
});
if (positionals.length !== 1) {
  console.error("Uso: npm run restore -- ARQUIVO [--force]");
  process.exit(2);
}

const env = loadEnv();
const result = await restoreBackup({
  dataDir: env.DATA_DIR,
  databaseUrl: env.DATABASE_URL,
  file: positionals[0]!,
  force: values.force,
});
reportOutcome(result);
