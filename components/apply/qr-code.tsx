import QRCode from "qrcode";
import { cn } from "@/lib/utils";

type QrCodeProps = {
  value: string;
  /** Accessible name, e.g. "QR code to continue on your phone". */
  label: string;
  /** Edge length in CSS pixels. */
  size?: number;
  className?: string;
};

/** Server-rendered QR code as inline SVG; no client JavaScript and nothing fetched. */
export async function QrCode({ value, label, size = 200, className }: QrCodeProps) {
  const svg = await QRCode.toString(value, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  // The figure carries the name; the SVG inside is decoration to assistive tech.
  const hidden = svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ');
  return (
    <figure
      role="img"
      aria-label={label}
      // Dark modules on white in both themes: scanners need the contrast, and the quiet zone is in the SVG.
      className={cn("m-0 inline-block shrink-0 bg-white [&>svg]:block [&>svg]:size-full", className)}
      style={{ width: size, height: size }}
      dangerouslySetInnerHTML={{ __html: hidden }}
    />
  );
}
