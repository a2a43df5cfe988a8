/** Keyboards, mice, webcams and game controllers. */
import { hsl, mix, type Palette } from "./palette";
import { circle, type DeviceArt, ellipse, floorShadow, labelLines, lens, rr, scaled, slab } from "./shapes";

// --- Keyboard ------------------------------------------------------------------------------
const KB = { x: 110, y: 272, w: 580, h: 254, r: 20, pad: 18 };
/** Key widths in units per row (a 15-unit-wide compact layout). */
const ROWS: number[][] = [
  [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2],
  [1.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.5],
  [1.75, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2.25],
  [2.25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.75, 1],
  [1.25, 1.25, 1.25, 6.25, 1, 1, 1, 1, 1],
];

function keyColours(p: Palette): { top: string; side: string; accent: string } {
  if (p.deep) return { top: "#3a3f49", side: "#1d2027", accent: hsl(p.accentHue, 0.75, 0.58) };
  if (p.pale) return { top: "#ffffff", side: "#d3d8de", accent: hsl(p.accentHue, 0.55, 0.72) };
  return { top: "#f1ebdc", side: "#cbc2ad", accent: p.base };
}

function keyboardKeys(p: Palette): string {
  const colours = keyColours(p);
  const u = (KB.w - KB.pad * 2) / 15;
  let out = "";
  ROWS.forEach((row, rowIndex) => {
    let x = KB.x + KB.pad;
    const y = KB.y + KB.pad + rowIndex * u;
    row.forEach((units, keyIndex) => {
      const w = units * u;
      const accent = (rowIndex === 0 && keyIndex === 0) || (rowIndex === 3 && keyIndex === row.length - 1);
      const top = accent ? colours.accent : colours.top;
      const side = accent ? mix(colours.accent, "#000000", 0.25) : colours.side;
      out += rr(x + 1.5, y + 1.5, w - 3, u - 3, 5, `fill="${side}"`);
      out += rr(x + 4.5, y + 3, w - 9, u - 10, 4, `fill="${top}"`);
      x += w;
    });
  });
  return out;
}

const keyboard: DeviceArt = {
  front(p) {
    const { x, y, w, h, r } = KB;
    const glow = p.deep
      ? rr(
          x - 6,
          y + h - 6,
          w + 12,
          18,
          9,
          `fill="${hsl(p.accentHue, 0.8, 0.6)}" opacity="0.35" filter="url(#blurSm)"`,
        )
      : "";
    return (
      floorShadow(400, y + h + 16, 310, 14) +
      glow +
      slab(x, y, w, h, r, 0, 12, p.darker, "url(#body)") +
      rr(
        x + 2,
        y + 2,
        w - 4,
        h - 4,
        r - 2,
        `fill="none" stroke="${p.lighter}" stroke-opacity="0.5" stroke-width="2"`,
      ) +
      rr(
        x + KB.pad - 4,
        y + KB.pad - 4,
        w - KB.pad * 2 + 8,
        h - KB.pad * 2 + 8,
        8,
        `fill="${p.darker}" opacity="0.55"`,
      ) +
      keyboardKeys(p)
    );
  },
  back(p) {
    const { x, y, w, h, r } = KB;
    const bottom = p.deep ? "#2a2e36" : p.dark;
    return (
      `<path d="M400 ${y} C 400 200, 470 170, 560 150" fill="none" stroke="#1f232a" stroke-width="10" stroke-linecap="round"/>` +
      floorShadow(400, y + h + 16, 310, 14) +
      slab(x, y, w, h, r, 0, 12, p.darker, bottom) +
      rr(x, y, w, h, r, 'fill="url(#shade)" opacity="0.6"') +
      rr(x + 30, y + 22, 120, 30, 10, 'fill="#15181d"') +
      rr(x + w - 150, y + 22, 120, 30, 10, 'fill="#15181d"') +
      rr(x + 30, y + h - 44, 70, 24, 10, 'fill="#15181d"') +
      rr(x + w - 100, y + h - 44, 70, 24, 10, 'fill="#15181d"') +
      rr(300, 350, 200, 92, 10, `fill="${p.lighter}"`) +
      labelLines(320, 368, [120, 150, 90, 130], "#4b5563") +
      rr(384, y - 4, 32, 12, 4, 'fill="#0d1015"')
    );
  },
  pair: "stack",
  detail: { of: "front", x: 230, y: 340, zoom: 2.2 },
};

// --- Mouse ---------------------------------------------------------------------------------
const MOUSE_OUTLINE =
  "M400 200 C 522 200, 532 312, 532 410 C 532 532, 482 602, 400 602 C 318 602, 268 532, 268 410 C 268 312, 278 200, 400 200 Z";

