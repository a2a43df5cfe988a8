// Starts the store. Production serves the build (`npm run build`); `--dev` runs through Vite with hot reload.
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import "./scripts/load-dotenv.js";

const development = process.argv.includes("--dev");

if (development) {
  process.env.NODE_ENV ??= "development";
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await vite.ssrLoadModule("./server/main.ts");
  await startServer({ vite });
} else {
  process.env.NODE_ENV ??= "production";
  // The bundle runs from the build it was loaded from (builds/<id>/, build/ being a link to it),
  // and serves the client files of whichever build build/ names now, in the folder the process
  // was started through: the newest assets, and the older ones carried into it (scripts/build.js).
  const { startServer } = await import("./build/server/index.js");
  await startServer({ clientDirectory: path.join(folderAsStarted(), "build/client") });
}

/**
 * This project's folder by the path the process was started with (`node HOME/current/server.js`,
 * or scripts/start.js): through a deploy's `current` link (scripts/deploy.sh), it names the newest
 * release once `current` moves, though this process runs the release it started from.
 */
function folderAsStarted() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const started = process.argv[1] ? path.resolve(process.argv[1]) : null;
  const startedReal = started && existsSync(started) ? realpathSync(started) : null;
  if (!startedReal?.startsWith(here + path.sep)) return here;
  return path.resolve(path.dirname(started), path.relative(path.dirname(startedReal), here));
}
