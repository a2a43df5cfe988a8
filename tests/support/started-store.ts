import { afterAll, beforeAll } from "vitest";
import { eventually } from "./eventually";
import { startSmtpServer, type SmtpFixture } from "./smtp-server";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "./store-server";

/**
 * A store started as a user starts it, for one test file, on data of its own (PGlite, or a fresh
 * PostgreSQL database with `TEST_DATABASE_URL`); stopped and removed after the file.
 */
export function setUpStartedStore(env: NodeJS.ProcessEnv = {}) {
  const started = {} as { store: StoreServer; data: StoreData };
  beforeAll(async () => {
    started.data = await createStoreData();
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
