// `npm test`: the whole suite (unit, integration on PGlite, browser), stage after stage, each
// timed. With STAGE_TIMES set (`.ci/run`), the stages go to that file for the run's own table.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runStage, stageTable } from "./stage-times.js";

const STAGES = [
  ["unitários", "test:unit"],
  ["integração (PGlite)", "test:integration"],
  ["navegador", "test:browser"],
];

const folder = process.env.STAGE_TIMES ? null : mkdtempSync(path.join(os.tmpdir(), "vitrine-test-"));
const file = folder ? path.join(folder, "etapas") : process.env.STAGE_TIMES;
const passed = STAGES.every(([name, script]) => runStage(file, name, script));
if (folder) {
  console.log(`\n${stageTable(file)}`);
  rmSync(folder, { recursive: true });
}
process.exit(passed ? 0 : 1);
