// `npm test`: the whole suite (unit, integration on PGlite, browser), stage after stage, each
// timed. With STAGE_TIMES set (`.ci/run`), the stages go to that file for the run's own table.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runStage, stageTable } from "./stage-times.js";

const STAGES = [
  ["unitários", "test:unit"],
  ["integração (PGlite)", "test:integration"],
  ["navegador", "test:browser"],
];

const file =
  process.env.STAGE_TIMES ?? path.join(mkdtempSync(path.join(os.tmpdir(), "vitrine-test-")), "etapas");
const passed = STAGES.every(([name, script]) => runStage(file, name, script));
if (!process.env.STAGE_TIMES) console.log(`\nTempo de cada etapa (min:s)\n${stageTable(file)}`);
process.exit(passed ? 0 : 1);
