/** Chargers, cables, power banks, portable SSDs and Wi-Fi routers. */
import { hsl, type Palette } from "./palette";
import { circle, type DeviceArt, floorShadow, labelLines, rr, slab } from "./shapes";

const PORT = 'fill="#0c0f14" stroke="#5b6270" stroke-width="2"';

function usbC(cx: number, cy: number, w = 56): string {
  return (
    rr(cx - w / 2, cy - 10, w, 20, 10, PORT) + rr(cx - w / 2 + 12, cy - 2, w - 24, 4, 2, 'fill="#9aa3ae"')
  );
}

function usbA(cx: number, cy: number): string {
  return rr(cx - 36, cy - 13, 72, 26, 4, PORT) + rr(cx - 28, cy - 6, 56, 8, 2, `fill="#2f6fdb"`);
}

/** A USB-C plug: housing in the product colour, metal tip on top, pointing up at (0, 0). */
function plug(p: Palette): string {
  return (
    rr(-30, -58, 60, 50, 18, 'fill="url(#metal)"') +
    rr(-20, -44, 40, 12, 6, 'fill="#1f232a"') +
    rr(-46, -20, 92, 150, 28, 'fill="url(#bodyH)"') +
    rr(-46, -20, 92, 150, 28, `fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.5"`) +
    rr(-32, 122, 64, 44, 16, `fill="${p.dark}"`)
  );
}

// --- Charger -------------------------------------------------------------------------------
const CHARGER = { x: 254, y: 196, w: 292, h: 350, r: 52 };

const charger: DeviceArt = {
  front(p) {
    const { x, y, w, h, r } = CHARGER;
    return (
      floorShadow(410, y + h + 14, 170, 14) +
      slab(x, y, w, h, r, 26, -22, p.dark, "url(#body)") +
      rr(x, y, w, h, r, 'fill="url(#shade)" opacity="0.5"') +
      rr(
        x + 2,
        y + 2,
        w - 4,
        h - 4,
        r - 2,
        `fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.6"`,
      ) +
      usbC(400, y + 170) +
      usbC(400, y + 214) +
      usbA(400, y + 262) +
      circle(400, y + 84, 18, `fill="none" stroke="${p.detail}" stroke-width="4" opacity="0.7"`)
    );
  },
  back(p) {
    const { x, y, w, h, r } = CHARGER;
    const pin = (cx: number): string => {
      let out = "";
      for (let i = 10; i >= 1; i--) out += circle(cx + i * 2.4, y + 150 - i * 2, 15, 'fill="#8d949e"');
      return (
        out +
        circle(cx, y + 150, 15, 'fill="url(#metal)"') +
        circle(cx, y + 150, 15, 'fill="none" stroke="#6b7280" stroke-width="2"')
      );
    };
    return (
      floorShadow(410, y + h + 14, 170, 14) +
      slab(x, y, w, h, r, 26, -22, p.dark, "url(#body)") +
      rr(x, y, w, h, r, 'fill="url(#shade)" opacity="0.5"') +
      circle(400, y + 150, 92, `fill="${p.dark}" opacity="0.35"`) +
      circle(400, y + 150, 92, `fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.5"`) +
      pin(364) +
      pin(436) +
      labelLines(330, y + 262, [140, 110, 130], p.detail, 14)
    );
  },
  pair: "side",
  detail: { of: "back", x: 404, y: CHARGER.y + 140, zoom: 2 },
};

// --- Cable ---------------------------------------------------------------------------------
function cableStroke(d: string, p: Palette): string {
  return (
    `<path d="${d}" fill="none" stroke="${p.darker}" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${p.base}" stroke-width="13" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${p.lighter}" stroke-width="3" stroke-dasharray="7 6" opacity="0.55"/>`
  );
}

