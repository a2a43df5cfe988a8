import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import * as serverBuild from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { exitOnConfigError, loadEnv, type Env } from "../app/config/env.server";
import { storeBaseURL } from "../app/config/public-origin.server";
import { createLogger, type Logger } from "../app/config/logger.server";
import { limitOutgoingRequests } from "../app/config/outgoing-requests.server";
import { openDatabase, type DatabaseHandle, type StartupLock } from "../app/db/client.server";
import { DataDirectoryLockedError } from "../app/db/data-directory-lock.server";
import { prepareStore } from "../app/startup/prepare-store.server";
import type { FileStorage } from "../app/storage/file-storage.server";
import { openFileStorage } from "../app/storage/open-file-storage.server";
import { resolveAuthSecret } from "../app/config/auth-secret.server";
import { createAuth } from "../app/domain/accounts/auth.server";
import { currentCatalogIndex } from "../app/domain/catalog/catalog-index.server";
import { signInProvidersOf } from "../app/domain/accounts/sign-in-providers.server";
import { orderMailStoreOf } from "../app/domain/orders/order-mail-store.server";
import { paymentProvidersOf } from "../app/domain/payments/providers/registry.server";
import { createCarrierTracking } from "../app/domain/shipping/carrier-trackings.server";
import { storefrontSettings } from "../app/domain/store-settings/store-settings.server";
import { createMailer } from "../app/mail/mailer.server";
import { openBackupChannel } from "../app/operations/backup-channel.server";
import { scheduledBackupsOf } from "../app/operations/scheduled-backups.server";
import { removeDataReplacedByRestore } from "../app/operations/restore-backup.server";
import { createApp, type RequestListener } from "./app";
import { startJobs } from "./jobs";
import { watchCatalogVersion, type CatalogVersion } from "./catalog-version";
import { returnFreedMemoryWhenQuiet } from "./return-freed-memory";
import { warmUp } from "./warm-up";
import { migrateWithJournal } from "../app/db/migration-journal.server";

/** The React Router build this bundle serves; the tests' in-process handler serves it too. */
export { serverBuild };

const LOCK_NAMES: Record<StartupLock, string> = {
  migrations: "migrações",
  "start-up data": "administrador e catálogo de demonstração",
};
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 10_000;
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Starts the store: configuration, then the database (retried until it answers), a warm-up, and
 * only then the HTTP listener: a load balancer finds the port closed until the store is ready,
 * and sends its requests to another instance (docs/decisions/0026-deploys-and-drain.md).
 */
export async function startServer(
  options: { vite?: ViteDevServer; /** Production: the built client files. */ clientDirectory?: string } = {},
): Promise<void> {
  const env = loadEnvOrExit();
  const logger = createLogger(env);
  limitOutgoingRequests();
  const storage = await openFileStorage(env).catch(exitOnConfigError);
  const baseURL = storeBaseURL(env);
  let catalogVersion: CatalogVersion | null = null;
  let stopJobs: (() => Promise<void>) | null = null;
  let closeBackupChannel: (() => Promise<void>) | null = null;
  let database: DatabaseHandle | null = null;
  const vite = options.vite;

  let stopping = false;
  /** Set once the listener is closed: from then on every answer closes its connection. */
  let closing = false;
  const server = http.createServer();

  // Drain: /readyz answers 503 so the load balancer moves on, while the listener still serves;
  // then close the listener, and let every open connection end with its request.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainSeconds = vite ? 0 : env.SHUTDOWN_DRAIN_SECONDS;
    logger.info({ signal }, `Encerrando: /readyz responde 503; atendendo ainda por ${drainSeconds} s`);
    await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    logger.info("Encerrando: porta fechada; aguardando as requisições em andamento");
    closing = true;
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await closeListener(server);
    clearTimeout(force);
    await vite?.close();
    await stopJobs?.();
    await closeBackupChannel?.();
    await catalogVersion?.stop();
    await database?.close();
    logger.info("Encerrado");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await exitWhenPortTaken(env);
  logger.info(`Preparando a loja (${env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`);
  const ready = await connectUntilReady(env, storage, logger, () => stopping);
  if (!ready) return;
  database = ready;
  catalogVersion = await watchCatalogVersion(ready, logger);
  // The catalogue's listing index is read before the store listens, so no visitor's listing
  // waits for the whole catalogue (1-2 s at 100,000 products).
  await currentCatalogIndex(ready.db);
  const auth = createAuth({
    db: ready.db,
    secret: resolveAuthSecret(env),
    baseURL,
    https: baseURL.startsWith("https:"),
    logger,
    store: () => storefrontSettings(ready.db, env),
    providers: signInProvidersOf(env),
  });
  const { pix, card } = paymentProvidersOf({ env, db: ready.db, baseURL });
  const app = createApp({
    env,
    logger,
    services: { database: ready, auth, pix, card },
    storage,
    baseURL,
    catalog: () => catalogVersion,
    build: vite
      ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
      : (serverBuild as unknown as ServerBuild),
    clientDirectory: options.clientDirectory,
    devMiddleware: vite?.middlewares,
    stopping: () => stopping,
  });
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (closing) res.setHeader("Connection", "close");
    app(req, res);
  });
  stopJobs = startJobs({
    db: ready.db,
    pix,
    card,
    logger,
    mailer: createMailer(env, logger),
    store: orderMailStoreOf(ready.db, env, baseURL),
    carrier: createCarrierTracking(env),
    backups: scheduledBackupsOf(env, ready),
    bling: env,
    env,
  });
  closeBackupChannel = await openBackupChannel(env, ready, logger);
  if (!vite) await warmUpPrivately(app, env, logger);
  await returnFreedMemoryWhenQuiet(logger);
  if (stopping) return;
  await listen(server, env);
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  logger.info(
    `Vitrine ouvindo em http://${host}:${port} (${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; endereço público ${baseURL})`,
  );
  for (const folder of await removeDataReplacedByRestore(env.DATA_DIR)) {
    logger.info({ folder }, "Dados substituídos pela restauração apagados: a loja iniciou com o backup");
  }
}

