/** Notebooks and monitors. */
import { hsl, type Palette } from "./palette";
import { circle, type DeviceArt, floorShadow, num, rr, wallpaper } from "./shapes";

/** Desktop windows drawn on a screen area. */
function desktop(x: number, y: number, w: number, h: number, hue: number): string {
  return (
    rr(x + w * 0.08, y + h * 0.1, w * 0.5, h * 0.62, 8, 'fill="#ffffff" opacity="0.92"') +
    rr(x + w * 0.08, y + h * 0.1, w * 0.5, h * 0.09, 8, `fill="${hsl(hue, 0.5, 0.88)}"`) +
    rr(x + w * 0.08, y + h * 0.19, w * 0.12, h * 0.53, 0, `fill="${hsl(hue, 0.3, 0.95)}"`) +
    [0, 1, 2]
      .map((i) =>
        rr(
          x + w * 0.23,
          y + h * (0.26 + i * 0.08),
          w * (0.3 - i * 0.05),
          h * 0.035,
          3,
          'fill="#1f2937" opacity="0.3"',
        ),
      )
      .join("") +
    rr(x + w * 0.23, y + h * 0.5, w * 0.3, h * 0.16, 6, `fill="${hsl(hue + 30, 0.6, 0.7)}"`) +
    rr(x + w * 0.63, y + h * 0.18, w * 0.3, h * 0.46, 8, 'fill="#ffffff" opacity="0.25"') +
    rr(x + w * 0.67, y + h * 0.26, w * 0.22, h * 0.05, 3, 'fill="#ffffff" opacity="0.8"') +
    rr(x + w * 0.67, y + h * 0.36, w * 0.15, h * 0.05, 3, 'fill="#ffffff" opacity="0.55"') +
    rr(x + w * 0.3, y + h * 0.84, w * 0.4, h * 0.09, h * 0.045, 'fill="#ffffff" opacity="0.3"')
  );
}

// --- Laptop --------------------------------------------------------------------------------
const LID = { x: 175, y: 138, w: 450, h: 292, r: 18 };
const DECK = { top: 430, bottom: 532, topLeft: 175, topRight: 625, bottomLeft: 100, bottomRight: 700 };

/** x of the deck's left edge and its width at height y. */
function deckSpan(y: number): [number, number] {
  const t = (y - DECK.top) / (DECK.bottom - DECK.top);
  const left = DECK.topLeft + (DECK.bottomLeft - DECK.topLeft) * t;
  const right = DECK.topRight + (DECK.bottomRight - DECK.topRight) * t;
  return [left, right - left];
}

function quad(y0: number, y1: number, f0: number, f1: number, attrs: string): string {
  const [l0, w0] = deckSpan(y0);
  const [l1, w1] = deckSpan(y1);
  return `<path d="M${num(l0 + w0 * f0)} ${num(y0)} L ${num(l0 + w0 * f1)} ${num(y0)} L ${num(l1 + w1 * f1)} ${num(y1)} L ${num(l1 + w1 * f0)} ${num(y1)} Z" ${attrs}/>`;
}

function laptopKeyboard(p: Palette): string {
  const keyFill = p.pale ? "#2a2e36" : "#14171c";
  const rows = 5;
  const cols = 14;
  const y0 = 438;
  const rowH = 11;
  let out = quad(y0 - 3, y0 + rows * rowH + 1, 0.07, 0.93, `fill="${p.dark}" opacity="0.35"`);
  for (let row = 0; row < rows; row++) {
    const ya = y0 + row * rowH;
    const yb = ya + rowH - 2.2;
    for (let col = 0; col < cols; col++) {
      if (row === rows - 1 && col > 4 && col < 10) continue;
      const f0 = 0.08 + (0.84 * col) / cols + 0.003;
      const f1 = 0.08 + (0.84 * (col + 1)) / cols - 0.003;
      out += quad(ya, yb, f0, f1, `fill="${keyFill}"`);
    }
  }
  const ys = y0 + (rows - 1) * rowH;
  out += quad(
    ys,
    ys + rowH - 2.2,
    0.08 + (0.84 * 5) / 14 + 0.003,
    0.08 + (0.84 * 10) / 14 - 0.003,
    `fill="${keyFill}"`,
  );
  // trackpad
  out += quad(
    y0 + rows * rowH + 6,
    DECK.bottom - 6,
    0.37,
    0.63,
    `fill="${p.dark}" opacity="0.28" stroke="${p.lighter}" stroke-opacity="0.5"`,
  );
  return out;
}

function laptopBase(p: Palette): string {
  const { bottom, bottomLeft, bottomRight, top, topLeft, topRight } = DECK;
  return (
    floorShadow(400, bottom + 18, 310, 14) +
    `<path d="M${bottomLeft} ${bottom} L ${bottomRight} ${bottom} L ${bottomRight - 4} ${bottom + 14} Q ${bottomRight - 6} ${bottom + 18} ${bottomRight - 14} ${bottom + 18} L ${bottomLeft + 14} ${bottom + 18} Q ${bottomLeft + 6} ${bottom + 18} ${bottomLeft + 4} ${bottom + 14} Z" fill="${p.dark}"/>` +
    rr(360, bottom, 80, 6, 3, `fill="${p.darker}" opacity="0.6"`) +
    `<path d="M${topLeft} ${top} L ${topRight} ${top} L ${bottomRight} ${bottom} L ${bottomLeft} ${bottom} Z" fill="url(#bodyV)"/>` +
    `<path d="M${bottomLeft} ${bottom} L ${bottomRight} ${bottom}" stroke="${p.lighter}" stroke-width="2" opacity="0.7"/>`
  );
}

