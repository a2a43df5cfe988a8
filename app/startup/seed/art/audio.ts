/** Headphones, earbuds, portable speakers and soundbars. */
import { type Palette } from "./palette";
import { circle, type DeviceArt, ellipse, floorShadow, rr, scaled } from "./shapes";

const CUSHION = "#1c2028";

// --- Headphones ----------------------------------------------------------------------------
function band(d: string, p: Palette): string {
  return (
    `<path d="${d}" fill="none" stroke="${p.darker}" stroke-width="36" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${p.base}" stroke-width="28" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${p.lighter}" stroke-width="6" stroke-linecap="round" opacity="0.55" transform="translate(0 -7)"/>`
  );
}

function frontCup(cx: number, cy: number, side: 1 | -1, p: Palette): string {
  return (
    ellipse(cx + side * 34, cy, 50, 94, `fill="${CUSHION}"`) +
    ellipse(cx + side * 38, cy, 30, 74, 'fill="#2c323d"') +
    ellipse(cx, cy, 70, 104, 'fill="url(#body)"') +
    ellipse(cx - side * 6, cy, 52, 82, `fill="${p.light}" opacity="0.35"`) +
    ellipse(cx - side * 6, cy, 52, 82, `fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.6"`)
  );
}

const headphones: DeviceArt = {
  front(p) {
    const arch = "M262 392 C 262 150, 538 150, 538 392";
    return (
      floorShadow(400, 606, 200, 14) +
      band(arch, p) +
      `<path d="M286 380 C 290 200, 510 200, 514 380" fill="none" stroke="${CUSHION}" stroke-width="14" stroke-linecap="round" opacity="0.85"/>` +
      rr(249, 350, 18, 70, 6, 'fill="url(#metal)"') +
      rr(533, 350, 18, 70, 6, 'fill="url(#metal)"') +
      frontCup(258, 480, 1, p) +
      frontCup(542, 480, -1, p) +
      circle(252, 560, 5, 'fill="#34d399"')
    );
  },
  back(p) {
    return (
      floorShadow(400, 614, 190, 14) +
      circle(292, 420, 92, `fill="${CUSHION}"`) +
      circle(284, 420, 84, 'fill="url(#body)"') +
      circle(284, 420, 84, 'fill="#000000" opacity="0.35"') +
      band("M300 330 C 300 150, 460 130, 458 322", p) +
      rr(448, 300, 20, 60, 6, 'fill="url(#metal)"') +
      circle(468, 476, 132, `fill="${CUSHION}"`) +
      circle(456, 470, 126, 'fill="url(#body)"') +
      circle(456, 470, 90, `fill="${p.light}" opacity="0.35"`) +
      circle(456, 470, 90, `fill="none" stroke="${p.lighter}" stroke-width="3" opacity="0.7"`) +
      circle(456, 470, 22, `fill="none" stroke="${p.detail}" stroke-width="5" opacity="0.75"`) +
      circle(410, 424, 40, 'fill="#ffffff" opacity="0.12"') +
      rr(560, 530, 16, 26, 6, 'fill="#0d1015"')
    );
  },
  pair: "side",
  detail: { of: "back", x: 440, y: 440, zoom: 1.75 },
};

// --- Earbuds -------------------------------------------------------------------------------
function bud(cx: number, cy: number, angle: number, p: Palette): string {
  return `<g transform="translate(${cx} ${cy}) rotate(${angle})">
${rr(-14, 0, 28, 118, 14, 'fill="url(#bodyH)"')}
${rr(-9, 104, 18, 8, 4, 'fill="url(#metal)"')}
${ellipse(-30, -8, 24, 28, `fill="${CUSHION}"`)}
${circle(0, 0, 44, 'fill="url(#body)"')}
${circle(6, -4, 18, `fill="${p.dark}" opacity="0.35"`)}
${circle(-12, -16, 10, 'fill="#ffffff" opacity="0.35"')}
</g>`;
}

const earbuds: DeviceArt = {
  front(p) {
    return scaled(
      1.2,
      floorShadow(400, 590, 170, 14) +
        rr(262, 214, 276, 170, 70, 'fill="url(#body)"') +
        rr(276, 228, 248, 146, 58, `fill="${p.dark}"`) +
        rr(276, 228, 248, 146, 58, 'fill="url(#shade)"') +
        rr(272, 372, 256, 44, 22, `fill="${p.darker}"`) +
        bud(345, 380, 10, p) +
        bud(455, 380, -10, p) +
        rr(252, 398, 296, 186, 74, 'fill="url(#body)"') +
        rr(252, 398, 296, 186, 74, 'fill="url(#shade)"') +
        `<path d="M262 420 L 538 420" stroke="${p.lighter}" stroke-width="2" opacity="0.6"/>` +
        circle(400, 470, 6, 'fill="#4ade80"') +
        rr(380, 578, 40, 8, 3, 'fill="#0d1015" opacity="0.8"'),
      0,
      -10,
    );
  },
  back(p) {
    return scaled(
      1.12,
      floorShadow(400, 632, 230, 14) +
        rr(250, 170, 300, 230, 96, 'fill="url(#body)"') +
        rr(250, 170, 300, 230, 96, 'fill="url(#shade)"') +
        `<path d="M256 250 L 544 250" stroke="${p.darker}" stroke-width="3" opacity="0.7"/>` +
        circle(400, 300, 6, 'fill="#4ade80"') +
        ellipse(350, 204, 60, 16, 'fill="#ffffff" opacity="0.2"') +
        bud(318, 468, 24, p) +
        bud(494, 462, -28, p),
      0,
      -12,
    );
  },
  pair: "side",
  detail: { of: "front", x: 400, y: 380, zoom: 1.8 },
};

