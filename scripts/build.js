// `npm run build`: builds the store in builds/<id>/ while the current build keeps being served, then
// points build/ at it in one rename(2). The assets of builds replaced less than a day ago are
// carried into the new one, so pages rendered by a process still running an older build load
// (docs/decisions/0026-deploys-and-drain.md). With `--carry-from FOLDER` (scripts/deploy.sh), the
// build replaced is that of another folder of the store, the release running until this one.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sourceHash } from "./ensure-build.js";

/** How long the assets of a replaced build are still served (and its directory kept). */
const KEEP_REPLACED_MS = 26 * 60 * 60 * 1000;

const root = path.resolve(import.meta.dirname, "..");
const current = path.join(root, "build");
const builds = path.join(root, "builds");
const manifestFile = path.join(builds, "manifest.json");
const { values: options } = parseArgs({ options: { "carry-from": { type: "string" } } });
/** The store's folder whose build this one replaces: this one, or the running release's. */
const replaced = path.resolve(options["carry-from"] ?? root);
const replacedBuilds = path.join(replaced, "builds");

const hash = sourceHash();
const id = new Date().toISOString().replace(/[:.]/g, "-");
const directory = path.join(builds, id);
mkdirSync(builds, { recursive: true });

const steps = [
  [path.join(root, "node_modules/.bin/react-router"), ["build"]],
  [process.execPath, [path.join(root, "scripts/compress-assets.js"), path.join(directory, "client/assets")]],
];
for (const [command, args] of steps) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    // A build is a production build, whatever NODE_ENV the caller runs with (a test runner sets "test",
    // which would bundle React's development code).
    env: { ...process.env, NODE_ENV: "production", VITRINE_BUILD_DIRECTORY: path.relative(root, directory) },
  });
  if (result.status !== 0) {
    rmSync(directory, { recursive: true, force: true });
    console.error("A build falhou; a build em uso não mudou.");
    process.exit(1);
  }
}
writeFileSync(path.join(directory, ".source-hash"), hash);

const replacedManifest = path.join(replacedBuilds, "manifest.json");
/** @type {{ builds: { id: string, assets: string[], replacedAt?: string }[] }} */
const manifest = existsSync(replacedManifest)
  ? JSON.parse(readFileSync(replacedManifest, "utf8"))
  : { builds: [] };
const now = new Date();
const replacedLink = path.join(replaced, "build");
const previous = existsSync(replacedLink) ? realpathSync(replacedLink) : null;
// A build made before this script (build/ a plain directory) moves into builds/ at the swap.
const legacy =
  replaced === root && previous && !lstatSync(current).isSymbolicLink()
    ? path.join(builds, `${id}-anterior`)
    : null;
if (previous && !manifest.builds.some((build) => path.join(replacedBuilds, build.id) === previous)) {
  const previousId = path.basename(legacy ?? previous);
  manifest.builds.push({ id: previousId, assets: readdirSync(path.join(previous, "client/assets")) });
}
for (const build of manifest.builds) build.replacedAt ??= now.toISOString();
const kept = manifest.builds.filter(
  (build) => now.getTime() - Date.parse(build.replacedAt) < KEEP_REPLACED_MS,
);

// The previous build's assets folder holds every asset still kept (it carried them in its turn).
const assets = path.join(directory, "client/assets");
const own = readdirSync(assets);
for (const name of new Set(kept.flatMap((build) => build.assets))) {
  const from = previous && path.join(previous, "client/assets", name);
  if (own.includes(name) || !from || !existsSync(from)) continue;
  try {
    linkSync(from, path.join(assets, name));
  } catch {
    copyFileSync(from, path.join(assets, name));
  }
}

// The swap: a new symlink renamed over build/, so build/ always names a complete build.
if (legacy) renameSync(current, legacy);
const next = path.join(root, "build.next");
rmSync(next, { force: true });
symlinkSync(path.relative(root, directory), next, "dir");
renameSync(next, current);

// Another release's builds leave with its folder (scripts/deploy.sh).
for (const build of manifest.builds) {
  if (!kept.includes(build) && replaced === root)
    rmSync(path.join(builds, build.id), { recursive: true, force: true });
}
manifest.builds = [...kept, { id, assets: own }];
writeFileSync(`${manifestFile}.next`, `${JSON.stringify(manifest, null, 2)}\n`);
renameSync(`${manifestFile}.next`, manifestFile);
console.log(`Build ${id} em uso (build/ → builds/${id}).`);
