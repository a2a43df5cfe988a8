import sharp from "sharp";
import { cable, charger, powerbank, router, ssd } from "./art/accessories";
import { earbuds, headphones, soundbar, speaker } from "./art/audio";
import { laptop, monitor } from "./art/computers";
import { phone, tablet, watch } from "./art/handhelds";
import { paletteFor } from "./art/palette";
import { controller, keyboard, mouse, webcam } from "./art/peripherals";
import { sceneSvg } from "./art/scene";
import { type DeviceArt } from "./art/shapes";
import { type DemoProduct, type DeviceKind } from "./demo-catalog";

/** Side of the square product images, in pixels. */
export const PRODUCT_ART_SIZE = 800;

const WEBP_QUALITY = 78;

const ART: Record<DeviceKind, DeviceArt> = {
  phone,
  tablet,
  watch,
  laptop,
  monitor,
  headphones,
  earbuds,
  speaker,
  soundbar,
  keyboard,
  mouse,
  webcam,
  controller,
  charger,
  cable,
  powerbank,
  ssd,
  router,
};

/**
 * Draws a demo product picture as WebP: the device in its colour on a soft backdrop tinted by
 * its category. View 0 is the main (front) image; 1 shows the back, 2 back and front together,
 * 3 a close-up. Only shapes are drawn (no text, no fonts, no network), and the same product and
 * view always give the same bytes.
 */
export async function renderProductArt(product: DemoProduct, view: number): Promise<Buffer> {
  const svg = sceneSvg(ART[product.device], paletteFor(product.color, product.category), view);
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY }).toBuffer();
}
