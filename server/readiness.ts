import type { Logger } from "../app/config/logger.server";
import type { DatabaseHandle } from "../app/db/client.server";

export type Readiness = "ok" | "unavailable";

const PING_TIMEOUT_MS = 2_000;

/** `/readyz`: the database answers. Logs only when the answer changes, not at every probe. */
export function createReadinessProbe(database: DatabaseHandle, logger: Logger) {
  let last: Readiness = "ok";
  return {
    async check(): Promise<Readiness> {
      let next: Readiness = "ok";
      try {
        await withTimeout(database.ping(), PING_TIMEOUT_MS);
      } catch (error) {
        next = "unavailable";
        if (last !== "unavailable") logger.error({ err: error }, "Banco de dados indisponível");
      }
      if (next === "ok" && last === "unavailable") logger.info("Banco de dados disponível novamente");
      last = next;
      return next;
    },
  };
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
