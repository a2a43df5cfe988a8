import pino from "pino";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../app/db/client.server";
import { createReadinessProbe } from "./readiness";

function fakeDatabase(answers: () => boolean): DatabaseHandle {
  return {
    db: undefined as never,
    driver: "postgres",
    migrate: async () => undefined,
    exclusively: (_lock, task) => task(),
    unlessBusy: (_lock, task) => task(),
    ping: async () => {
      if (!answers()) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    },
    listen: async () => async () => undefined,
    close: async () => undefined,
  };
}

function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("readiness probe", () => {
  it("follows the database going down and coming back, logging each change once", async () => {
    let up = true;
    const database = fakeDatabase(() => up);
    const { logger, lines } = recordingLogger();
    const probe = createReadinessProbe(database, logger);

    expect(await probe.check()).toBe("ok");
    up = false;
    expect(await probe.check()).toBe("unavailable");
    expect(await probe.check()).toBe("unavailable");
    up = true;
    expect(await probe.check()).toBe("ok");

    expect(lines.map((line) => line.msg)).toEqual([
      "Banco de dados indisponível",
      "Banco de dados disponível novamente",
    ]);
  });
});
