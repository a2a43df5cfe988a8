// Reads `.env` from the working directory when present; variables already set win.
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";

if (existsSync(".env")) {
  for (const [name, value] of Object.entries(parseEnv(readFileSync(".env", "utf8")))) {
    process.env[name] ??= value;
  }
}