const mouse: DeviceArt = {
  front(p) {
    const ridges = [0, 1, 2, 3, 4].map((i) => rr(391, 260 + i * 10, 18, 3, 1.5, 'fill="#3b424d"')).join("");
    const led = p.deep
      ? `<path d="M300 520 Q 400 590 500 520" fill="none" stroke="${hsl(p.accentHue, 0.85, 0.6)}" stroke-width="6" stroke-linecap="round"/>`
      : "";
    return (
      floorShadow(400, 612, 150, 14) +
      `<path d="${MOUSE_OUTLINE}" fill="url(#body)"/>` +
      `<path d="${MOUSE_OUTLINE}" fill="none" stroke="${p.lighter}" stroke-width="2.5" opacity="0.5"/>` +
      `<path d="M400 204 L 400 356" stroke="${p.darker}" stroke-width="3"/>` +
      `<path d="M272 352 Q 400 392 528 352" fill="none" stroke="${p.darker}" stroke-width="3"/>` +
      `<path d="M300 300 C 300 240, 330 214, 380 208 C 346 232, 326 262, 318 330 Z" fill="#ffffff" opacity="0.14"/>` +
      rr(386, 252, 28, 66, 14, 'fill="#0f1217"') +
      ridges +
      led +
      circle(400, 470, 16, `fill="none" stroke="${p.detail}" stroke-width="4" opacity="0.7"`)
    );
  },
  back(p) {
    const outline =
      "M166 512 C 166 420, 270 346, 392 346 C 506 346, 604 398, 640 470 C 652 494, 646 518, 622 518 L 186 518 C 172 518, 166 516, 166 512 Z";
    return (
      floorShadow(405, 530, 250, 12) +
      rr(186, 508, 440, 18, 9, 'fill="#15181d"') +
      `<path d="${outline}" fill="url(#body)"/>` +
      `<path d="${outline}" fill="url(#shade)"/>` +
      ellipse(340, 460, 120, 32, 'fill="#000000" opacity="0.12"') +
      rr(286, 408, 54, 20, 10, `fill="${p.darker}"`) +
      rr(348, 408, 54, 20, 10, `fill="${p.darker}"`) +
      `<path d="M520 368 Q 560 372 586 386" fill="none" stroke="#0f1217" stroke-width="12" stroke-linecap="round"/>` +
      ellipse(330, 384, 90, 18, 'fill="#ffffff" opacity="0.18"')
    );
  },
  pair: "side",
  detail: { of: "front", x: 400, y: 320, zoom: 2 },
};

// --- Webcam --------------------------------------------------------------------------------
function webcamBody(p: Palette, face: boolean): string {
  return (
    rr(200, 262, 400, 156, 78, 'fill="url(#bodyV)"') +
    rr(200, 262, 400, 156, 78, `fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.5"`) +
    (face
      ? rr(216, 276, 368, 128, 64, 'fill="#0b0e13"')
      : rr(216, 276, 368, 128, 64, `fill="${p.dark}" opacity="0.4"`))
  );
}

const webcam: DeviceArt = {
  front(p) {
    const mics = [0, 1, 2].map((i) => circle(262 + i * 12, 340, 3, 'fill="#3b4250"')).join("");
    return scaled(
      1.18,
      floorShadow(400, 536, 150, 12) +
        rr(386, 410, 28, 44, 8, `fill="${p.darker}"`) +
        rr(318, 448, 164, 20, 10, `fill="${p.dark}"`) +
        `<path d="M340 462 L 460 462 L 452 526 Q 450 534 442 534 L 358 534 Q 350 534 348 526 Z" fill="url(#bodyV)"/>` +
        `<path d="M340 462 L 460 462 L 452 526 Q 450 534 442 534 L 358 534 Q 350 534 348 526 Z" fill="url(#shade)"/>` +
        webcamBody(p, true) +
        `<path d="M232 300 Q 300 278 380 280 L 240 360 Z" fill="#ffffff" opacity="0.08"/>` +
        lens(400, 340, 60, "#1c212a") +
        circle(400, 340, 60, 'fill="none" stroke="#5b6472" stroke-width="2"') +
        mics +
        [0, 1, 2].map((i) => circle(514 + i * 12, 340, 3, 'fill="#3b4250"')).join("") +
        circle(476, 300, 4, 'fill="#22c55e"'),
      0,
      -10,
    );
  },
  back(p) {
    return (
      rr(120, 470, 560, 360, 26, 'fill="url(#ink)"') +
      rr(120, 470, 560, 30, 14, 'fill="#3a404b"') +
      rr(330, 450, 140, 26, 12, `fill="${p.dark}"`) +
      rr(346, 476, 108, 84, 16, `fill="${p.dark}"`) +
      rr(384, 410, 32, 50, 8, `fill="${p.darker}"`) +
      webcamBody(p, false) +
      `<path d="M400 418 C 400 470, 300 470, 300 520 L 300 800" fill="none" stroke="#1b1e24" stroke-width="10"/>` +
      [0, 1, 2, 3, 4, 5]
        .map((i) => rr(300 + i * 34, 300, 20, 6, 3, `fill="${p.darker}" opacity="0.6"`))
        .join("") +
      circle(400, 360, 16, `fill="none" stroke="${p.detail}" stroke-width="4" opacity="0.7"`)
    );
  },
  pair: "stack",
  detail: { of: "front", x: 400, y: 350, zoom: 1.9 },
};

