// `npm run storage:migrate`: copies the photos kept on this disk (DATA_DIR/uploads) into the
// bucket of STORAGE=s3, under the same keys, so a store switched to the bucket serves them at the
// same /uploads/ addresses. Files already in the bucket with the same content are left as they are.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import "./load-dotenv.js";
import { exitOnConfigError, loadEnv, type Env } from "../app/config/env.server";
import { isSafeKey } from "../app/storage/file-storage.server";
import { uploadsDirectory } from "../app/storage/local-file-storage.server";
import { openFileStorage } from "../app/storage/open-file-storage.server";

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  exitOnConfigError(error);
}
if (env.STORAGE !== "s3") {
  console.error(
    "storage:migrate copia DATA_DIR/uploads para um bucket: defina STORAGE=s3 e as variáveis S3_* (veja o README).",
  );
  process.exit(1);
}
const storage = await openFileStorage(env).catch(exitOnConfigError);
if (storage.kind !== "s3") throw new Error("STORAGE=s3 abriu outro armazenamento");

const root = uploadsDirectory(env.DATA_DIR);
const files = await readdir(root, { recursive: true, withFileTypes: true }).catch(
  (error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
    console.log(`Nada a copiar: ${root} não existe.`);
    process.exit(0);
  },
);
const counts = { copied: 0, present: 0, skipped: 0 };
for (const file of files) {
  if (!file.isFile()) continue;
  const key = path.relative(root, path.join(file.parentPath, file.name)).split(path.sep).join("/");
  // A `.partial` file is a write a crash interrupted; anything else unsafe was not written by us.
  if (!isSafeKey(key) || key.endsWith(".partial")) {
    console.warn(`Ignorado (nome fora do padrão): ${key}`);
    counts.skipped++;
    continue;
  }
  const data = await readFile(path.join(root, key));
  // A whole-object upload's ETag is its MD5: the same content answers "not modified".
  const current = await storage.read(key, `"${createHash("md5").update(data).digest("hex")}"`);
  current?.body?.destroy();
  if (current?.status === 304) {
    counts.present++;
    continue;
  }
  await storage.put(key, data);
  counts.copied++;
}
console.log(
  `Arquivos em ${root}: ${counts.copied + counts.present + counts.skipped}; copiados para o bucket ${env.S3_BUCKET}: ${counts.copied}; já estavam lá: ${counts.present}; ignorados: ${counts.skipped}.`,
);
