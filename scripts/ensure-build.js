// Builds the store when its sources changed since the last build (`npm start` outside production,
// and the test suites).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

/** The sources a build is made from, hashed: scripts/build.js stamps each build with it. */
export function sourceHash() {
  const hash = createHash("sha256");
  const paths = [
    ...sources.flatMap((directory) => [...files(path.join(root, directory))]),
    ...configFiles.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  for (const file of paths) hash.update(path.relative(root, file)).update("\0").update(readFileSync(file));
  return hash.digest("hex");
}

/** There is a build to serve (`build/`, made by `npm run build`). */
export function hasBuild() {
  return existsSync(path.join(root, "build/server/index.js"));
}

/** Runs `npm run build` unless the last build was made from these very sources; false if it failed. */
export function ensureBuild() {
  const built = hasBuild() && existsSync(stampFile) ? readFileSync(stampFile, "utf8") : "";
  if (built === sourceHash()) return true;
  console.log("Gerando a build de produção…");
  return spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" }).status === 0;
}
