/** Smartphones, tablets and smartwatches. */
import { hsl, type Palette } from "./palette";
import { circle, type DeviceArt, floorShadow, lens, rr, wallpaper } from "./shapes";

/** A grid of app icons in shades around the accent hue. */
function appIcons(
  x: number,
  y: number,
  cols: number,
  rows: number,
  size: number,
  gap: number,
  hue: number,
): string {
  let out = "";
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const shade = hsl(hue + (row * cols + col) * 47, 0.62, 0.62 + ((row + col) % 2) * 0.1);
      out += rr(x + col * (size + gap), y + row * (size + gap), size, size, size * 0.28, `fill="${shade}"`);
    }
  }
  return out;
}

// --- Phone ---------------------------------------------------------------------------------
const PHONE = { x: 272, y: 140, w: 256, h: 520, r: 44 };

function phoneShell(p: Palette): string {
  const { x, y, w, h, r } = PHONE;
  return (
    floorShadow(400, y + h + 14, w * 0.6) +
    rr(x + w - 3, y + 120, 8, 70, 3, `fill="${p.dark}"`) +
    rr(x - 5, y + 100, 8, 40, 3, `fill="${p.dark}"`) +
    rr(x - 5, y + 152, 8, 40, 3, `fill="${p.dark}"`) +
    rr(x, y, w, h, r, 'fill="url(#body)"') +
    rr(
      x + 2.5,
      y + 2.5,
      w - 5,
      h - 5,
      r - 2,
      `fill="none" stroke="${p.lighter}" stroke-opacity="0.5" stroke-width="2"`,
    )
  );
}

const phone: DeviceArt = {
  front(p) {
    const { x, y, w, h, r } = PHONE;
    const sx = x + 13;
    const sy = y + 13;
    const sw = w - 26;
    return (
      phoneShell(p) +
      rr(x + 7, y + 7, w - 14, h - 14, r - 6, 'fill="#07090e"') +
      wallpaper(sx, sy, sw, h - 26, r - 12) +
      rr(400 - 36, sy + 14, 72, 22, 11, 'fill="#040507"') +
      rr(sx + 22, sy + 20, 30, 9, 4.5, 'fill="#ffffff" opacity="0.85"') +
      rr(sx + sw - 58, sy + 20, 36, 9, 4.5, 'fill="#ffffff" opacity="0.85"') +
      rr(sx + 18, sy + 62, sw - 36, 96, 22, 'fill="#ffffff" opacity="0.2"') +
      rr(sx + 34, sy + 84, 110, 22, 8, 'fill="#ffffff" opacity="0.85"') +
      rr(sx + 34, sy + 118, 70, 12, 6, 'fill="#ffffff" opacity="0.6"') +
      appIcons(sx + 22, sy + 184, 4, 3, 38, 16, p.accentHue) +
      rr(sx + 12, sy + h - 26 - 80, sw - 24, 66, 24, 'fill="#ffffff" opacity="0.22"') +
      appIcons(sx + 22, sy + h - 26 - 66, 4, 1, 38, 16, p.accentHue + 180) +
      rr(400 - 50, y + h - 22, 100, 5, 2.5, 'fill="#ffffff" opacity="0.8"')
    );
  },
  back(p) {
    const { x, y, h } = PHONE;
    const mx = x + 20;
    const my = y + 20;
    return (
      phoneShell(p) +
      `<path d="M${x + 40} ${y} L ${x + 150} ${y} L ${x} ${y + 260} L ${x} ${y + 80} Z" fill="#ffffff" opacity="0.08"/>` +
      rr(mx, my, 126, 126, 34, `fill="${p.dark}" opacity="0.55"`) +
      rr(
        mx + 2,
        my + 2,
        122,
        122,
        32,
        `fill="url(#body)" stroke="${p.lighter}" stroke-opacity="0.6" stroke-width="2"`,
      ) +
      lens(mx + 36, my + 36, 24, p.darker) +
      lens(mx + 36, my + 90, 24, p.darker) +
      lens(mx + 90, my + 63, 24, p.darker) +
      circle(mx + 92, my + 22, 7, 'fill="#fff4cf" stroke="#c9b98a" stroke-width="2"') +
      circle(mx + 92, my + 104, 5, 'fill="#10141c"') +
      circle(400, y + h * 0.56, 24, `fill="none" stroke="${p.detail}" stroke-width="5" opacity="0.75"`) +
      circle(400, y + h * 0.56, 8, `fill="${p.detail}" opacity="0.75"`)
    );
  },
  pair: "side",
  detail: { of: "back", x: PHONE.x + 86, y: PHONE.y + 96, zoom: 2.3 },
};