const cable: DeviceArt = {
  front(p) {
    const loops = [0, 1, 2, 3]
      .map((i) => {
        const [cx, cy, rx, ry] = [400 + i * 7 - 10, 356 + i * 6, 176 - i * 5, 104 - i * 3];
        return cableStroke(
          `M${cx - rx} ${cy} a ${rx} ${ry} 0 1 0 ${2 * rx} 0 a ${rx} ${ry} 0 1 0 ${-2 * rx} 0`,
          p,
        );
      })
      .join("");
    return (
      floorShadow(400, 652, 200, 14) +
      loops +
      cableStroke("M322 452 C 300 490, 290 510, 292 543", p) +
      cableStroke("M478 456 C 500 490, 512 520, 512 549", p) +
      rr(210, 290, 44, 150, 14, `fill="${p.darker}"`) +
      rr(214, 290, 10, 150, 5, 'fill="#ffffff" opacity="0.15"') +
      `<g transform="translate(318 646) rotate(165) scale(0.6)">${plug(p)}</g>` +
      `<g transform="translate(486 652) rotate(195) scale(0.6)">${plug(p)}</g>`
    );
  },
  back(p) {
    return (
      cableStroke("M330 560 C 330 660, 300 720, 260 820", p) +
      cableStroke("M470 560 C 470 660, 500 720, 540 820", p) +
      `<g transform="translate(320 380) rotate(-10)">${plug(p)}</g>` +
      `<g transform="translate(480 380) rotate(10)">${plug(p)}</g>`
    );
  },
  pair: "stack",
  detail: { of: "back", x: 480, y: 380, zoom: 1.9 },
};

// --- Power bank ----------------------------------------------------------------------------
const BANK = { x: 282, y: 168, w: 236, h: 430, r: 40 };

const powerbank: DeviceArt = {
  front(p) {
    const { x, y, w, h, r } = BANK;
    const leds = [0, 1, 2, 3]
      .map((i) => circle(364 + i * 24, y + h - 80, 6, `fill="${i < 3 ? hsl(160, 0.8, 0.55) : "#6b7280"}"`))
      .join("");
    return (
      floorShadow(412, y + h + 14, 150, 14) +
      slab(x, y, w, h, r, 22, -18, p.dark, "url(#body)") +
      rr(x + w + 6, y + 120, 10, 50, 5, `fill="${p.darker}"`) +
      rr(
        x + 2,
        y + 2,
        w - 4,
        h - 4,
        r - 2,
        `fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.55"`,
      ) +
      `<path d="M${x + 30} ${y} L ${x + 150} ${y} L ${x} ${y + 210} L ${x} ${y + 60} Z" fill="#ffffff" opacity="0.1"/>` +
      circle(400, y + 180, 32, `fill="none" stroke="${p.detail}" stroke-width="6" opacity="0.7"`) +
      circle(400, y + 180, 11, `fill="${p.detail}" opacity="0.7"`) +
      leds
    );
  },
  back(p) {
    const { x, y, w, h, r } = BANK;
    return (
      `<path d="M400 ${y + h + 60} C 400 ${y + h + 130}, 520 ${y + h + 110}, 560 820" fill="none" stroke="#e5e7eb" stroke-width="12" stroke-linecap="round"/>` +
      floorShadow(412, y + h + 14, 150, 14) +
      slab(x, y, w, h, r, 22, -18, p.dark, "url(#body)") +
      rr(x, y, w, h, r, 'fill="url(#shade)" opacity="0.5"') +
      circle(400, y + 190, 96, 'fill="none" stroke="url(#metal)" stroke-width="12"') +
      circle(400, y + 190, 96, `fill="none" stroke="${p.darker}" stroke-width="1.5" opacity="0.6"`) +
      labelLines(336, y + h - 110, [128, 96, 112], p.detail, 14) +
      rr(376, y + h - 4, 48, 12, 6, 'fill="#0c0f14"') +
      rr(382, y + h + 6, 36, 58, 12, 'fill="#f3f4f6" stroke="#c7ccd3" stroke-width="2"')
    );
  },
  pair: "side",
  detail: { of: "front", x: 410, y: BANK.y + BANK.h - 90, zoom: 2.3 },
};

// --- Portable SSD --------------------------------------------------------------------------
const DRIVE = { x: 180, y: 240, w: 420, h: 296, r: 46 };

