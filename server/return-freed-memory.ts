import { performance } from "node:perf_hooks";
import type { Logger } from "../app/config/logger.server";

/**
 * How often the store looks whether it is quiet, and the share of that time its event loop may
 * have worked for it to count as quiet (the jobs' few milliseconds every 5 s stay well under).
 */
const CHECK_EVERY_MS = 5_000;
const QUIET_UTILIZATION = 0.05;

/** glibc's `malloc_trim(pad)`: gives the free pages of every arena back to the system. */
type MallocTrim = (pad: number) => number;

/**
 * glibc keeps the memory freed by V8's compiler threads (PGlite's PostgreSQL recompiled by
 * TurboFan, decision 0022) in its arenas, between blocks still in use, and returns it to the
 * system only when asked. Every 5 s that the store was quiet it asks (0.3 to 12 ms a time); those
 * threads go on freeing after the requests stop, so one request would not do. Busy, it never
 * asks: the memory is about to be used again. Where there is no glibc, nothing runs. The checks
 * never keep the process alive.
 */
export async function returnFreedMemoryWhenQuiet(logger: Logger): Promise<void> {
  const mallocTrim = await loadMallocTrim(logger);
  if (!mallocTrim) return;
  let since = performance.eventLoopUtilization();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    if (performance.eventLoopUtilization(now, since).utilization < QUIET_UTILIZATION) mallocTrim(0);
    since = now;
  }, CHECK_EVERY_MS).unref();
}

/** glibc's malloc_trim through koffi, or null on a system without glibc (musl, macOS, Windows). */
export async function loadMallocTrim(logger: Logger): Promise<MallocTrim | null> {
  if (process.platform !== "linux") return null;
  try {
    const { default: koffi } = await import("koffi");
    return koffi.load("libc.so.6").func("int malloc_trim(size_t pad)") as MallocTrim;
  } catch (error) {
    logger.debug({ err: error }, "malloc_trim indisponível: a memória liberada fica com o alocador");
    return null;
  }
}