// --- Tablet --------------------------------------------------------------------------------
const TABLET = { x: 130, y: 215, w: 540, h: 370, r: 34 };

function tabletShell(p: Palette): string {
  const { x, y, w, h, r } = TABLET;
  return (
    floorShadow(400, y + h + 14, w * 0.55) +
    rr(x + w - 110, y - 4, 60, 8, 3, `fill="${p.dark}"`) +
    rr(x, y, w, h, r, 'fill="url(#body)"') +
    rr(
      x + 2.5,
      y + 2.5,
      w - 5,
      h - 5,
      r - 2,
      `fill="none" stroke="${p.lighter}" stroke-opacity="0.5" stroke-width="2"`,
    )
  );
}

const tablet: DeviceArt = {
  front(p) {
    const { x, y, w, h, r } = TABLET;
    const sx = x + 20;
    const sy = y + 20;
    const sw = w - 40;
    const sh = h - 40;
    return (
      tabletShell(p) +
      rr(x + 6, y + 6, w - 12, h - 12, r - 4, 'fill="#07090e"') +
      wallpaper(sx, sy, sw, sh, r - 14) +
      circle(400, y + 11, 4, 'fill="#1d2431"') +
      rr(sx + 24, sy + 26, 230, 190, 18, 'fill="#ffffff" opacity="0.9"') +
      rr(sx + 24, sy + 26, 230, 34, 17, `fill="${hsl(p.accentHue, 0.55, 0.9)}"`) +
      rr(sx + 44, sy + 80, 120, 12, 6, 'fill="#1f2937" opacity="0.55"') +
      rr(sx + 44, sy + 104, 180, 10, 5, 'fill="#1f2937" opacity="0.25"') +
      rr(sx + 44, sy + 124, 160, 10, 5, 'fill="#1f2937" opacity="0.25"') +
      rr(sx + 44, sy + 150, 190, 48, 10, `fill="${hsl(p.accentHue + 30, 0.6, 0.7)}"`) +
      rr(sx + 270, sy + 26, 206, 190, 18, 'fill="#ffffff" opacity="0.22"') +
      circle(sx + 373, sy + 110, 52, 'fill="none" stroke="#ffffff" stroke-width="12" opacity="0.85"') +
      `<circle cx="${sx + 373}" cy="${sy + 110}" r="52" fill="none" stroke="${hsl(p.accentHue + 150, 0.7, 0.6)}" stroke-width="12" stroke-dasharray="200 400" transform="rotate(-90 ${sx + 373} ${sy + 110})"/>` +
      rr(400 - 150, sy + sh - 74, 300, 58, 20, 'fill="#ffffff" opacity="0.25"') +
      appIcons(400 - 136, sy + sh - 64, 6, 1, 38, 9.6, p.accentHue)
    );
  },
  back(p) {
    const { x, y, h } = TABLET;
    return (
      tabletShell(p) +
      `<path d="M${x + 60} ${y} L ${x + 260} ${y} L ${x} ${y + 300} L ${x} ${y + 70} Z" fill="#ffffff" opacity="0.08"/>` +
      rr(x + 24, y + 24, 78, 78, 24, `fill="${p.dark}" opacity="0.5"`) +
      rr(
        x + 26,
        y + 26,
        74,
        74,
        22,
        `fill="url(#body)" stroke="${p.lighter}" stroke-opacity="0.6" stroke-width="2"`,
      ) +
      lens(x + 52, y + 52, 18, p.darker) +
      circle(x + 82, y + 78, 6, 'fill="#fff4cf" stroke="#c9b98a" stroke-width="2"') +
      circle(400, y + h / 2, 30, `fill="none" stroke="${p.detail}" stroke-width="6" opacity="0.75"`) +
      circle(400, y + h / 2, 10, `fill="${p.detail}" opacity="0.75"`) +
      [-16, 0, 16].map((dx) => circle(400 + dx, y + h - 18, 4, `fill="${p.darker}"`)).join("") +
      // stylus resting on the top edge
      rr(x + 150, y - 26, 300, 20, 10, 'fill="#f4f5f7" stroke="#c8ccd3" stroke-width="2"') +
      `<path d="M${x + 450} ${y - 24} L ${x + 486} ${y - 16} L ${x + 450} ${y - 8} Z" fill="#d4d8de"/>` +
      circle(x + 484, y - 16, 3, 'fill="#4b5563"')
    );
  },
  pair: "stack",
  detail: { of: "back", x: TABLET.x + 90, y: TABLET.y + 70, zoom: 2.2 },
};

// --- Watch ---------------------------------------------------------------------------------
const WATCH = { x: 284, y: 250, w: 232, h: 286, r: 70 };