const ssd: DeviceArt = {
  front(p) {
    const { x, y, w, h, r } = DRIVE;
    return (
      `<path d="M${x + w + 20} ${y + 138} C ${x + w + 70} ${y + 138}, ${x + w + 30} ${y + 300}, ${x + w + 70} ${y + 330}" fill="none" stroke="#1f232a" stroke-width="12" stroke-linecap="round"/>` +
      floorShadow(410, y + h + 14, 230, 14) +
      slab(x, y, w, h, r, 18, -16, p.darker, p.dark) +
      rr(x + w - 4, y + 122, 40, 32, 10, 'fill="#2b2f36"') +
      rr(x + 20, y + 20, w - 40, h - 40, r - 16, 'fill="url(#body)"') +
      `<path d="M${x + 230} ${y + 20} L ${x + 300} ${y + 20} L ${x + 190} ${y + h - 20} L ${x + 120} ${y + h - 20} Z" fill="${p.lighter}" opacity="0.3"/>` +
      [0, 1, 2]
        .map((i) => rr(x + 50, y + 60 + i * 16, 110 - i * 24, 5, 2.5, `fill="${p.detail}" opacity="0.55"`))
        .join("") +
      circle(x + w - 56, y + h - 56, 6, 'fill="#60a5fa"')
    );
  },
  back(p) {
    const { x, y, w, h, r } = DRIVE;
    return (
      `<path d="M${x + w + 20} ${y + 138} C ${x + w + 80} ${y + 138}, ${x + w + 40} ${y + 330}, 780 ${y + 360}" fill="none" stroke="#1f232a" stroke-width="12" stroke-linecap="round"/>` +
      floorShadow(410, y + h + 14, 230, 14) +
      slab(x, y, w, h, r, 18, -16, p.darker, p.dark) +
      rr(x + 20, y + 20, w - 40, h - 40, r - 16, `fill="${p.base}"`) +
      rr(x + 20, y + 20, w - 40, h - 40, r - 16, 'fill="url(#shade)" opacity="0.6"') +
      rr(x + 70, y + 60, w - 140, h - 120, 12, 'fill="#f4f5f7"') +
      labelLines(x + 96, y + 86, [180, 140, 200, 120, 160], "#4b5563", 18) +
      rr(x + w - 130, y + 92, 34, 34, 4, 'fill="#1f2937" opacity="0.7"') +
      rr(x + w - 4, y + 122, 40, 32, 10, 'fill="#2b2f36"')
    );
  },
  pair: "stack",
  detail: { of: "front", x: 420, y: 380, zoom: 1.9 },
};

// --- Router --------------------------------------------------------------------------------
function antennas(p: Palette): string {
  return [214, 318, 482, 586]
    .map(
      (ax) =>
        rr(ax - 17, 160, 34, 250, 17, 'fill="url(#bodyH)"') +
        rr(ax - 17, 160, 34, 250, 17, `fill="${p.darker}" opacity="0.25"`) +
        rr(ax - 13, 384, 26, 30, 8, `fill="${p.darker}"`),
    )
    .join("");
}

function routerBody(p: Palette, face: string): string {
  return (
    floorShadow(400, 540, 280, 14) +
    antennas(p) +
    `<path d="M206 392 L 594 392 L 636 452 L 164 452 Z" fill="url(#bodyV)"/>` +
    [0, 1, 2, 3, 4, 5]
      .map((i) => rr(300 + i * 34, 408, 22, 28, 4, `fill="${p.darker}" opacity="0.35"`))
      .join("") +
    rr(164, 448, 472, 80, 14, `fill="${p.dark}"`) +
    rr(164, 448, 472, 80, 14, 'fill="url(#shade)" opacity="0.6"') +
    `<path d="M166 450 L 634 450" stroke="${p.lighter}" stroke-width="2" opacity="0.6"/>` +
    face
  );
}

const router: DeviceArt = {
  front(p) {
    const leds = [0, 1, 2, 3, 4, 5]
      .map((i) => circle(310 + i * 36, 488, 5, `fill="${i === 5 ? "#f59e0b" : hsl(150, 0.75, 0.55)}"`))
      .join("");
    return routerBody(p, leds);
  },
  back(p) {
    const rj45 = (cx: number, color: string): string =>
      rr(cx - 20, 472, 40, 32, 4, `fill="#0c0f14" stroke="${color}" stroke-width="3"`) +
      rr(cx - 7, 496, 14, 8, 2, `fill="${color}"`);
    const ports =
      rj45(262, "#f5b700") +
      [318, 368, 418, 468].map((cx) => rj45(cx, "#5b6270")).join("") +
      circle(530, 488, 13, PORT) +
      circle(530, 488, 4, 'fill="#9aa3ae"') +
      circle(572, 488, 9, 'fill="#1f242c"') +
      circle(212, 488, 5, PORT);
    return routerBody(p, ports);
  },
  pair: "stack",
  detail: { of: "back", x: 400, y: 470, zoom: 2.1 },
};

export { cable, charger, powerbank, router, ssd };
