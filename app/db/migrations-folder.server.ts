import { findProjectFolder } from "../lib/project-folder.server";

/** The committed `drizzle/` folder of drizzle-kit's migrations. */
export const migrationsFolder = findProjectFolder(import.meta.url, "drizzle", "meta/_journal.json");