function watchStraps(p: Palette): string {
  const holes = [0, 1, 2, 3]
    .map((i) => circle(400, 600 + i * 24, 5, `fill="${p.darker}" opacity="0.8"`))
    .join("");
  return (
    floorShadow(400, 700, 110, 12, 0.26) +
    rr(344, 110, 112, 220, 36, 'fill="url(#bodyH)"') +
    rr(344, 460, 112, 230, 36, 'fill="url(#bodyH)"') +
    rr(344, 110, 112, 24, 12, `fill="${p.light}" opacity="0.5"`) +
    holes
  );
}

function watchCase(p: Palette): string {
  const { x, y, w, h, r } = WATCH;
  const metal = p.deep ? "url(#ink)" : "url(#metal)";
  return (
    rr(x + w - 4, y + 80, 20, 56, 7, 'fill="url(#metal)" stroke="#8a929c" stroke-width="1.5"') +
    [0, 1, 2, 3, 4].map((i) => rr(x + w + 4, y + 86 + i * 10, 10, 3, 1.5, 'fill="#7c848e"')).join("") +
    rr(x + w - 4, y + 156, 14, 50, 5, `fill="${p.deep ? "#3a404b" : "#b7bdc6"}"`) +
    rr(x, y, w, h, r, `fill="${metal}"`) +
    rr(
      x + 3,
      y + 3,
      w - 6,
      h - 6,
      r - 3,
      'fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"',
    )
  );
}

function ring(cx: number, cy: number, r: number, color: string, fraction: number): string {
  const length = 2 * Math.PI * r;
  return (
    circle(cx, cy, r, `fill="none" stroke="${color}" stroke-width="12" opacity="0.25"`) +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="12" stroke-linecap="round" stroke-dasharray="${(length * fraction).toFixed(1)} ${length.toFixed(1)}" transform="rotate(-90 ${cx} ${cy})"/>`
  );
}

const watch: DeviceArt = {
  front(p) {
    const { x, y, w, h, r } = WATCH;
    return (
      watchStraps(p) +
      watchCase(p) +
      rr(x + 14, y + 14, w - 28, h - 28, r - 14, 'fill="#030407"') +
      ring(400, 372, 66, "#ff375f", 0.78) +
      ring(400, 372, 50, "#a3e635", 0.62) +
      ring(400, 372, 34, "#22d3ee", 0.9) +
      rr(x + 40, y + 214, 66, 26, 13, `fill="${hsl(p.accentHue, 0.7, 0.6)}"`) +
      rr(x + w - 106, y + 214, 66, 26, 13, 'fill="#ffffff" opacity="0.22"') +
      rr(x + 60, y + 38, 40, 8, 4, 'fill="#ffffff" opacity="0.7"') +
      rr(x + w - 100, y + 38, 40, 8, 4, 'fill="#ffffff" opacity="0.35"') +
      `<path d="M${x + 18} ${y + 60} Q ${x + 30} ${y + 20}, ${x + 90} ${y + 16} L ${x + 18} ${y + 150} Z" fill="#ffffff" opacity="0.06"/>`
    );
  },
  back(p) {
    const { x, y, w, h, r } = WATCH;
    const cx = 400;
    const cy = y + h / 2;
    return (
      watchStraps(p) +
      watchCase(p) +
      rr(x + 12, y + 12, w - 24, h - 24, r - 12, `fill="${p.deep ? "#262b33" : "#d5d9de"}"`) +
      circle(cx, cy, 92, 'fill="#151a22"') +
      circle(cx, cy, 92, 'fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3"') +
      circle(cx, cy, 62, 'fill="none" stroke="#3a4352" stroke-width="3"') +
      [0, 90, 180, 270]
        .map((a) => {
          const rad = (a * Math.PI) / 180;
          return rr(
            cx + Math.cos(rad) * 40 - 9,
            cy + Math.sin(rad) * 40 - 5,
            18,
            10,
            5,
            'fill="#3ddc84" opacity="0.9"',
          );
        })
        .join("") +
      circle(cx, cy, 14, 'fill="#0a0c11" stroke="#4b5563" stroke-width="2"') +
      circle(cx - 30, cy - 54, 8, 'fill="#fb7185" opacity="0.7"') +
      circle(cx + 30, cy - 54, 8, 'fill="#fb7185" opacity="0.7"') +
      circle(cx - 56, cy - 56, 60, 'fill="#ffffff" opacity="0.06"')
    );
  },
  pair: "side",
  detail: { of: "front", x: 400, y: 388, zoom: 1.85 },
};

export { phone, tablet, watch };
