// `npm start`: serves the store. In production (NODE_ENV=production) it serves the build made by
// `npm run build` and never builds; elsewhere it first builds when the sources changed.
import "./load-dotenv.js";
import { ensureBuild, hasBuild } from "./ensure-build.js";

if (process.env.NODE_ENV === "production") {
  if (!hasBuild()) {
    console.error(
      "Nenhuma build em build/: com NODE_ENV=production, `npm start` não gera a build; rode `npm run build` antes.",
    );
    process.exit(1);
  }
} else if (!ensureBuild()) {
  process.exit(1);
}
await import("../server.js");
