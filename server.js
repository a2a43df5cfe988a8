// Starts the store. Production serves the build (`npm run build`); `--dev` runs through Vite with hot reload.
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
  // and serves the client files of whichever build build/ names now: the newest assets, and the
  // older ones carried into it (scripts/build.js).
  const { startServer } = await import("./build/server/index.js");
  await startServer({ clientDirectory: fileURLToPath(new URL("./build/client", import.meta.url)) });
}
