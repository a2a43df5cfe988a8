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
        },
      },
      {
        test: {
          name: "integration",
          // The PostgreSQL-only tests (a real server going down and back) join when one is given.
          include: [
            "tests/integration/**/*.test.ts",
            ...(process.env.TEST_DATABASE_URL ? ["tests/postgres/**/*.test.ts"] : []),
          ],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console.ts"],
          // Tests of the started store share one production build, made before any file runs.
          globalSetup: ["tests/integration/global-setup.ts"],
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
          // One built server is shared; test files run one after another against it.
          fileParallelism: false,
        },
      },
    ],
  },
});
