import { spawn } from "node:child_process";
import { OperationRefused } from "./operation-result.server";

/**
 * Runs PostgreSQL's `pg_dump` or `pg_restore` on the database of `url`. The password goes in
 * PGPASSWORD rather than on the command line, where other users of the machine could read it.
 */
export async function runPostgresTool(
  tool: "pg_dump" | "pg_restore",
  url: string,
  args: string[],
): Promise<void> {
  const connection = new URL(url);
  const password = decodeURIComponent(connection.password);
  connection.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const child = spawn(tool, [...args, `--dbname=${connection.toString()}`], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
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
