import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { waitUntil } from "./eventually";
import { acceptsConnections, freePort } from "./store-server";

const root = path.resolve(import.meta.dirname, "../..");
/** Debian's nginx (`apt-get install nginx`; .ci/run installs it). */
const NGINX = "/usr/sbin/nginx";
const UPSTREAM_SERVER = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm;

export interface Nginx {
  /** Where clients reach the stores, e.g. `http://localhost:41234`. */
  url: string;
  /** nginx's own error lines (level `error` and above): an upstream that failed a request, and how. */
  errors(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The README's configuration (`docs/nginx.conf`) for these store processes on this port: the
 * documented upstream lines are replaced by one per store, with the same parameters, and
 * `listen 80` by the port. Anything else the document says is tested as written.
 */
async function documentedConfiguration(upstreams: string[], port: number): Promise<string> {
  const documented = await readFile(path.join(root, "docs/nginx.conf"), "utf8");
  const documentedServers = [...documented.matchAll(UPSTREAM_SERVER)];
  const [indent, parameters = ""] = documentedServers[0]!.slice(1);
  const servers = upstreams.map((url) => `${indent}server ${new URL(url).host}${parameters};\n`).join("");
  let placed = false;
  const configuration = documented
    .replace(UPSTREAM_SERVER, () => (placed ? "" : ((placed = true), servers)))
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  if (!configuration.includes(`listen 127.0.0.1:${port};`))
    throw new Error("docs/nginx.conf sem `listen 80;`");
  return configuration;
}

/**
 * Debian's nginx in front of the given store processes, as a user without root runs it: its own
 * prefix and temporary directories, in the foreground, on a free port. The documented server
 * block adds no header of its own, so the `X-Upstream` added here (the store process that
 * answered, nginx's `$upstream_addr`) reaches every answer.
 */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), "vitrine-nginx-"));
  // Started by root, nginx's workers run as nobody, and write request bodies under the prefix.
  await chmod(prefix, 0o755);
  const port = await freePort();
  await mkdir(path.join(prefix, "logs"));
  await writeFile(path.join(prefix, "vitrine.conf"), await documentedConfiguration(upstreams, port));
  await writeFile(
    path.join(prefix, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log info;
events { worker_connections 256; }
http {
  access_log ${prefix}/logs/access.log;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  add_header X-Upstream $upstream_addr always;
  include ${prefix}/vitrine.conf;
}
`,
  );
  let output = "";
  const child = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://localhost:${port}`;
  const errorLog = () => readFile(path.join(prefix, "logs/error.log"), "utf8").catch(() => "");
  try {
    // Listening is enough: a request now would find the stores down and set them aside a while.
    await waitUntil(() => {
      if (child.exitCode !== null) throw new Error(`O nginx terminou (${child.exitCode}):\n${output}`);
      return acceptsConnections(port);
    }, 10_000);
  } catch (error) {
    child.kill("SIGQUIT");
    throw new Error(`O nginx não partiu:\n${output}${await errorLog()}`, { cause: error });
  }
  return {
    url,
    async errors() {
      return (await errorLog()).split("\n").filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGQUIT"); // graceful: finishes what it is serving
        await exited;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
