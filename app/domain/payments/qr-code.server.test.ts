import fc from "fast-check";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { buildBrCode } from "./br-code";
import { qrCodeModules, qrCodePngBase64 } from "./qr-code.server";

const SCALE = 4;

/** What a phone's camera reads from the image, shown enlarged as the payment page shows it. */
function scan(pngBase64: string): string | undefined {
  const image = PNG.sync.read(Buffer.from(pngBase64, "base64"));
  const side = image.width * SCALE;
  const rgba = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const source = (Math.floor(y / SCALE) * image.width + Math.floor(x / SCALE)) * 4;
      rgba.set(image.data.subarray(source, source + 4), (y * side + x) * 4);
    }
  }
  return jsQR(rgba, side, side)?.data;
}

describe("qrCodePngBase64", () => {
  it("draws a PNG that a QR reader reads back as the BR Code", () => {
    for (const amountCents of [1, 19_990, 123_456_789]) {
      const brCode = buildBrCode({
        pixKey: "loja@vitrine.com.br",
        merchantName: "Vitrine Informática",
        merchantCity: "São Paulo",
        amountCents,
        txid: `pedido${amountCents}`,
        oneTime: true,
      });
      expect(scan(qrCodePngBase64(brCode))).toBe(brCode);
    }
  });

  it("draws the library's own symbol, the mask of lowest penalty included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 300 }), (text) => {
        const library = QRCode.create([{ data: Buffer.from(text, "utf8"), mode: "byte" }], {
          errorCorrectionLevel: "M",
        });
        const drawn = qrCodeModules(text);
        expect(drawn.size).toBe(library.modules.size);
        expect(Buffer.from(drawn.modules).equals(Buffer.from(library.modules.data))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
