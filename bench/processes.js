// What the benchmarks share: a free port, waiting for a started process to answer, a fresh
// PostgreSQL database and a signed-up customer.
import net from "node:net";
import pg from "pg";

export const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a production store the benchmarks start on `port`: quiet but for warnings,
 * without the demo catalogue, on `databaseUrl` or else the embedded database in `dataDir`, behind
 * the benchmark's own loopback proxy headers.
 */
export function benchStoreEnv({ port, dataDir, databaseUrl }) {
  return {
    ...process.env,
    NODE_ENV: "production",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // Empty counts as unset for the store, and wins over a DATABASE_URL from the shell or .env.
    DATABASE_URL: databaseUrl ?? "",
    PUBLIC_URL: "",
    TRUST_PROXY: "loopback",
  };
}

/** Resolves once `url` answers 2xx; rejects if `child` exits first or after two minutes. */
export async function waitFor(url, child) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (child.exitCode !== null) throw new Error(`processo terminou (${child.exitCode}) antes de ${url}`);
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`sem resposta de ${url}`);
}

/** A fresh database on the PostgreSQL server of PG_URL, with its URL; null when none answers. */
export async function postgresDatabase() {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `vitrine_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A PF customer signed up through the store's own form: the Cookie header of their session. */
export async function signUpBenchCustomer(baseUrl, email) {
  const response = await fetch(baseUrl + "/auth", {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl },
    body: new URLSearchParams({
      intent: "signup",
      userType: "PF",
      name: "Cliente Bench",
      cpf: "52998224725",
      phone: "11987654321",
      email,
      password: "senha-do-bench-1",
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";", 1)[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`o cadastro do bench falhou (${response.status})`);
  return cookie;
}
