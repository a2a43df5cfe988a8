import { spawn } from "node:child_process";
import { OperationRefused } from "./operation-result.server";

type PostgresTool = "pg_dump" | "pg_restore";

/** Refuses, saying what to install, when `tool` is not on PATH: checked before anything is done. */
export async function requirePostgresTool(tool: PostgresTool): Promise<void> {
  await run(tool, ["--version"], process.env);
}

/**
 * Runs PostgreSQL's `pg_dump` or `pg_restore` on the database of `url`. The password goes in
 * PGPASSWORD rather than on the command line, where other users of the machine could read it.
 */
export async function runPostgresTool(tool: PostgresTool, url: string, args: string[]): Promise<void> {
  const connection = new URL(url);
  const password = decodeURIComponent(connection.password);
  connection.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  await run(tool, [...args, `--dbname=${connection.toString()}`], env);
}

async function run(tool: PostgresTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const result = await new Promise<{ code: number | null } | { error: NodeJS.ErrnoException }>((resolve) => {
    child.once("error", (error) => resolve({ error }));
    child.once("close", (code) => resolve({ code }));
  });
  if ("error" in result) {
    if (result.error.code !== "ENOENT") throw result.error;
    throw new OperationRefused(
      `${tool} não foi encontrado no PATH: instale o cliente do PostgreSQL (pacote postgresql-client) ` +
        "na versão do servidor ou mais nova.",
    );
  }
  if (result.code !== 0) {
    const reason = stderr.trim().split("\n").at(-1) ?? "";
    throw new OperationRefused(`${tool} falhou (código ${result.code}): ${reason}`);
  }
}
