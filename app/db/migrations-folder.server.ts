import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The committed `drizzle/` folder, found from this module's location: the same code runs from
 * `app/db/` (dev, tests, scripts) and bundled into `build/server/` (production).
 */
function findMigrationsFolder(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(directory, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error("Pasta de migrações 'drizzle/' não encontrada");
    directory = parent;
  }
}

export const migrationsFolder = findMigrationsFolder();
