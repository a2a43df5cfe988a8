import pino from "pino";
import { expect, it } from "vitest";
import { loadMallocTrim } from "./return-freed-memory";

it("finds glibc's malloc_trim on Linux, which the store calls when quiet", async () => {
  const mallocTrim = await loadMallocTrim(pino({ level: "silent" }));
  expect(mallocTrim).toBeTypeOf("function");
  expect([0, 1]).toContain(mallocTrim!(0));
});
