import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { executePrepared, type Database, type DatabaseHandle } from "./client.server";
import { migrationsFolder } from "./migrations-folder.server";

/** A migration as drizzle records it: its journal tag and the time drizzle orders migrations by. */
export interface AppliedMigration {
  tag: string;
  createdAt: number;
}

/** The migrations this code knows, from the committed journal, oldest first. */
export function knownMigrations(): AppliedMigration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({ tag: entry.tag, createdAt: entry.when }));
}

/** The last migration applied to `db` (named from `known`), or null when none ever ran. */
export async function lastAppliedMigration(
  db: Database,
  known = knownMigrations(),
): Promise<AppliedMigration | null> {
  const [table] = await executePrepared<{ present: boolean }>(
    db,
    "migrations_table",
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return null;
  const [last] = await executePrepared<{ created_at: string }>(
    db,
    "last_migration",
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const createdAt = Number(last.created_at);
  const tag = known.find((migration) => migration.createdAt === createdAt)?.tag;
  return { tag: tag ?? "desconhecida", createdAt };
}

/**
 * Migrates the database and answers the migrations it received meanwhile (none when its schema was
 * up to date; with several instances, possibly from another one), with the one it is at now.
 */
export async function migrateWithJournal(
  database: Pick<DatabaseHandle, "db" | "migrate">,
): Promise<{ applied: AppliedMigration[]; current: AppliedMigration | null }> {
  const known = knownMigrations();
  const before = await lastAppliedMigration(database.db, known);
  await database.migrate();
  const current = await lastAppliedMigration(database.db, known);
  const applied = known.filter(
    (migration) =>
      migration.createdAt > (before?.createdAt ?? 0) && migration.createdAt <= (current?.createdAt ?? 0),
  );
  return { applied, current };
}
