/**
 * Colours and shared SVG definitions for the demo product art. Every drawing refers to the
 * gradients, patterns and filters declared once per image by `sharedDefs`.
 */

export interface Palette {
  /** The product's own colour. */
  base: string;
  light: string;
  lighter: string;
  dark: string;
  darker: string;
  /** A contrasting line/detail colour that reads on `base`. */
  detail: string;
  /** True when the device colour is very light (white/silver devices). */
  pale: boolean;
  /** True when the device colour is very dark (black/graphite devices). */
  deep: boolean;
  /** Hue (degrees) used for screens and accents. */
  accentHue: number;
  /** Hue (degrees) of the category background. */
  backgroundHue: number;
}

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Linear mix of two "#rrggbb" colours; t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  return rgbToHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

/** "hsl()" written as hex, so that every colour in the SVG has the same form. */
export function hsl(h: number, s: number, l: number): string {
  const hue = (((h % 360) + 360) % 360) / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): number => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return rgbToHex([channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255]);
}

const CATEGORY_HUES: Record<string, number> = {
  Smartphones: 215,
  Notebooks: 250,
  Tablets: 195,
  Smartwatches: 15,
  Áudio: 330,
  Monitores: 175,
  Periféricos: 140,
  Acessórios: 38,
};

function categoryHue(category: string): number {
  const known = CATEGORY_HUES[category];
  if (known !== undefined) return known;
  let hash = 0;
  for (const char of category) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

export function paletteFor(color: string, category: string): Palette {
  const rgb = hexToRgb(color);
  const [hue, saturation, lightness] = rgbToHsl(rgb);
  const backgroundHue = categoryHue(category);
  const pale = lightness > 0.78;
  const deep = lightness < 0.22;
  return {
    base: color,
    light: mix(color, "#ffffff", deep ? 0.2 : 0.32),
    lighter: mix(color, "#ffffff", deep ? 0.38 : 0.6),
    dark: mix(color, "#000000", pale ? 0.16 : 0.3),
    darker: mix(color, "#000000", pale ? 0.34 : 0.55),
    detail: pale ? mix(color, "#000000", 0.42) : mix(color, "#ffffff", deep ? 0.3 : 0.5),
    pale,
    deep,
    accentHue: saturation > 0.3 && lightness > 0.2 && lightness < 0.85 ? hue : backgroundHue,
    backgroundHue,
  };
}

/** Gradients, patterns and filters shared by every drawing (ids are fixed per image). */
export function sharedDefs(p: Palette): string {
  const h = p.accentHue;
  return `
<linearGradient id="body" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="${p.light}"/><stop offset="0.45" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/>
</linearGradient>
<linearGradient id="bodyV" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${p.light}"/><stop offset="0.5" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/>
</linearGradient>
<linearGradient id="bodyH" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="${p.dark}"/><stop offset="0.3" stop-color="${p.light}"/><stop offset="0.7" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/>
</linearGradient>
<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="${hsl(h + 25, 0.8, 0.66)}"/><stop offset="0.5" stop-color="${hsl(h, 0.7, 0.48)}"/><stop offset="1" stop-color="${hsl(h - 35, 0.65, 0.24)}"/>
</linearGradient>
<linearGradient id="glare" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.06"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
</linearGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#f3f4f6"/><stop offset="0.5" stop-color="#a9b0ba"/><stop offset="1" stop-color="#dde1e6"/>
</linearGradient>
<linearGradient id="ink" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#2b303a"/><stop offset="1" stop-color="#0c0f15"/>
</linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.65" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/>
</linearGradient>
<radialGradient id="lens" cx="0.4" cy="0.35" r="0.7">
  <stop offset="0" stop-color="${hsl(h + 40, 0.55, 0.45)}"/><stop offset="0.35" stop-color="#141a2b"/><stop offset="1" stop-color="#05070c"/>
</radialGradient>
<pattern id="grille" width="11" height="11" patternUnits="userSpaceOnUse">
  <circle cx="5.5" cy="5.5" r="2.4" fill="${p.darker}" opacity="0.75"/>
</pattern>
<pattern id="mesh" width="9" height="9" patternUnits="userSpaceOnUse">
  <circle cx="4.5" cy="4.5" r="1.8" fill="#000000" opacity="0.35"/>
</pattern>
<filter id="blur" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="blurSm" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="5"/></filter>`;
}
