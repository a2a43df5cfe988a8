// `npm run check`: every migration in drizzle/ keeps the expand-and-contract rule
// (app/db/migration-rules.ts, decision 0034), or the check fails naming each problem.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { migrationProblems } from "../app/db/migration-rules";

const root = path.resolve(import.meta.dirname, "..");
const releases = readdirSync(path.join(root, "tests/fixtures/upgrade"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const problems = readdirSync(path.join(root, "drizzle"))
  .filter((name) => name.endsWith(".sql"))
  .flatMap((name) =>
    migrationProblems(
      name.replace(/\.sql$/, ""),
      readFileSync(path.join(root, "drizzle", name), "utf8"),
      releases,
    ),
  );
for (const problem of problems) console.error(problem);
process.exitCode = problems.length > 0 ? 1 : 0;
