/**
 * Building blocks for the demo product drawings. All drawings live on an 800 x 800 canvas,
 * centred on (400, 400), and return plain SVG fragments.
 */
import { type Palette } from "./palette";

/** How one device kind is drawn: front and back, and how the gallery views use them. */
export interface DeviceArt {
  front(p: Palette): string;
  back(p: Palette): string;
  /** View 2 shows back and front together: side by side (tall devices) or stacked (wide ones). */
  pair: "side" | "stack";
  /** View 3 is a close-up: zoom into (x, y) of the front or back drawing. */
  detail: { of: "front" | "back"; x: number; y: number; zoom: number };
}

const n = (value: number): string => String(Math.round(value * 10) / 10);

/** A rounded rectangle; `attrs` is the rest of the element (fill, stroke, opacity...). */
export function rr(x: number, y: number, w: number, h: number, r: number, attrs: string): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" ${attrs}/>`;
}

export function circle(cx: number, cy: number, r: number, attrs: string): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${attrs}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, attrs: string): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" ${attrs}/>`;
}

/** Soft contact shadow on the "floor" under a device. */
export function floorShadow(cx: number, cy: number, rx: number, ry = 14, opacity = 0.32): string {
  return (
    ellipse(
      cx,
      cy + 4,
      rx * 1.05,
      ry * 1.6,
      `fill="#0b1020" opacity="${opacity * 0.55}" filter="url(#blur)"`,
    ) + ellipse(cx, cy, rx * 0.8, ry * 0.55, `fill="#0b1020" opacity="${opacity}" filter="url(#blurSm)"`)
  );
}

/**
 * A rounded slab with visible depth: the rectangle is repeated towards (dx, dy) in the side
 * colour, then the face is drawn on top.
 */
export function slab(
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  dx: number,
  dy: number,
  side: string,
  face: string,
): string {
  const steps = Math.max(1, Math.ceil(Math.max(Math.abs(dx), Math.abs(dy)) / 2.5));
  let out = "";
  for (let i = steps; i >= 1; i--)
    out += rr(x + (dx * i) / steps, y + (dy * i) / steps, w, h, r, `fill="${side}"`);
  return out + rr(x, y, w, h, r, `fill="${face}"`);
}

/** A device screen: wallpaper gradient with soft abstract shapes and a glass glare. */
export function wallpaper(x: number, y: number, w: number, h: number, r: number): string {
  const id = `clip-${Math.round(x)}-${Math.round(y)}-${Math.round(w)}-${Math.round(h)}`;
  const s = Math.min(w, h);
  return `<clipPath id="${id}">${rr(x, y, w, h, r, "")}</clipPath>
${rr(x, y, w, h, r, 'fill="url(#screen)"')}
<g clip-path="url(#${id})">
  ${circle(x + w * 0.82, y + h * 0.18, s * 0.55, 'fill="#ffffff" opacity="0.16"')}
  ${circle(x + w * 0.1, y + h * 0.95, s * 0.5, 'fill="#000000" opacity="0.14"')}
  <path d="M${n(x)} ${n(y + h * 0.62)} C ${n(x + w * 0.3)} ${n(y + h * 0.48)}, ${n(x + w * 0.6)} ${n(y + h * 0.8)}, ${n(x + w)} ${n(y + h * 0.6)} L ${n(x + w)} ${n(y + h)} L ${n(x)} ${n(y + h)} Z" fill="#ffffff" opacity="0.12"/>
  <path d="M${n(x)} ${n(y)} L ${n(x + w * 0.55)} ${n(y)} L ${n(x)} ${n(y + h * 0.55)} Z" fill="url(#glare)"/>
</g>`;
}

/** A camera lens: housing ring, glass and a highlight. */
export function lens(cx: number, cy: number, r: number, ring: string): string {
  return (
    circle(cx, cy, r, `fill="${ring}"`) +
    circle(cx, cy, r * 0.78, 'fill="#0a0d14"') +
    circle(cx, cy, r * 0.6, 'fill="url(#lens)"') +
    circle(cx - r * 0.22, cy - r * 0.22, r * 0.14, 'fill="#ffffff" opacity="0.55"')
  );
}

/** Placeholder "text lines" on a label (no fonts needed). */
export function labelLines(x: number, y: number, widths: number[], color: string, gap = 14): string {
  return widths.map((w, i) => rr(x, y + i * gap, w, 6, 3, `fill="${color}" opacity="0.55"`)).join("");
}

/** Scales a drawing about the canvas centre (to fine-tune how much of the frame it fills). */
export function scaled(scale: number, content: string, dx = 0, dy = 0): string {
  return `<g transform="translate(${400 + dx} ${400 + dy}) scale(${scale}) translate(-400 -400)">${content}</g>`;
}

export { n as num };
