import { format } from "node:util";

type Level = "error" | "warn";

interface Printed {
  level: Level;
  text: string;
}

const printed: Printed[] = [];
let expected: RegExp[] = [];

/**
 * Replaces `console.error` and `console.warn` with a record of what they print, for the setup file
 * (`tests/support/fail-on-console.ts`) to fail the test that printed. Assigned rather than spied
 * on, so no test's `vi.restoreAllMocks()` can put the real ones back.
 */
export function recordConsole(): void {
  for (const level of ["error", "warn"] as const) {
    // eslint-disable-next-line no-console -- replaced here, not called
    console[level] = (...args: unknown[]) => {
      printed.push({ level, text: format(...args) });
    };
  }
}

/**
 * Says that the running test prints an error or a warning on purpose (what a failure writes to the
 * console): a line matching `pattern` is then expected, and no longer fails the test.
 */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

/**
 * Fails when something printed an error or warning the test did not announce, or when an announced
 * one never came; either way the record starts empty again.
 */
export function expectOnlyAnnouncedConsoleErrors(): void {
  const lines = printed.splice(0).map(({ level, text }) => `console.${level}: ${text}`);
  const announced = expected;
  expected = [];
  const unexpected = lines.filter((line) => !announced.some((pattern) => pattern.test(line)));
  const missing = announced.filter((pattern) => !lines.some((line) => pattern.test(line)));
  const failures = [
    ...(unexpected.length > 0 ? ["Erros ou avisos inesperados no console:", ...unexpected] : []),
    ...(missing.length > 0 ? [`Erros esperados que não apareceram no console: ${missing.join(", ")}`] : []),
  ];
  if (failures.length > 0) throw new Error(failures.join("\n"));
}
