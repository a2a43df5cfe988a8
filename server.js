// Starts the store. Production serves the build (`npm run build`); `--dev` runs through Vite with hot reload.
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
  const { startServer } = await import("./build/server/index.js");
  await startServer();
}