// --- Controller ----------------------------------------------------------------------------
const PAD_OUTLINE =
  "M262 292 C 330 272, 470 272, 538 292 C 612 312, 652 386, 668 468 C 684 552, 652 608, 604 608 C 562 608, 544 568, 520 536 C 500 510, 300 510, 280 536 C 256 568, 238 608, 196 608 C 148 608, 116 552, 132 468 C 148 386, 188 312, 262 292 Z";

function stick(cx: number, cy: number): string {
  return (
    circle(cx, cy, 38, 'fill="#11141a"') +
    circle(cx, cy, 28, 'fill="url(#ink)"') +
    circle(cx, cy, 20, 'fill="none" stroke="#4b5563" stroke-width="2"') +
    circle(cx - 6, cy - 8, 7, 'fill="#ffffff" opacity="0.15"')
  );
}

const controller: DeviceArt = {
  front(p) {
    const face = [
      [560, 366, "#facc15"],
      [596, 402, "#ef4444"],
      [524, 402, "#3b82f6"],
      [560, 438, "#22c55e"],
    ]
      .map(
        ([cx, cy, c]) =>
          circle(Number(cx), Number(cy), 16, `fill="${c}"`) +
          circle(Number(cx) - 4, Number(cy) - 5, 5, 'fill="#ffffff" opacity="0.4"'),
      )
      .join("");
    return (
      floorShadow(400, 620, 250, 14) +
      `<path d="${PAD_OUTLINE}" fill="url(#body)"/>` +
      `<path d="${PAD_OUTLINE}" fill="url(#shade)"/>` +
      `<path d="${PAD_OUTLINE}" fill="none" stroke="${p.lighter}" stroke-width="2.5" opacity="0.5"/>` +
      stick(244, 400) +
      stick(476, 480) +
      circle(324, 480, 40, `fill="${p.dark}" opacity="0.5"`) +
      rr(314, 450, 20, 60, 4, 'fill="#1a1e25"') +
      rr(294, 470, 60, 20, 4, 'fill="#1a1e25"') +
      circle(560, 402, 56, `fill="${p.dark}" opacity="0.4"`) +
      face +
      rr(356, 360, 24, 10, 5, `fill="${p.darker}"`) +
      rr(420, 360, 24, 10, 5, `fill="${p.darker}"`) +
      circle(400, 410, 15, `fill="${hsl(p.accentHue, 0.7, 0.55)}"`) +
      circle(400, 410, 15, 'fill="none" stroke="#ffffff" stroke-width="2" opacity="0.5"')
    );
  },
  back(p) {
    return (
      floorShadow(400, 620, 250, 14) +
      rr(188, 250, 120, 70, 30, 'fill="url(#ink)"') +
      rr(492, 250, 120, 70, 30, 'fill="url(#ink)"') +
      rr(176, 286, 150, 26, 13, `fill="${p.dark}"`) +
      rr(474, 286, 150, 26, 13, `fill="${p.dark}"`) +
      `<path d="${PAD_OUTLINE}" fill="url(#body)"/>` +
      `<path d="${PAD_OUTLINE}" fill="#000000" opacity="0.08"/>` +
      `<path d="${PAD_OUTLINE}" fill="url(#shade)"/>` +
      rr(382, 292, 36, 12, 6, 'fill="#0d1015"') +
      rr(196, 470, 26, 80, 13, `fill="${p.darker}"`) +
      rr(578, 470, 26, 80, 13, `fill="${p.darker}"`) +
      rr(340, 400, 120, 60, 10, `fill="${p.light}" opacity="0.6"`) +
      labelLines(356, 414, [70, 88, 56], "#4b5563", 12)
    );
  },
  pair: "stack",
  detail: { of: "front", x: 540, y: 420, zoom: 2 },
};

export { controller, keyboard, mouse, webcam };
