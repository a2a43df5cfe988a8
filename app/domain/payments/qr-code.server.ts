import QRCode from "qrcode";

/** The QR code of a BR Code as a PNG in base64 (no data: prefix), drawn here rather than by a provider. */
export async function qrCodePngBase64(brCode: string): Promise<string> {
  // One byte-mode segment: letting the library search for the shortest mix of modes costs more
  // than the image itself, to save one size step.
  const png = await QRCode.toBuffer([{ data: Buffer.from(brCode, "utf8"), mode: "byte" }], {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    // One pixel per module: a PNG of about 2 KB (it travels in the payment page's URL), drawn in
    // about 2 ms on every order (a 320-pixel image took 6 ms); the page scales it up without
    // smoothing, so it stays sharp.
    scale: 1,
  });
  return png.toString("base64");
}
