import { ensureBuild } from "../../scripts/ensure-build.js";

/** Tests that start the store as a user does share one build, made here before any file runs. */
export default function setup() {
  if (!ensureBuild()) throw new Error("A build de produção falhou");
}
