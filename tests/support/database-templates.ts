import { randomUUID } from "node:crypto";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { c as createTar } from "tar";
import { inject } from "vitest";
import { openDatabase, type DatabaseLocation } from "../../app/db/client.server";
import { seedDemoCatalog } from "../../app/startup/seed/seed-demo.server";
import { createLocalFileStorage } from "../../app/storage/local-file-storage.server";

/**
 * What a store's data can start as, made once per run by the integration and browser suites'
 * global setups instead of migrating (and seeding) again for every file: `migrated` is every migration applied
 * and nothing else; `catalogue` adds the demo catalogue and its photos (no account, no admin gate
 * password: a store started on it still makes and logs those as on its first start).
 */
export type TemplateKind = "migrated" | "catalogue";

/** A template's data: a data directory (the embedded database and the uploads), and on PostgreSQL a database to copy. */
export interface DataTemplate {
  dataDir: string;
  /** The template database on the server of `TEST_DATABASE_URL`. */
  database?: string;
}

export interface DatabaseTemplates {
  migrated: DataTemplate;
  catalogue: DataTemplate;
  /** The migrated embedded cluster as an archive, for PGlite in memory (none with PostgreSQL). */
  memoryCluster?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates?: DatabaseTemplates;
  }
}

/** The run's templates, in a test file; none where no global setup made them (the unit suite). */
export function databaseTemplates(): DatabaseTemplates | undefined {
  return inject("databaseTemplates");
}

/** Makes the templates for this run (PostgreSQL ones on the server of `serverUrl`, when given); `remove` deletes them. */
export async function makeDatabaseTemplates(serverUrl: string | undefined) {
  const root = await mkdtemp(path.join(os.tmpdir(), "vitrine-templates-"));
  const migrated = await makeTemplate(path.join(root, "migrated"), serverUrl, "migrated");
  const catalogue = await makeTemplate(path.join(root, "catalogue"), serverUrl, "catalogue", migrated);
  const templates: DatabaseTemplates = { migrated, catalogue };
  if (!serverUrl) {
    templates.memoryCluster = path.join(root, "migrated.tar");
    await createTar({ file: templates.memoryCluster, cwd: path.join(migrated.dataDir, "pglite") }, ["."]);
  }
  return {
    templates,
    async remove() {
      if (serverUrl) {
        for (const { database } of [catalogue, migrated]) {
          await administer(serverUrl, `drop database if exists ${database} with (force)`);
        }
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function makeTemplate(
  dataDir: string,
  serverUrl: string | undefined,
  kind: TemplateKind,
  from?: DataTemplate,
): Promise<DataTemplate> {
  if (from) await cp(from.dataDir, dataDir, { recursive: true });
  else await mkdir(dataDir, { recursive: true });
  const template: DataTemplate = { dataDir };
  let location: DatabaseLocation = { dataDir };
  if (serverUrl) {
    template.database = `vitrine_template_${kind}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const database = await createPostgresDatabase(serverUrl, template.database, from?.database);
    location = { url: database.url };
  }
  const handle = await openDatabase(location);
  try {
    await handle.migrate();
    if (kind === "catalogue") await seedDemoCatalog(handle.db, createLocalFileStorage(dataDir));
  } finally {
    await handle.close();
  }
  return template;
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, empty or a copy of `template`: its URL,
 * and a way to drop it.
 */
export async function createPostgresDatabase(serverUrl: string, name?: string, template?: string) {
  const database = name ?? `vitrine_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await administer(serverUrl, `create database ${database}${template ? ` template ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: () => administer(serverUrl, `drop database if exists ${database} with (force)`),
  };
}

async function administer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