/**
 * Closes the listener only: new connections are refused, and each open one ends after its next
 * answer (`Connection: close`) or when idle for the client's keep-alive timeout (nginx's 4 s,
 * docs/nginx.conf) or the server's (5 s). `server.close()` would also close the idle connections
 * at once, and a client sending a request on one at that instant would lose it.
 */
function closeListener(server: http.Server): Promise<void> {
  return new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve()));
}

/**
 * Warm-up (server/warm-up.ts) on a listener of its own, on a loopback port no client knows, as
 * a client of the address the store is about to listen on.
 */
async function warmUpPrivately(app: RequestListener, env: Env, logger: Logger): Promise<void> {
  const warmUpServer = http.createServer(app);
  await new Promise<void>((resolve) => warmUpServer.listen(0, "127.0.0.1", resolve));
  const host = loopbackHost(env.HOST);
  await warmUp(
    (warmUpServer.address() as AddressInfo).port,
    `${host.includes(":") ? `[${host}]` : host}:${env.PORT}`,
    logger,
  );
  await new Promise((resolve) => warmUpServer.close(resolve));
}

/** Where a client on this machine reaches the listener: a wildcard address through loopback. */
function loopbackHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  return host === "::" ? "::1" : host;
}

function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    return exitOnConfigError(error);
  }
}

function listen(server: http.Server, env: Env): Promise<void> {
  return new Promise((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      exitPortUnusable(
        env,
        error.code === "EADDRINUSE" ? "já está em uso" : `não pôde ser aberta (${error.code})`,
      ),
    );
    server.listen(env.PORT, env.HOST, resolve);
  });
}

/**
 * Stops at once when something already answers on the port, rather than after preparing the
 * database (the listener opens only then). Asked by connecting, not by listening for a moment:
 * a connection a load balancer opened to a short-lived listener would be reset with its request.
 */
async function exitWhenPortTaken(env: Env): Promise<void> {
  const answered = await new Promise<boolean>((resolve) => {
    const socket = net.connect(env.PORT, loopbackHost(env.HOST));
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
  if (answered) exitPortUnusable(env, "já está em uso");
}

function exitPortUnusable(env: Env, reason: string): never {
  console.error(`A porta ${env.PORT} em ${env.HOST} ${reason}; defina outra em PORT.`);
  process.exit(1);
}

/**
 * Opens, migrates and seeds the database; while it cannot be reached, tries again with backoff.
 * Exits when another process has the embedded database open.
 */
async function connectUntilReady(
  env: Env,
  storage: FileStorage,
  logger: Logger,
  stopping: () => boolean,
): Promise<DatabaseHandle | null> {
  const location = env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
  for (let delay = RETRY_MIN_MS; !stopping(); delay = Math.min(delay * 2, RETRY_MAX_MS)) {
    let handle: DatabaseHandle | undefined;
    try {
      handle = await openDatabase(location, {
        store: true,
        onPoolError: (error) => logger.warn({ err: error }, "Conexão com o banco de dados perdida"),
        onLockWait: (lock) =>
          logger.info(`Outra instância está preparando o banco (${LOCK_NAMES[lock]}); aguardando`),
      });
      const { applied, current } = await migrateWithJournal(handle);
      if (applied.length > 0) {
        const tags = applied.map((migration) => migration.tag);
        logger.info({ migrations: tags }, `Migrações aplicadas ao banco: ${tags.join(", ")}`);
      } else {
        logger.info(`Esquema do banco em dia (migração ${current?.tag ?? "nenhuma"})`);
      }
      await prepareStore(handle, storage, env, logger);
      return handle;
    } catch (error) {
      await handle?.close().catch(() => undefined);
      // Another process has the embedded database open: waiting would not end it.
      if (error instanceof DataDirectoryLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      logger.error(
        { err: error },
        `Banco de dados indisponível: ${errorMessage(error)}; nova tentativa em ${delay / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return null;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