// --- Speaker -------------------------------------------------------------------------------
function speakerBody(p: Palette): string {
  const buttons = [0, 1, 2, 3].map((i) => rr(318 + i * 44, 290, 32, 14, 6, `fill="${p.darker}"`)).join("");
  return (
    floorShadow(400, 528, 240, 14) +
    rr(210, 500, 60, 16, 8, 'fill="#16191f"') +
    rr(530, 500, 60, 16, 8, 'fill="#16191f"') +
    buttons +
    rr(150, 298, 500, 214, 107, 'fill="url(#bodyV)"') +
    rr(150, 298, 500, 214, 107, 'fill="url(#grille)"') +
    rr(196, 298, 16, 214, 8, `fill="${p.darker}"`) +
    rr(588, 298, 16, 214, 8, `fill="${p.darker}"`) +
    rr(150, 298, 500, 214, 107, 'fill="url(#shade)"') +
    `<path d="M640 350 C 700 350, 700 460, 640 460" fill="none" stroke="${p.darker}" stroke-width="12" stroke-linecap="round"/>`
  );
}

const speaker: DeviceArt = {
  front(p) {
    return (
      speakerBody(p) +
      rr(350, 382, 100, 44, 22, `fill="${p.darker}"`) +
      rr(358, 390, 84, 28, 14, `fill="${p.lighter}" opacity="0.85"`) +
      rr(372, 400, 56, 8, 4, `fill="${p.darker}" opacity="0.7"`)
    );
  },
  back(p) {
    return (
      speakerBody(p) +
      rr(344, 360, 112, 90, 24, `fill="${p.darker}"`) +
      rr(352, 368, 96, 74, 20, `fill="${p.dark}"`) +
      rr(368, 398, 36, 14, 7, 'fill="#0b0d12"') +
      circle(424, 405, 9, 'fill="#0b0d12"') +
      circle(384, 380, 3.5, 'fill="#fbbf24"')
    );
  },
  pair: "stack",
  detail: { of: "back", x: 400, y: 390, zoom: 2.1 },
};

// --- Soundbar ------------------------------------------------------------------------------
const soundbar: DeviceArt = {
  front(p) {
    return (
      floorShadow(450, 578, 270, 14) +
      rr(470, 196, 210, 384, 26, `fill="${p.darker}"`) +
      rr(462, 190, 200, 384, 24, 'fill="url(#body)"') +
      rr(480, 214, 164, 336, 16, 'fill="url(#grille)"') +
      circle(562, 470, 58, `fill="${p.darker}" opacity="0.5"`) +
      circle(562, 470, 40, 'fill="#0c0e13" opacity="0.85"') +
      rr(100, 560, 40, 10, 5, 'fill="#111318"') +
      rr(500, 560, 40, 10, 5, 'fill="#111318"') +
      rr(80, 468, 520, 96, 40, 'fill="url(#bodyV)"') +
      rr(80, 468, 520, 96, 40, 'fill="url(#grille)"') +
      rr(80, 468, 520, 96, 40, 'fill="url(#shade)"') +
      rr(80, 468, 520, 96, 40, `fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.4"`) +
      rr(310, 530, 60, 12, 6, 'fill="#0a0c10"') +
      circle(326, 536, 3, 'fill="#38bdf8"')
    );
  },
  back(p) {
    const ports = [
      rr(270, 392, 46, 20, 4, 'fill="#0a0c10" stroke="#5b6270" stroke-width="2"'),
      rr(330, 392, 46, 20, 4, 'fill="#0a0c10" stroke="#5b6270" stroke-width="2"'),
      rr(394, 390, 26, 24, 5, 'fill="#0a0c10" stroke="#5b6270" stroke-width="2"'),
      rr(436, 394, 30, 16, 8, 'fill="#0a0c10" stroke="#5b6270" stroke-width="2"'),
      circle(500, 402, 13, 'fill="#0a0c10" stroke="#5b6270" stroke-width="2"'),
    ].join("");
    return (
      floorShadow(400, 470, 300, 14) +
      rr(70, 350, 660, 110, 44, 'fill="url(#bodyV)"') +
      rr(70, 350, 660, 110, 44, 'fill="url(#shade)"') +
      rr(240, 372, 300, 66, 14, `fill="${p.darker}"`) +
      ports +
      circle(150, 405, 9, 'fill="#0a0c10"') +
      circle(650, 405, 9, 'fill="#0a0c10"') +
      floorShadow(576, 676, 70, 8, 0.25) +
      `<g transform="rotate(-16 560 590)">${rr(528, 512, 64, 170, 28, 'fill="url(#ink)"')}${circle(560, 548, 16, 'fill="#3a404b"')}${circle(560, 548, 6, 'fill="#ef4444"')}${[0, 1, 2, 3, 4, 5].map((i) => circle(546 + (i % 2) * 28, 592 + Math.floor(i / 2) * 26, 7, 'fill="#4b5260"')).join("")}</g>`
    );
  },
  pair: "stack",
  detail: { of: "back", x: 400, y: 420, zoom: 2 },
};

export { earbuds, headphones, soundbar, speaker };
