import { afterAll, afterEach } from "vitest";
import { expectOnlyAnnouncedConsoleErrors, recordConsole } from "./console";

// A stray console.error or console.warn fails the test that printed it (or, printed in a file's
// beforeAll or afterAll, the file). A test that prints one on purpose says so with
// expectConsoleError.
recordConsole();
afterEach(expectOnlyAnnouncedConsoleErrors);
afterAll(expectOnlyAnnouncedConsoleErrors);
