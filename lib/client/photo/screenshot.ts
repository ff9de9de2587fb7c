// Pure: whether a picture is probably a screenshot (a photo of a screen, or of a document shown on one, is not what
// the identity check needs). Only what the source can tell: the name phones and desktops give screenshots, the
// "Screenshot" note iOS writes into its PNGs' metadata, or pixels exactly this device's screen. It is a warning,
// never a refusal: a scan named "screenshot" is still a scan.

import type { Size } from "@/lib/client/photo/photo-limits";

export type Screen = { width: number; height: number; pixelRatio: number };

// Android "Screenshot_20261127-101500.png", macOS/Windows "Screenshot 2026-11-27 at 10.15.00.png", older macOS
// "Screen Shot …", German "Bildschirmfoto …", French "Capture d'écran …", Chinese and Japanese system names.
const SCREENSHOT_NAME = /screen[ _-]?shot|screen[ _-]?capture|bildschirmfoto|capture d.[ée]cran|截屏|截图|屏幕快照|スクリーンショット/i;
const METADATA_NOTE = "Screenshot";

/** True when the file's first bytes (its metadata) carry the word "Screenshot", as iOS's XMP UserComment does. */
export function metadataSaysScreenshot(head: Uint8Array): boolean {
  const text = new TextDecoder("latin1").decode(head);
  return text.includes(METADATA_NOTE);
}

/** True when the picture is exactly the screen of this device in device pixels (either orientation, 2 px slack). */
export function matchesScreen(size: Size, screen: Screen): boolean {
  const w = Math.round(screen.width * screen.pixelRatio);
  const h = Math.round(screen.height * screen.pixelRatio);
  const near = (a: number, b: number) => Math.abs(a - b) <= 2;
  return (near(size.width, w) && near(size.height, h)) || (near(size.width, h) && near(size.height, w));
}

export function looksLikeScreenshot(clues: { name: string; size: Size; head?: Uint8Array; screen?: Screen }): boolean {
  if (SCREENSHOT_NAME.test(clues.name)) return true;
  if (clues.head && metadataSaysScreenshot(clues.head)) return true;
  return clues.screen !== undefined && matchesScreen(clues.size, clues.screen);
}
