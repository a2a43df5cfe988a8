import { chmod, lstat, mkdir, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { Env } from "../config/env.server";
import type { Logger } from "../config/logger.server";
import type { DatabaseHandle } from "../db/client.server";
import { z } from "../lib/zod";
import { parseJson } from "./backup-manifest.server";
import { backupOptionsOf, createBackup } from "./create-backup.server";
import type { OperationResult } from "./operation-result.server";

/**
 * The running store's backup channel: a Unix socket in a folder of `DATA_DIR` only the store's
 * user (and root) can enter, so no other local user can ask for a backup, nor read its answer.
 */
export function backupSocketOf(dataDir: string): string {
  return path.resolve(dataDir, "canal", "backup.sock");
}

/** A request is a backup to a file: nothing else can be asked. */
const requestSchema = z.strictObject({
  backupTo: z.string().max(4096).refine(path.isAbsolute, "deve ser um caminho absoluto"),
});
const answerSchema = z.object({ ok: z.boolean(), message: z.string() });

/** A request longer than this is not one. */
const MAX_REQUEST_BYTES = 8_192;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Opens the running store's backup channel when it runs on the embedded database (PostgreSQL's
 * `pg_dump` runs beside the store): each backup asked for is made from `database`, one at a time.
 * Returns its close; null when there is no channel to open, or it could not be (logged).
 */
export async function openBackupChannel(
  env: Env,
  database: DatabaseHandle,
  logger: Logger,
): Promise<(() => Promise<void>) | null> {
  if (!database.dataDirectoryArchive) return null;
  try {
    return await listenForBackups(
      env.DATA_DIR,
      (file) => createBackup(backupOptionsOf(env, file, database)),
      logger,
    );
  } catch (error) {
    logger.warn({ err: error }, "Canal de backup não aberto: npm run backup só funcionará com a loja parada");
    return null;
  }
}

async function listenForBackups(
  dataDir: string,
  backup: (file: string) => Promise<OperationResult>,
  logger: Logger,
): Promise<() => Promise<void>> {
  const socket = backupSocketOf(dataDir);
  const folder = path.dirname(socket);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // A folder left by another user, or with a wider mode, is not trusted as it is.
  const stats = await lstat(folder);
  if (!stats.isDirectory() || stats.uid !== process.getuid?.()) {
    throw new Error(`A pasta ${folder} não é uma pasta deste usuário; apague-a e inicie a loja de novo.`);
  }
  await chmod(folder, 0o700);
  // Left by a store that ended without closing it: this process holds the data's lock now.
  await rm(socket, { force: true });

  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((connection) => {
    let request = "";
    connection.setEncoding("utf8");
    // A connection that never finishes its request is dropped; the backup itself may take long.
    connection.setTimeout(REQUEST_TIMEOUT_MS, () => connection.destroy());
    connection.on("error", () => connection.destroy());
    connection.on("data", (chunk: string) => {
      request += chunk;
      const end = request.indexOf("\n");
      if (end === -1 && request.length <= MAX_REQUEST_BYTES) return;
      connection.removeAllListeners("data");
      connection.setTimeout(0);
      if (end === -1 || end > MAX_REQUEST_BYTES) return answer({ ok: false, message: "Pedido inválido." });
      const parsed = requestSchema.safeParse(parseJson(request.slice(0, end)));
      if (!parsed.success) return answer({ ok: false, message: "Pedido inválido." });
      const made = queue.then(() => backup(parsed.data.backupTo));
      queue = made.catch(() => undefined);
      made.then(answer, (error: unknown) => {
        logger.error({ err: error }, "Falha no backup pedido pelo comando");
        answer({ ok: false, message: "O backup falhou; veja o log da loja." });
      });
    });
    function answer(outcome: OperationResult) {
      connection.end(`${JSON.stringify(outcome)}\n`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, resolve);
  });
  await chmod(socket, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Asks the store running on `dataDir` for a backup to `file` (absolute). Null when no store
 * answers on the channel (none runs, or one stopped without closing it).
 */
export function askRunningStore(dataDir: string, file: string): Promise<OperationResult | null> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(backupSocketOf(dataDir));
    let answer = "";
    let connected = false;
    connection.setEncoding("utf8");
    connection.on("connect", () => {
      connected = true;
      connection.write(`${JSON.stringify({ backupTo: file })}\n`);
    });
    connection.on("data", (chunk: string) => (answer += chunk));
    connection.on("end", () => {
      const parsed = answerSchema.safeParse(parseJson(answer.trim()));
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(`Resposta inesperada da loja pelo canal de backup: ${answer}`));
    });
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (connected) return reject(error);
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") return resolve(null);
      if (error.code === "EACCES") {
        return resolve({
          ok: false,
          message: `Sem permissão para pedir o backup à loja pelo canal ${backupSocketOf(dataDir)}; rode o comando como o usuário da loja.`,
        });
      }
      reject(error);
    });
  });
}
