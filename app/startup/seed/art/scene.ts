/** Puts a device drawing on its studio background and composes the four gallery views. */
import { hsl, type Palette, sharedDefs } from "./palette";
import { circle, type DeviceArt } from "./shapes";

export const CANVAS = 800;

function place(content: string, dx: number, dy: number, scale: number, rotate = 0): string {
  return `<g transform="translate(${400 + dx} ${400 + dy}) rotate(${rotate}) scale(${scale}) translate(-400 -400)">${content}</g>`;
}

/** Soft gradient "studio" backdrop; the hue follows the category, the light moves per view. */
function backdrop(p: Palette, view: number): string {
  const h = p.backgroundHue;
  const light = [
    { cx: 0.5, cy: 0.38 },
    { cx: 0.3, cy: 0.3 },
    { cx: 0.7, cy: 0.35 },
    { cx: 0.5, cy: 0.5 },
  ][view]!;
  const spots = [
    circle(400, 380, 300, `fill="${hsl(h, 0.6, 0.95)}" opacity="0.7"`),
    circle(250, 260, 250, `fill="${hsl(h + 15, 0.6, 0.95)}" opacity="0.6"`),
    circle(560, 300, 230, `fill="${hsl(h - 15, 0.6, 0.95)}" opacity="0.6"`) +
      circle(230, 560, 170, `fill="${hsl(h + 20, 0.55, 0.9)}" opacity="0.5"`),
    circle(400, 400, 340, `fill="${hsl(h, 0.5, 0.93)}" opacity="0.5"`),
  ][view]!;
  return `<radialGradient id="bg" cx="${light.cx}" cy="${light.cy}" r="0.85">
  <stop offset="0" stop-color="${hsl(h, 0.55, 0.975)}"/><stop offset="0.6" stop-color="${hsl(h, 0.45, 0.9)}"/><stop offset="1" stop-color="${hsl(h + 10, 0.4, view === 3 ? 0.8 : 0.84)}"/>
</radialGradient>
<rect width="${CANVAS}" height="${CANVAS}" fill="url(#bg)"/>
${spots}
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${hsl(h, 0.35, 0.45)}" stop-opacity="0"/><stop offset="1" stop-color="${hsl(h, 0.35, 0.45)}" stop-opacity="0.12"/>
</linearGradient>
<rect y="520" width="${CANVAS}" height="280" fill="url(#floor)"/>`;
}

function viewContent(art: DeviceArt, p: Palette, view: number): string {
  switch (view) {
    case 0:
      return art.front(p);
    case 1:
      return art.back(p);
    case 2:
      return art.pair === "side"
        ? place(art.back(p), -112, -28, 0.76, -6) + place(art.front(p), 112, 22, 0.8, 4)
        : place(art.back(p), -40, -118, 0.7) + place(art.front(p), 40, 98, 0.74);
    default: {
      const { of, x, y, zoom } = art.detail;
      const drawing = of === "front" ? art.front(p) : art.back(p);
      return `<g transform="translate(400 400) scale(${zoom}) translate(${-x} ${-y})">${drawing}</g>`;
    }
  }
}

/** The full SVG document for one view (0 front, 1 back, 2 both, 3 close-up; larger views wrap). */
export function sceneSvg(art: DeviceArt, p: Palette, view: number): string {
  const v = ((Math.trunc(view) % 4) + 4) % 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}" viewBox="0 0 ${CANVAS} ${CANVAS}">
<defs>${sharedDefs(p)}</defs>
${backdrop(p, v)}
${viewContent(art, p, v)}
</svg>`;
}
