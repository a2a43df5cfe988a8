// `npm start`: builds when the sources changed since the last build, then serves the store.
import { ensureBuild } from "./ensure-build.js";

if (!ensureBuild()) process.exit(1);
await import("../server.js");
