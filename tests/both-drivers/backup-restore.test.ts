import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { link, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { create } from "tar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { orderItems, orders, productVariants, users } from "../../app/db/schema.server";
import { knownMigrations } from "../../app/db/migration-journal.server";
import { createLocalFileStorage } from "../../app/storage/local-file-storage.server";
import { cookieHeader, signIn, signUpCustomer, STORE_ADMIN, type Customer } from "../support/accounts";
import {
  createProductWithPhoto,
  panelOverHttp,
  productPhotoOf,
  STORE_ADMIN_ENV,
} from "../support/admin-over-http";
import { randomClientIp } from "../support/browser";
import { runNpmScript } from "../support/command";
import { createOrder, createProduct } from "../support/factories";
import { addAddressOverHttp, deleteOrderOverHttp, demoProduct, placeOrderOverHttp } from "../support/orders";
import type { TemplateKind } from "../support/database-templates";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "../support/store-server";
import { enrolmentCode, signInCode } from "../support/totp";

const STORE_ENV = { SEED_DEMO: "false" };

let workDir: string;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-backups-"));
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await rm(workDir, { recursive: true, force: true });
});

/** Store data for this file, removed after it: empty, or a copy of a migrated template. */
async function storeData(from?: TemplateKind): Promise<StoreData> {
  const data = await createStoreData(from);
  cleanups.push(() => data.remove());
  return data;
}

/** `npm run backup` / `npm run restore` on a store's data, as its operator runs them. */
const backup = (data: StoreData, file: string) =>
  runNpmScript("backup", [file], { DATA_DIR: data.dataDir, ...STORE_ENV, ...data.env });
const restore = (data: StoreData, file: string, ...flags: string[]) =>
  runNpmScript("restore", [file, ...flags], { DATA_DIR: data.dataDir, ...STORE_ENV, ...data.env });

/** Every file under `directory` with a digest of its bytes: equal fingerprints, unchanged files. */
async function fingerprint(directory: string): Promise<Record<string, string>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  return Object.fromEntries(
    await Promise.all(
      files.map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const digest = createHash("sha256")
          .update(await readFile(file))
          .digest("hex");
        return [path.relative(directory, file), digest] as const;
      }),
    ),
  );
}

/** A folder of this file's with a backup's manifest in it (version 1 unless `manifest` says). */
async function folderWithManifest(manifest: Record<string, unknown>): Promise<string> {
  const source = await mkdtemp(path.join(workDir, "manifesto-"));
  await writeFile(
    path.join(source, "vitrine-backup.json"),
    JSON.stringify({
      format: "vitrine-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      ...manifest,
    }),
  );
  return source;
}

/**
 * An archive with this manifest as a backup's first entry, then `files` (path in the archive →
 * text), their paths kept as given, however unsafe.
 */
