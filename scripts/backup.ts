// `npm run backup -- FILE`: the database and the local photos in one archive.
// With the embedded database (PGlite), stop the store first: it has one opener.
import { parseArgs } from "node:util";
import "./load-dotenv.js";
import { loadEnv } from "../app/config/env.server";
import { createBackup } from "../app/operations/create-backup.server";
import { reportOutcome } from "./report-outcome";

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error("Uso: npm run backup -- ARQUIVO");
  process.exit(2);
}

const env = loadEnv();
const result = await createBackup({
  dataDir: env.DATA_DIR,
  databaseUrl: env.DATABASE_URL,
  file: positionals[0]!,
  // Photos in an S3 bucket (STORAGE=s3) are backed up by the bucket's own means.
  photos: env.STORAGE === "s3" ? "bucket" : "local",
});
reportOutcome(result);
