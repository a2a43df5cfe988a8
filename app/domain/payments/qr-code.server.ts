import { PNG } from "pngjs";
import QRCode, { type QRCodeMaskPattern } from "qrcode";

/** Quiet zone around the symbol, in modules. */
const MARGIN = 2;
const BLACK = 0;
const WHITE = 255;
/** One grey byte per pixel in and out, and no per-row filter search: the rows are short and two-toned. */
const GREY_PIXELS_UNFILTERED = {
  colorType: 0,
  inputColorType: 0,
  inputHasAlpha: false,
  filterType: 0,
} as const;
const MASK_PATTERNS = [0, 1, 2, 3, 4, 5, 6, 7] as const satisfies readonly QRCodeMaskPattern[];

/**
 * The QR code of a BR Code as a PNG in base64 (no data: prefix), drawn here rather than by a
 * provider: one grey pixel per module by default (about 800 bytes: it travels in the payment page's
 * URL, and the page scales it up without smoothing, so it stays sharp), or `pixelsPerModule`
 * square where nothing scales it (an e-mail).
 */
export function qrCodePngBase64(brCode: string, pixelsPerModule = 1): string {
  const { size, modules } = qrCodeModules(brCode);
  const side = (size + 2 * MARGIN) * pixelsPerModule;
  // Sized by hand: given a size, the constructor would allocate an RGBA buffer this image never uses.
  const image = new PNG();
  image.width = side;
  image.height = side;
  image.data = Buffer.alloc(side * side, WHITE);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!modules[row * size + column]) continue;
      const top = (row + MARGIN) * pixelsPerModule;
      const left = (column + MARGIN) * pixelsPerModule;
      for (let y = top; y < top + pixelsPerModule; y++) {
        image.data.fill(BLACK, y * side + left, y * side + left + pixelsPerModule);
      }
    }
  }
  return PNG.sync.write(image, GREY_PIXELS_UNFILTERED).toString("base64");
}

/**
 * For each symbol version, what turns a symbol masked with pattern 0 into the same symbol masked
 * with pattern p, format information included. It depends on the version alone: the data cancels
 * out, and everything outside the data region is the same for every symbol of that version.
 */
const maskChangesByVersion = new Map<number, Uint8Array[]>();

/**
 * The QR symbol `qrcode` draws for the BR Code (one byte-mode segment, error correction M, the
 * mask with the lowest penalty), as one byte per module, row after row. `qrcode` builds it; the
 * mask is chosen here because the library's own search costs ten times the rest of the symbol
 * (about 1 ms an order): it masks and unmasks the whole matrix through method calls for each
 * pattern. Here each candidate is the pattern-0 symbol XOR a change known per version, scored in
 * one pass with table lookups, by the same penalty rules (ISO/IEC 18004, 7.8.3). The result is
 * the library's own symbol, bit for bit (qr-code.server.test.ts).
 */
export function qrCodeModules(brCode: string): { size: number; modules: Uint8Array } {
  // One byte-mode segment: letting the library search for the shortest mix of modes costs more
  // than the image itself, to save one size step.
  const symbol = (maskPattern: QRCodeMaskPattern) =>
    QRCode.create([{ data: Buffer.from(brCode, "utf8"), mode: "byte" }], {
      errorCorrectionLevel: "M",
      maskPattern,
    });
  const first = symbol(0);
  const { size, data: maskedWithZero } = first.modules;
  let maskChanges = maskChangesByVersion.get(first.version);
  if (!maskChanges) {
    maskChanges = MASK_PATTERNS.map((pattern) =>
      symbol(pattern).modules.data.map((module, index) => module ^ maskedWithZero[index]!),
    );
    maskChangesByVersion.set(first.version, maskChanges);
  }
  const candidate = new Uint8Array(maskedWithZero.length);
  const masked = (change: Uint8Array) => {
    for (let index = 0; index < candidate.length; index++)
      candidate[index] = maskedWithZero[index]! ^ change[index]!;
    return candidate;
  };
  let bestChange = maskChanges[0]!;
  let lowestPenalty = Infinity;
  for (const change of maskChanges) {
    const penalty = maskPenalty(masked(change), size);
    // Strictly lower: on a tie the lower pattern stays, as in the library.
    if (penalty < lowestPenalty) {
      lowestPenalty = penalty;
      bestChange = change;
    }
  }
  return { size, modules: masked(bestChange) };
}

/** Points for the module just read along a line, given the last 11 modules (newest in bit 0). */
function linePoints(window: number, modulesRead: number): number {
  let points = 0;
  const lastFive = window & 0x1f;
  // N1: each module from the fifth of a run of one colour on is worth 1, and the fifth 2 more
  // (3 for the run of five, 1 for each module beyond).
  if (modulesRead >= 5 && (lastFive === 0 || lastFive === 0x1f)) {
    points += 1;
    const sixth = (window >> 5) & 1;
    if (modulesRead === 5 || sixth !== (lastFive & 1)) points += 2;
  }
  // N3: 1:1:3:1:1 (dark:light:dark:light:dark) with four light modules before or after.
  if (modulesRead >= 11 && (window === 0x5d0 || window === 0x05d)) points += 40;
  return points;
}

/** Line points once 11 modules are read, and for each of the first ten (fewer bits count). */
const LINE_POINTS = Int32Array.from({ length: 0x800 }, (_, window) => linePoints(window, 11));
const FIRST_LINE_POINTS = Array.from({ length: 10 }, (_, step) =>
  Int32Array.from({ length: 0x800 }, (_, window) => linePoints(window, step + 1)),
);
/** N2: a 2×2 block of one colour (its dark modules add up to 0 or 4). */
const BLOCK_POINTS = [3, 0, 0, 0, 3] as const;

/**
 * The penalty of a masked symbol: runs (N1), 2×2 blocks (N2) and finder-like patterns (N3) along
 * every row and column, and the balance of dark modules (N4).
 */
function maskPenalty(modules: Uint8Array, size: number): number {
  let dark = 0;
  for (let index = 0; index < modules.length; index++) dark += modules[index]!;
  let points = 0;
  for (let line = 0; line < size; line++) {
    // Along row `line` and down column `line` at once.
    let rowWindow = 0;
    let columnWindow = 0;
    const rowStart = line * size;
    for (let step = 0; step < 10; step++) {
      rowWindow = ((rowWindow << 1) & 0x7ff) | modules[rowStart + step]!;
      columnWindow = ((columnWindow << 1) & 0x7ff) | modules[step * size + line]!;
      const table = FIRST_LINE_POINTS[step]!;
      points += table[rowWindow]! + table[columnWindow]!;
    }
    for (let step = 10; step < size; step++) {
      rowWindow = ((rowWindow << 1) & 0x7ff) | modules[rowStart + step]!;
      columnWindow = ((columnWindow << 1) & 0x7ff) | modules[step * size + line]!;
      points += LINE_POINTS[rowWindow]! + LINE_POINTS[columnWindow]!;
    }
    if (line === size - 1) break;
    const belowStart = rowStart + size;
    let previousPair = modules[rowStart]! + modules[belowStart]!;
    for (let step = 1; step < size; step++) {
      const pair = modules[rowStart + step]! + modules[belowStart + step]!;
      points += BLOCK_POINTS[previousPair + pair]!;
      previousPair = pair;
    }
  }
  return points + Math.abs(Math.ceil((dark * 100) / modules.length / 5) - 10) * 10;
}
