/**
 * The store's primary colour and the shades the storefront's `brand-*` classes use, derived from
 * it. White text on buttons of that colour must stay readable: WCAG 2 AA asks for 4.5:1.
 */

export const WHITE_TEXT_MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on `hex` (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(rgbOf(hex)) + 0.05);
}

/** `hex` moved towards `towards` by `amount` (0 to 1). */
function mix(hex: string, towards: Rgb, amount: number): string {
  return hexOf(rgbOf(hex).map((channel, i) => channel + (towards[i]! - channel) * amount) as Rgb);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** The shades of `app.css`'s brand palette, with the primary colour as the buttons' 600. */
export function brandShades(primary: string): Record<"50" | "100" | "500" | "600" | "700", string> {
  return {
    "50": mix(primary, WHITE, 0.93),
    "100": mix(primary, WHITE, 0.85),
    "500": mix(primary, WHITE, 0.15),
    "600": primary,
    "700": mix(primary, BLACK, 0.15),
  };
}
