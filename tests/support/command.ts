import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** This process's environment without the variables a test sets itself. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ["ADMIN_EMAIL", "ADMIN_PASSWORD", "ADMIN_PANEL_PASSWORD", "PUBLIC_URL", "DATABASE_URL"]) {
    delete env[key];
  }
  return env;
}

/** Runs a command in the project folder to its exit and returns what it printed. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...baseEnv(), ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run SCRIPT -- ARGS` as an operator types it, without npm's own banner. */
export function runNpmScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return runCommand("npm", ["run", "--silent", script, "--", ...args], env);
}
