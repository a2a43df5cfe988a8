import type sharpModule from "sharp";
import { loadOnce } from "../../lib/load-once";

/**
 * sharp, loaded at the first image the store processes: libvips costs about 25 MB to a process
 * that may never see an upload. Its operation cache is off, so an occasional upload does not keep
 * up to 50 MB of decoded images afterwards (see docs/decisions/0022). A failed load is tried again
 * at the next image (issue 49: a deploy that replaced the dependencies under a running store left
 * its uploads failing until a restart).
 */
export const loadSharp: () => Promise<typeof sharpModule> = loadOnce(async () => {
  const { default: sharp } = await import("sharp");
  sharp.cache(false);
  return sharp;
});
