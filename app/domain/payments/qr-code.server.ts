import QRCode from "qrcode";

/** The QR code of a BR Code as a PNG in base64 (no data: prefix), drawn here rather than by a provider. */
export async function qrCodePngBase64(brCode: string): Promise<string> {
  const png = await QRCode.toBuffer(brCode, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    // Two pixels per module: a small PNG (about 2.5 KB, it travels in the payment page's URL),
    // quick to encode on every order (about 2 ms, a third of a 320-pixel image); the page scales
    // it up without smoothing, so it stays sharp.
    scale: 2,
  });
  return png.toString("base64");
}
