// `npm run backup -- FILE`: the database and the local photos in one archive.
// With the embedded database (PGlite), a running store makes it itself: it is the one opener.
import path from "node:path";
import { parseArgs } from "node:util";
import "./load-dotenv.js";
import { loadEnv } from "../app/config/env.server";
import { askRunningStore } from "../app/operations/backup-channel.server";
import { backupOptionsOf, createBackup } from "../app/operations/create-backup.server";
import { reportOutcome } from "./report-outcome";

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error("Uso: npm run backup -- ARQUIVO");
  process.exit(2);
}

const env = loadEnv();
const file = path.resolve(positionals[0]!);
const madeByStore = env.DATABASE_URL ? null : await askRunningStore(env.DATA_DIR, file);
reportOutcome(madeByStore ?? (await createBackup(backupOptionsOf(env, file))));
