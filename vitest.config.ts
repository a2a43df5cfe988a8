import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/support/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console.ts"],
          // Vitest's default on two cores is one worker; most of a file's time is importing.
          maxWorkers: 2,
          // A worker imports the modules once for all its files (decision 0033: no vi.mock).
          isolate: false,
        },
      },
      {
        test: {
          name: "integration",
          // tests/both-drivers: what can behave differently on PostgreSQL (locks, concurrency,
          // migrations, dumps), run again on it by CI (`npm run test:postgres`, decision 0033).
          // The PostgreSQL-only tests (a real server going down and back) join when one is given.
          include: [
            "tests/integration/**/*.test.ts",
            "tests/both-drivers/**/*.test.ts",
            ...(process.env.TEST_DATABASE_URL ? ["tests/postgres/**/*.test.ts"] : []),
          ],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console.ts"],
          // Tests of the started store share one production build, made before any file runs.
          globalSetup: ["tests/integration/global-setup.ts"],
          // Vitest's default on two cores is one worker; much of a file's time is spent waiting on
          // a store process, a provider's fake or the database, which another file fills.
          maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
          // A worker imports the store's modules once for all its files, not once per file
          // (decision 0033: no vi.mock, and what a test changes globally it puts back).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/browser/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // What a person waits for (a toast after an upload, a page after a redirect) may take
          // more than a second on a busy machine; a poll still ends as soon as it holds.
          expect: { poll: { timeout: 5_000 } },
          // Real Chromium beside a store and another worker's on two shared cores: a test that
          // failed once runs again, and Vitest reports it as retried, with what its page showed
          // when it failed (decision 0033). A behaviour that is broken fails both times.
          retry: 1,
          // Two workers, each with a built store of its own (global setup): the files on one store
          // run one after another against it.
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
