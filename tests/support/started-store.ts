import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { eventually } from "./eventually";
import { startSmtpServer, type SmtpFixture } from "./smtp-server";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "./store-server";

/**
 * The template a test's store starts on: migrated, and with the demo catalogue unless `SEED_DEMO`
 * turns it off, as its first start would have left it (the account and the admin gate's password
 * are still made, and logged, when it starts).
 */
function templateFor(env: NodeJS.ProcessEnv) {
  return env.SEED_DEMO === "false" ? "migrated" : "catalogue";
}

/**
 * A store started as a user starts it, for one test file, on data of its own (PGlite, or a fresh
 * PostgreSQL database with `TEST_DATABASE_URL`) copied from the run's template; stopped and
 * removed after the file.
 */
export function setUpStartedStore(env: NodeJS.ProcessEnv = {}) {
  const started = {} as { store: StoreServer; data: StoreData };
  beforeAll(async () => {
    started.data = await createStoreData(templateFor(env));
    started.store = await startStoreServer(env, started.data);
  });
  afterAll(async () => {
    await started.store?.stop();
    await started.data?.remove();
  });
  return started;
}

/**
 * A started store whose outbox sends to a real SMTP server on loopback, with `SUPPORT_EMAIL` set:
 * `received` waits for the message with that subject to reach that address.
 */
export function setUpStartedStoreWithSmtp(supportEmail: string) {
  const env: NodeJS.ProcessEnv = { SEED_DEMO: "false", SUPPORT_EMAIL: supportEmail };
  const mail = {} as { smtp: SmtpFixture };
  beforeAll(async () => {
    mail.smtp = await startSmtpServer();
    env.SMTP_URL = mail.smtp.url;
  });
  afterAll(() => mail.smtp?.stop());
  const started = setUpStartedStore(env);
  return {
    get store() {
      return started.store;
    },
    received: (to: string, subject: string) =>
      eventually(() =>
        mail.smtp.messages.find((message) => message.to.includes(to) && message.subject === subject),
      ),
  };
}

/**
 * Two store processes on one PostgreSQL database, each with a `DATA_DIR` of its own, as several
 * instances behind a balancer; started before the file's tests, stopped and removed after them.
 * `env` is read when they start (after the file's other fixtures have started). With
 * `secondRelease` (read then too), the second runs that directory's release, built beforehand
 * (production, as a deploy starts it), as in the middle of a rolling deploy.
 */
export function setUpTwoInstances(env: () => NodeJS.ProcessEnv, secondRelease?: () => string) {
  const instances = {} as { first: StoreServer; second: StoreServer };
  let data: StoreData;
  let otherDataDir: string;
  beforeAll(async () => {
    data = await createStoreData(templateFor(env()));
    otherDataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-test-"));
    instances.first = await startStoreServer(env(), data);
    instances.second = await startStoreServer(
      { ...env(), DATA_DIR: otherDataDir, ...(secondRelease && { NODE_ENV: "production" }) },
      data,
      secondRelease?.(),
    );
  }, 360_000);
  afterAll(async () => {
    await instances.first?.stop();
    await instances.second?.stop();
    await data?.remove();
    await rm(otherDataDir, { recursive: true, force: true });
  });
  return instances;
}
