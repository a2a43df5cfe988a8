import type sharpModule from "sharp";

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded at the first image the store processes: libvips costs about 25 MB to a process
 * that may never see an upload. Its operation cache is off, so an occasional upload does not keep
 * up to 50 MB of decoded images afterwards (see docs/decisions/0022).
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
