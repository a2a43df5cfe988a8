import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/ensure-build.js";
import { makeDatabaseTemplates } from "../support/database-templates";

/**
 * Before any file runs: the one production build that tests starting the store as a user does
 * share, and the migrated (and demo-catalogue) templates that every file's data is copied from.
 */
export default async function setup(project: TestProject) {
  if (!ensureBuild()) throw new Error("A build de produção falhou");
  const { templates, remove } = await makeDatabaseTemplates(process.env.TEST_DATABASE_URL);
  project.provide("databaseTemplates", templates);
  return remove;
}
