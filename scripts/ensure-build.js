// Builds the store when its sources changed since the last build (`npm start` and the test suites).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(root, "build", ".source-hash");
const sources = ["app", "server", "public"];
const configFiles = [
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

function* files(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (!entry.name.endsWith(".test.ts") && !entry.name.endsWith(".test.tsx")) yield full;
  }
}

function sourceHash() {
  const hash = createHash("sha256");
  const paths = [
    ...sources.flatMap((directory) => [...files(path.join(root, directory))]),
    ...configFiles.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  for (const file of paths) hash.update(path.relative(root, file)).update("\0").update(readFileSync(file));
  return hash.digest("hex");
}

/** Runs `npm run build` unless the last build was made from these very sources; false if it failed. */
export function ensureBuild() {
  const current = sourceHash();
  const built =
    existsSync(stampFile) && existsSync(path.join(root, "build/server/index.js"))
      ? readFileSync(stampFile, "utf8")
      : "";
  if (built === current) return true;
  console.log("Gerando a build de produção…");
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) return false;
  writeFileSync(stampFile, current);
  return true;
}