async function archiveWithManifest(
  name: string,
  manifest: Record<string, unknown>,
  files: Record<string, string> = {},
): Promise<string> {
  const source = await folderWithManifest(manifest);
  for (const [entry, text] of Object.entries(files)) {
    const target = path.resolve(source, entry);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  const file = path.join(workDir, name);
  await create({ file, gzip: true, cwd: source, preservePaths: true }, [
    "vitrine-backup.json",
    ...Object.keys(files),
  ]);
  return file;
}

/** The manifest of an embedded database's backup that holds nothing (its part is missing). */
const EMPTY_PGLITE_BACKUP = {
  driver: "pglite",
  migration: null,
  contents: { database: "pglite", uploads: false },
};

async function page(store: StoreServer, path: string, cookie: string) {
  const response = await fetch(`${store.url}${path}`, {
    headers: { cookie, "X-Forwarded-For": randomClientIp() },
  });
  return { status: response.status, body: await response.text() };
}

describe("a store backed up and restored", () => {
  let data: StoreData;
  let customers: Customer[];
  let orderId: string;
  let photo: { url: string; bytes: Buffer };
  const file = () => path.join(workDir, "loja.tar.gz");

  beforeAll(async () => {
    data = await storeData();
    const store = await startStoreServer(STORE_ENV, data);
    customers = [await signUpCustomer(store.url), await signUpCustomer(store.url)];
    await store.stop();
    // The product, its photo and the order are written with the store stopped (one opener).
    const { env, dataDir } = data;
    const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir });
    try {
      const bytes = await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } },
      })
        .webp()
        .toBuffer();
      const url = await createLocalFileStorage(data.dataDir).put("products/backup-test.webp", bytes);
      photo = { url, bytes };
      const product = await createProduct(database.db, { name: "Teclado Restaurado", image: url });
      const [buyer] = await database.db.select().from(users).where(eq(users.email, customers[0]!.email));
      orderId = (await createOrder(database.db, { userId: buyer!.id, lines: [{ product, quantity: 2 }] })).id;
    } finally {
      await database.close();
    }
  }, 240_000);

  it("comes back whole from `npm run backup` into an empty store with `npm run restore`", async () => {
    const made = await backup(data, file());
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^Backup salvo em .*loja\.tar\.gz: .*com 1 arquivo de fotos\.$/m);

    // A new, empty place: another data directory (and with PostgreSQL, another database).
    const empty = await storeData();
    const restored = await restore(empty, file());
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("restaurado");

    const store = await startStoreServer(STORE_ENV, empty);
    try {
      for (const customer of customers) {
        const cookie = cookieHeader(await signIn(store.url, customer));
        const orders = await page(store, "/account/orders", cookie);
        expect(orders.status).toBe(200);
        // The list names an order by its id's first characters, as typed.
        const listed = `aria-label="Pedido #${orderId.slice(0, 8)}"`;
        if (customer === customers[0]) expect(orders.body).toContain(listed);
        else expect(orders.body).not.toContain(listed);
      }
      const image = await fetch(`${store.url}${photo.url}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(photo.bytes);
    } finally {
      await store.stop();
    }
  }, 360_000);

  it("restores over a store that has data only with --force", async () => {
    const made = await backup(data, path.join(workDir, "sobre-dados.tar.gz"));
    expect(made.code).toBe(0);
    const before = await fingerprint(data.dataDir);

    const refused = await restore(data, path.join(workDir, "sobre-dados.tar.gz"));
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /já tem dados; para substituí-los pelo backup, rode de novo com --force\.$/,
    );
    expect(await fingerprint(data.dataDir)).toEqual(before);

    const forced = await restore(data, path.join(workDir, "sobre-dados.tar.gz"), "--force");
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    // What it replaced stays until the store has started on the restored data.
    const kept = /Os dados substituídos ficam em (\S+) até a loja iniciar com o backup restaurado\.$/m.exec(
      forced.stdout,
    )?.[1];
    expect(path.dirname(kept!)).toBe(data.dataDir);
    expect(await readFile(path.join(kept!, "uploads", "products", "backup-test.webp"))).toEqual(photo.bytes);
    if (!data.env.DATABASE_URL) expect(existsSync(path.join(kept!, "pglite", "PG_VERSION"))).toBe(true);
    // A restore cut short between two renames leaves its folder unfinished: the store keeps it.
    const interrupted = path.join(data.dataDir, "antes-da-restauracao-interrompida");
    await mkdir(path.join(interrupted, "pglite"), { recursive: true });
    await writeFile(path.join(interrupted, "pglite", "PG_VERSION"), "17\n");

    const store = await startStoreServer(STORE_ENV, data);
    try {
      await vi.waitFor(
        () => expect(store.output()).toContain("Dados substituídos pela restauração apagados"),
        { timeout: 10_000 },
      );
      expect(existsSync(kept!)).toBe(false);
      expect(existsSync(path.join(interrupted, "pglite", "PG_VERSION"))).toBe(true);
    } finally {
      await store.stop();
    }
  }, 240_000);
});

describe("a backup restored on another machine", () => {
  const STORE_WITH_ADMIN = { ...STORE_ENV, ...STORE_ADMIN_ENV };
  const post = (store: StoreServer, pathname: string, body: URLSearchParams, cookie = "") =>
    fetch(`${store.url}${pathname}`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { cookie, origin: store.url, "X-Forwarded-For": randomClientIp() },
    });
  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";", 1)[0])
      .join("; ");

  /** Turns on two-factor sign-in as the account page does: the authenticator app's secret. */
  async function enrolTwoFactor(store: StoreServer, customer: Customer): Promise<string> {
    const cookie = cookieHeader(customer);
    const started = await post(
      store,
      "/account/settings.data",
      new URLSearchParams({ intent: "two-factor-start", password: customer.password }),
      cookie,
    );
    const secret = /"secret","([A-Z2-7]+)"/.exec(await started.text())?.[1];
    expect(secret).toBeDefined();
    const confirmed = await post(
      store,
      "/account/settings.data",
      new URLSearchParams({ intent: "two-factor-confirm", code: enrolmentCode(secret!) }),
      cookie,
    );
    expect(await confirmed.text()).toContain('"ok",true');
    return secret!;
  }

  it("keeps every session and the two-factor sign-in: the store's own secret travels in it", async () => {
    const data = await storeData("migrated");
    const store = await startStoreServer(STORE_WITH_ADMIN, data);
    let adminCookie: string;
    let customer: Customer;
    let secret: string;
    try {
      adminCookie = cookieHeader(await signIn(store.url, STORE_ADMIN));
      customer = await signUpCustomer(store.url);
      secret = await enrolTwoFactor(store, customer);
    } finally {
      await store.stop();
    }
    const file = path.join(workDir, "outra-maquina.tar.gz");
    const made = await backup(data, file);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain("Guarde-o como uma senha");
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // Another machine: a data directory elsewhere that never held a store (nor its secret).
    const elsewhere = await storeData();
    expect(elsewhere.dataDir).not.toBe(data.dataDir);
    const restored = await restore(elsewhere, file);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    const moved = await startStoreServer(STORE_WITH_ADMIN, elsewhere);
    try {
      // The admin's session from before the backup is still theirs.
      const panel = await fetch(`${moved.url}/account`, {
        redirect: "manual",
        headers: { cookie: adminCookie, "X-Forwarded-For": randomClientIp() },
      });
      expect(panel.status).toBe(200);
      expect(await panel.text()).toContain(STORE_ADMIN.email);
      // The customer with two-factor: their password, then the code of their app.
      const password = await post(
        moved,
        "/auth",
        new URLSearchParams({ intent: "login", email: customer.email, password: customer.password }),
      );
      expect(await password.text()).toContain("secondFactor");
      expect(cookiesOf(password)).toMatch(/two_factor=[^;]+/);
      expect(cookiesOf(password)).not.toMatch(/session_token=[^;]+/);
      const code = await post(
        moved,
        "/auth",
        new URLSearchParams({ intent: "second-factor", code: signInCode(secret) }),
        cookiesOf(password),
      );
      const session = cookiesOf(code);
      expect(session).toMatch(/session_token=[^;]+/);
      const profile = await page(moved, "/account/profile", session);
      expect(profile.body).toContain(customer.name);
    } finally {
      await moved.stop();
    }
  }, 240_000);
});

describe("a file that is not a Vitrine backup", () => {
  let data: StoreData;
  beforeAll(async () => {
    data = await storeData();
    const store = await startStoreServer(STORE_ENV, data);
    await store.stop();
    await createLocalFileStorage(data.dataDir).put("products/antes.webp", Buffer.from("foto de antes"));
  }, 240_000);

  /** Restores `file` with --force and expects the refusal, with nothing changed or left behind. */
  async function expectRefused(file: string, message: string) {
    const before = { files: await fingerprint(data.dataDir), names: await readdir(data.dataDir) };
    const refused = await restore(data, file, "--force");
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(message);
    expect({ files: await fingerprint(data.dataDir), names: await readdir(data.dataDir) }).toEqual(before);
  }

  /** The database part of this run's driver, and a manifest of a backup of it. */
  const databasePart = () => (data.env.DATABASE_URL ? "postgres.dump" : "pglite");
  const databaseFile = () => (data.env.DATABASE_URL ? "postgres.dump" : "pglite/PG_VERSION");
  const manifestOf = (contents: { uploads: boolean }) => ({
    driver: data.env.DATABASE_URL ? "postgres" : "pglite",
    migration: knownMigrations().at(-1),
    contents: { database: databasePart(), ...contents },
  });

  it("refuses an archive missing a part its manifest lists, the live data untouched", async () => {
    const manifestAlone = await archiveWithManifest("so-manifesto.tar.gz", manifestOf({ uploads: true }));
    await expectRefused(
      manifestAlone,
      `O backup ${manifestAlone} está incompleto: falta a parte ${databasePart()}.`,
    );
    const withoutPhotos = await archiveWithManifest("sem-fotos.tar.gz", manifestOf({ uploads: true }), {
      [databaseFile()]: "17\n",
    });
    await expectRefused(withoutPhotos, `O backup ${withoutPhotos} está incompleto: falta a parte uploads.`);
  }, 60_000);

  it("refuses a part whose files are not those the backup wrote in its manifest", async () => {
    const altered = await archiveWithManifest(
      "alterado.tar.gz",
      {
        ...manifestOf({ uploads: false }),
        version: 2,
        parts: { [databasePart()]: { files: 1, bytes: 3, sha256: "0".repeat(64) } },
      },
      { [databaseFile()]: "17\n" },
    );
    await expectRefused(
      altered,
      `O backup ${altered} está corrompido: a parte ${databasePart()} não confere com o manifesto.`,
    );
  }, 60_000);

  it("refuses, in one line, entries that would write outside its folder or through a link", async () => {
    const outside = await archiveWithManifest("fora.tar.gz", manifestOf({ uploads: false }), {
      [databaseFile()]: "17\n",
      "../fora-da-pasta.txt": "escrito fora",
    });
    await expectRefused(
      outside,
      `O arquivo ${outside} não é um backup da Vitrine: a entrada "../fora-da-pasta.txt" aponta para fora da pasta de destino.`,
    );
    const absolutePath = path.join(workDir, "absoluto.txt");
    const absolute = await archiveWithManifest("absoluto.tar.gz", manifestOf({ uploads: false }), {
      [absolutePath]: "escrito fora",
    });
    await expectRefused(
      absolute,
      `O arquivo ${absolute} não é um backup da Vitrine: a entrada ${JSON.stringify(absolutePath)} aponta para fora da pasta de destino.`,
    );

    // Links as GNU tar writes them: a symbolic one to the system's files, a hard one to a part's file.
    const source = await folderWithManifest(manifestOf({ uploads: true }));
    await mkdir(path.join(source, "uploads"));
    await writeFile(path.join(source, "uploads", "foto.webp"), "foto");
    await symlink("/etc", path.join(source, "uploads", "sistema"));
    await link(path.join(source, "uploads", "foto.webp"), path.join(source, "uploads", "mesma-foto.webp"));
    for (const [name, entry] of [
      ["simbolico.tar.gz", "uploads/sistema"],
      ["fisico.tar.gz", "uploads/mesma-foto.webp"],
    ] as const) {
      const file = path.join(workDir, name);
      const entries = ["vitrine-backup.json", "uploads/foto.webp", entry];
      expect(spawnSync("tar", ["-czf", file, "-C", source, ...entries]).status).toBe(0);
      await expectRefused(
        file,
        `O arquivo ${file} não é um backup da Vitrine: a entrada "${entry}" é um link ou arquivo especial.`,
      );
    }
  }, 60_000);

  it("is refused before anything changes: random bytes, or an archive without the manifest", async () => {
    const random = path.join(workDir, "aleatorio.tar.gz");
    await writeFile(random, Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)));
    await expectRefused(random, `O arquivo ${random} não é um backup da Vitrine.`);

    const source = path.join(workDir, "sem-manifesto");
    await mkdir(path.join(source, "pglite"), { recursive: true });
    await writeFile(path.join(source, "pglite", "PG_VERSION"), "17\n");
    const withoutManifest = path.join(workDir, "sem-manifesto.tar.gz");
    await create({ file: withoutManifest, gzip: true, cwd: source }, ["pglite"]);
    await expectRefused(withoutManifest, `O arquivo ${withoutManifest} não é um backup da Vitrine.`);
  }, 60_000);

  it("refuses a backup of a schema newer than this code", async () => {
    const latest = knownMigrations().at(-1)!;
    const newer = await archiveWithManifest("mais-novo.tar.gz", {
      driver: data.env.DATABASE_URL ? "postgres" : "pglite",
      migration: { tag: "0099_variantes", createdAt: latest.createdAt + 1 },
      contents: { database: data.env.DATABASE_URL ? "postgres.dump" : "pglite", uploads: false },
    });
    await expectRefused(
      newer,
      `O backup ${newer} tem o esquema da migração 0099_variantes, que esta versão da Vitrine não conhece; ` +
        "atualize a Vitrine antes de restaurá-lo.",
    );
  }, 60_000);
});

describe("the embedded database while the store runs", () => {
  it("is backed up by the store itself, over a channel only its user can use, but not restored", async () => {
    // The embedded database whatever TEST_DATABASE_URL says: its lock is what this is about.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-running-"));
    const data: StoreData = { dataDir, env: {}, remove: () => rm(dataDir, { recursive: true, force: true }) };
    cleanups.push(() => data.remove());
    const store = await startStoreServer(STORE_ENV, data);
    try {
      const file = path.join(workDir, "rodando.tar.gz");
      const made = await backup(data, file);
      expect(made.stderr).toBe("");
      expect(made.code).toBe(0);
      expect(made.stdout).toMatch(
        /^Backup salvo em .*rodando\.tar\.gz: banco de dados PGlite \(migração \S+\)/m,
      );
      expect(existsSync(`${file}.partial`)).toBe(false);

      // The channel: a socket in a folder only the store's user enters, that takes backups only.
      const socket = path.join(dataDir, "canal", "backup.sock");
      expect((await stat(path.dirname(socket))).mode & 0o777).toBe(0o700);
      expect((await stat(socket)).mode & 0o777).toBe(0o600);
      const ask = (request: string) =>
        new Promise<string>((resolve, reject) => {
          let answer = "";
          const connection = net.createConnection(socket, () => connection.write(`${request}\n`));
          connection.on("data", (chunk) => (answer += chunk.toString()));
          connection.on("end", () => resolve(answer.trim()));
          connection.on("error", reject);
        });
      const refused = JSON.stringify({ ok: false, message: "Pedido inválido." });
      expect(await ask(JSON.stringify({ restoreFrom: file }))).toBe(refused);
      expect(await ask(JSON.stringify({ backupTo: file, then: "restore" }))).toBe(refused);
      expect(await ask(JSON.stringify({ backupTo: "relativo.tar.gz" }))).toBe(refused);
      expect(await ask(JSON.stringify({ backupTo: `/${"a".repeat(10_000)}.tar.gz` }))).toBe(refused);
      expect(JSON.parse(await ask(JSON.stringify({ backupTo: "/pasta-que-nao-existe/b.tar.gz" })))).toEqual({
        ok: false,
        message: "A pasta /pasta-que-nao-existe não existe.",
      });

      const backupOfNothing = await archiveWithManifest("vazio.tar.gz", EMPTY_PGLITE_BACKUP);
      const restored = await restore(data, backupOfNothing, "--force");
      expect(restored.code).toBe(1);
      expect(restored.stderr.trim()).toContain("pare a loja antes da restauração.");
      expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
    } finally {
      await store.stop();
    }
  }, 240_000);
});

describe("a restore while the store runs on its database", () => {
  it("is refused before anything changes, on PostgreSQL as on the embedded database", async () => {
    const data = await storeData("migrated");
    const store = await startStoreServer(STORE_ENV, data);
    try {
      const onPostgres = Boolean(data.env.DATABASE_URL);
      // Backed up while the store runs, on either database.
      const file = path.join(workDir, "loja-no-ar.tar.gz");
      expect((await backup(data, file)).code).toBe(0);
      const before = await fingerprint(data.dataDir);

      const restored = await restore(data, file, "--force");
      expect(restored.code).toBe(1);
      expect(restored.stderr.trim()).toMatch(
        onPostgres
          ? /^A loja está rodando neste banco PostgreSQL \(\d+ conexões de instâncias da loja\); pare todas as instâncias antes da restauração\.$/
          : /pare a loja antes da restauração\.$/,
      );
      expect(await fingerprint(data.dataDir)).toEqual(before);
      expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
    } finally {
      await store.stop();
    }
  }, 240_000);
});

describe("PostgreSQL without its client tools", () => {
  it("says what to install, for the backup and for the restore, before touching the database", async () => {
    // A PATH with node, npm and the shell npm runs scripts with: no pg_dump, no pg_restore.
    const bin = await mkdtemp(path.join(workDir, "bin-"));
    for (const tool of ["node", "npm", "sh"]) {
      const found = spawnSync("sh", ["-c", `command -v ${tool}`])
        .stdout.toString()
        .trim();
      await symlink(found, path.join(bin, tool));
    }
    const env = {
      PATH: bin,
      DATA_DIR: await mkdtemp(path.join(workDir, "dados-")),
      // Nothing listens there: the tools are checked first.
      DATABASE_URL: "postgres://vitrine@127.0.0.1:9/vitrine",
    };
    const install =
      "não foi encontrado no PATH: instale o cliente do PostgreSQL (pacote postgresql-client) na versão do servidor ou mais nova.";

    const made = await runNpmScript("backup", [path.join(workDir, "sem-pg-dump.tar.gz")], env);
    expect(made.code).toBe(1);
    expect(made.stderr.trim()).toBe(`pg_dump ${install}`);

    const backupOfPostgres = await archiveWithManifest("postgres-vazio.tar.gz", {
      driver: "postgres",
      migration: null,
      contents: { database: "postgres.dump", uploads: false },
    });
    const restored = await runNpmScript("restore", [backupOfPostgres], env);
    expect(restored.code).toBe(1);
    expect(restored.stderr.trim()).toBe(`pg_restore ${install}`);
  }, 60_000);
});

describe("a backup of the running store while customers order", () => {
  const CABLE = demoProduct("Cabo USB-C Lume 1 m 60 W");

  /** The store's orders, oldest first, each with its lines, and the cable's stock, read directly. */
  async function ordersAndStock(data: StoreData) {
    const database = await openDatabase(
      data.env.DATABASE_URL ? { url: data.env.DATABASE_URL } : { dataDir: data.dataDir },
    );
    try {
      const rows = await database.db.select().from(orders).orderBy(asc(orders.createdAt), asc(orders.id));
      const lines = await database.db.select().from(orderItems).orderBy(asc(orderItems.id));
      const [cable] = await database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, CABLE.variantId));
      return {
        orders: rows.map((order) => ({ ...order, lines: lines.filter((line) => line.orderId === order.id) })),
        cableStock: cable!.stock,
      };
    } finally {
      await database.close();
    }
  }

  const ORDERING_DURING_BACKUP_MS = 5_000;

  it("restores into a fresh place to the store as it was: its orders, their lines and stock, and its photos", async () => {
    const data = await storeData("catalogue");
    const store = await startStoreServer({ ...STORE_ENV, ...STORE_ADMIN_ENV }, data);
    const file = path.join(workDir, "loja-vendendo.tar.gz");
    let ordersBeforeBackup: number;
    let photo: { url: string; bytes: Buffer };
    try {
      const panel = await panelOverHttp(store.url);
      const bytes = await sharp({
        create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 90, b: 20 } },
      })
        .png()
        .toBuffer();
      const productId = await createProductWithPhoto(panel, "Luminária Copiada", bytes);
      const url = await productPhotoOf(store.url, productId);
      photo = { url, bytes: Buffer.from(await (await fetch(`${store.url}${url}`)).arrayBuffer()) };
      const customer = await signUpCustomer(store.url);
      const addressId = await addAddressOverHttp(store.url, customer);

      // Orders keep coming, one after another, before the backup and for its first seconds (the
      // command's start and the store's copy of its database take about a second each; packing the
      // archive after that, beside orders, would only be slower); each is then cancelled by the
      // customer, which gives its unit back to stock.
      let ordering = true;
      let placed = 0;
      const buying = (async () => {
        while (ordering) {
          const { orderId } = await placeOrderOverHttp(store.url, customer, addressId, CABLE);
          placed += 1;
          await deleteOrderOverHttp(store.url, customer, orderId);
        }
      })();
      await vi.waitFor(() => expect(placed).toBeGreaterThanOrEqual(3), { timeout: 30_000 });
      ordersBeforeBackup = placed;
      const backingUp = backup(data, file);
      await new Promise((resolve) => setTimeout(resolve, ORDERING_DURING_BACKUP_MS));
      ordering = false;
      await buying;
      const made = await backingUp;
      expect(made.stderr).toBe("");
      expect(made.code).toBe(0);
      expect(made.stdout).toMatch(/^Backup salvo em .*loja-vendendo\.tar\.gz: .*arquivos de fotos\.$/m);
      expect(placed).toBeGreaterThan(ordersBeforeBackup);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await store.stop();
    }

    const fresh = await storeData();
    const restored = await restore(fresh, file);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);

    const live = await ordersAndStock(data);
    const copy = await ordersAndStock(fresh);
    // The copy is the store at one instant: every order placed before the backup was asked for,
    // whole, and none half there; the stock is what the orders not cancelled left. Only the newest
    // may have been cancelled after that instant.
    expect(copy.orders.length).toBeGreaterThanOrEqual(ordersBeforeBackup);
    const newest = copy.orders.length - 1;
    expect(copy.orders.slice(0, newest)).toEqual(live.orders.slice(0, newest));
    expect(copy.orders[newest]!.id).toBe(live.orders[newest]!.id);
    const linesOf = (order: (typeof live.orders)[number]) =>
      order.lines.map((line) => ({ id: line.id, variantId: line.variantId, quantity: line.quantity }));
    expect(linesOf(copy.orders[newest]!)).toEqual(linesOf(live.orders[newest]!));
    const sold = (store: typeof live) =>
      store.orders
        .filter((order) => order.status !== "cancelled")
        .flatMap((order) => order.lines)
        .reduce((units, line) => units + line.quantity, 0);
    expect(copy.cableStock + sold(copy)).toBe(live.cableStock + sold(live));

    const restoredStore = await startStoreServer(STORE_ENV, fresh);
    try {
      const image = await fetch(`${restoredStore.url}${photo.url}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(photo.bytes);
    } finally {
      await restoredStore.stop();
    }
  }, 360_000);
});
