import QRCode from "qrcode";

/** The QR code of a BR Code as a PNG in base64 (no data: prefix), drawn here rather than by a provider. */
export async function qrCodePngBase64(brCode: string): Promise<string> {
  const png = await QRCode.toBuffer(brCode, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    // A few pixels per module: a small PNG, quick to encode on every order; the page scales it
    // up without smoothing, so it stays sharp.
    scale: 4,
  });
  return png.toString("base64");
}