const laptop: DeviceArt = {
  front(p) {
    const { x, y, w, h, r } = LID;
    return (
      laptopBase(p) +
      laptopKeyboard(p) +
      rr(x, y, w, h, r, 'fill="url(#body)"') +
      rr(x + 6, y + 6, w - 12, h - 12, r - 5, 'fill="#07090d"') +
      wallpaper(x + 16, y + 18, w - 32, h - 44, 4) +
      desktop(x + 16, y + 18, w - 32, h - 44, p.accentHue) +
      circle(400, y + 11, 3, 'fill="#26303e"') +
      rr(x + 10, y + h - 4, w - 20, 6, 3, `fill="${p.darker}"`)
    );
  },
  back(p) {
    const { x, y, w, h, r } = LID;
    return (
      floorShadow(400, 490, 300, 14) +
      rr(x - 50, 440, w + 100, 40, 16, `fill="${p.dark}"`) +
      rr(x - 50, 440, w + 100, 30, 14, 'fill="url(#bodyV)"') +
      [0, 1].map((i) => rr(x - 20 + i * (w + 10), 474, 60, 8, 4, 'fill="#1f242c" opacity="0.8"')).join("") +
      rr(x + 20, y + h - 8, w - 40, 22, 8, `fill="${p.darker}"`) +
      rr(x, y, w, h, r, 'fill="url(#body)"') +
      rr(
        x + 2.5,
        y + 2.5,
        w - 5,
        h - 5,
        r - 2,
        `fill="none" stroke="${p.lighter}" stroke-opacity="0.45" stroke-width="2"`,
      ) +
      `<path d="M${x + 60} ${y} L ${x + 230} ${y} L ${x} ${y + 250} L ${x} ${y + 90} Z" fill="#ffffff" opacity="0.08"/>` +
      circle(400, y + h / 2 - 4, 34, `fill="none" stroke="${p.detail}" stroke-width="7" opacity="0.7"`) +
      circle(400, y + h / 2 - 4, 12, `fill="${p.detail}" opacity="0.7"`)
    );
  },
  pair: "stack",
  detail: { of: "front", x: 400, y: 470, zoom: 2.1 },
};

// --- Monitor -------------------------------------------------------------------------------
const PANEL = { x: 120, y: 125, w: 560, h: 336, r: 12 };

function monitorStand(p: Palette, fromY: number): string {
  return (
    floorShadow(400, 612, 170, 12) +
    `<path d="M370 ${fromY} L 430 ${fromY} L 438 592 L 362 592 Z" fill="url(#bodyH)"/>` +
    rr(262, 586, 276, 22, 11, `fill="${p.dark}"`) +
    rr(262, 584, 276, 16, 8, 'fill="url(#bodyV)"')
  );
}

const monitor: DeviceArt = {
  front(p) {
    const { x, y, w, h, r } = PANEL;
    const sx = x + 10;
    const sy = y + 10;
    const sw = w - 20;
    const sh = h - 42;
    return (
      monitorStand(p, 440) +
      rr(x, y, w, h, r, 'fill="url(#body)"') +
      rr(x + 4, y + 4, w - 8, h - 30, r - 3, 'fill="#06080c"') +
      wallpaper(sx, sy, sw, sh, 3) +
      desktop(sx, sy, sw, sh, p.accentHue) +
      rr(388, y + h - 17, 24, 5, 2.5, `fill="${p.detail}" opacity="0.7"`) +
      circle(x + w - 26, y + h - 14, 3, 'fill="#60f0a0" opacity="0.8"')
    );
  },
  back(p) {
    const { x, y, w, h, r } = PANEL;
    const screws = [
      [368, 268],
      [432, 268],
      [368, 332],
      [432, 332],
    ]
      .map(([cx, cy]) => circle(cx!, cy!, 5, `fill="${p.darker}"`))
      .join("");
    const vents = [0, 1, 2, 3, 4, 5, 6, 7]
      .map((i) => rr(290 + i * 28, 178, 16, 5, 2.5, `fill="${p.darker}" opacity="0.6"`))
      .join("");
    const ports = [272, 312, 458, 498]
      .map((px) => rr(px, 398, 30, 12, 3, 'fill="#0d1015" stroke="#4b5563" stroke-width="1.5"'))
      .join("");
    return (
      rr(x, y, w, h, r, 'fill="url(#body)"') +
      rr(
        x + 2.5,
        y + 2.5,
        w - 5,
        h - 5,
        r - 2,
        `fill="none" stroke="${p.lighter}" stroke-opacity="0.4" stroke-width="2"`,
      ) +
      rr(238, 158, 324, 276, 56, `fill="${p.dark}" opacity="0.45"`) +
      rr(242, 160, 316, 268, 52, 'fill="url(#bodyV)"') +
      vents +
      rr(346, 246, 108, 108, 12, `fill="${p.dark}"`) +
      screws +
      ports +
      monitorStand(p, 300) +
      rr(382, 470, 36, 46, 16, `fill="${p.darker}" opacity="0.55"`)
    );
  },
  pair: "stack",
  detail: { of: "back", x: 400, y: 360, zoom: 2 },
};

export { laptop, monitor };
