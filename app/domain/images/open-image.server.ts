import type { Sharp } from "sharp";
import { loadSharp } from "./sharp.server";

/** Decoding is bounded too: a small file may declare a huge image (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

/** The picture formats a person uploads; SVG (a script carrier) and anything else are refused. */
export const PHOTO_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp", "gif"]);

/**
 * An uploaded or fetched file opened as an image, judged by its content (never by its name or
 * declared type): a sharp pipeline, already turned upright, ready to be re-encoded (which strips
 * metadata and anything hidden beside the pixels); null when it is not an image of `formats`.
 */
export async function openImage(bytes: Buffer, formats: ReadonlySet<string>): Promise<Sharp | null> {
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !formats.has(metadata.format)) return null;
    return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  } catch {
    return null;
  }
}
