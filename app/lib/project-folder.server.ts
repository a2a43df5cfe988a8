import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A committed folder of the project (`relativePath` from its root, holding `marker`), found from
 * the calling module's location: the same code runs from `app/` (dev, tests, scripts) and bundled
 * into `build/server/` (production).
 */
export function findProjectFolder(moduleUrl: string, relativePath: string, marker: string): string {
  let directory = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const candidate = path.join(directory, relativePath);
    if (existsSync(path.join(candidate, marker))) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`Pasta '${relativePath}/' não encontrada`);
    directory = parent;
  }
}
