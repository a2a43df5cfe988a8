// The wall time of each stage of a test run: `npm test` records its stages, `.ci/run` its own
// and prints the table at its end (`node scripts/stage-times.js FILE`), so every log shows where
// the time went.
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";

/**
 * Runs `npm run <script>` as the stage `name`, recorded in `file` as a line
 * `name<TAB>seconds<TAB>result` (as `.ci/run` records its own); returns whether it passed.
 */
export function runStage(file, name, script) {
  console.log(`==> ${name}`);
  const started = performance.now();
  const { status } = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit" });
  const seconds = Math.round((performance.now() - started) / 1000);
  appendFileSync(file, `${name}\t${seconds}\t${status === 0 ? "ok" : "falhou"}\n`);
  return status === 0;
}

/** The stages recorded in `file`, under a title, one line each, and their total. */
export function stageTable(file) {
  const rows = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("\t"))
    : [];
  const total = rows.reduce((sum, [, seconds]) => sum + Number(seconds), 0);
  const width = Math.max("total".length, ...rows.map(([name]) => name.length));
  const line = (name, seconds, result = "") =>
    `${name.padEnd(width)}  ${minutes(Number(seconds)).padStart(7)}  ${result}`.trimEnd();
  return [
    "Tempo de cada etapa (min:s)",
    ...rows.map(([name, seconds, result]) => line(name, seconds, result)),
    line("total", total),
  ].join("\n");
}

function minutes(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`\n${stageTable(process.argv[2])}`);
}
