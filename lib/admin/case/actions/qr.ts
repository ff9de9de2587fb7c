import "server-only";
import QRCode from "qrcode";

/** A QR code of `text` as SVG, drawn on the server; shown as an image (a data URL), never as inserted markup. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
