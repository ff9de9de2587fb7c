import { describe, expect, it } from "vitest";
import { looksLikeScreenshot, matchesScreen, metadataSaysScreenshot } from "@/lib/client/photo/screenshot";

const phone = { width: 412, height: 915, pixelRatio: 2.625 }; // a Pixel 7: 1081.5 x 2401.9 device pixels

describe("looksLikeScreenshot", () => {
  it("knows the names systems give screenshots", () => {
    for (const name of [
      "Screenshot_20261127-101500.png",
      "Screenshot 2026-11-27 at 10.15.00.png",
      "Screen Shot 2020-01-01 at 09.00.00.png",
      "Bildschirmfoto 2026-11-27 um 10.15.00.png",
      "Capture d’écran 2026-11-27.png",
      "屏幕截图 2026-11-27 101500.png",
    ])
      expect(looksLikeScreenshot({ name, size: { width: 1000, height: 800 } }), name).toBe(true);
  });

  it("leaves camera photos and scans alone", () => {
    const size = { width: 4032, height: 3024 };
    expect(looksLikeScreenshot({ name: "IMG_0042.jpg", size, screen: phone })).toBe(false);
    expect(looksLikeScreenshot({ name: "scan-passport.pdf.png", size: { width: 2480, height: 3508 }, screen: phone })).toBe(false);
  });

  it("reads the note iOS writes into a screenshot's metadata", () => {
    const xmp = new TextEncoder().encode('<exif:UserComment><rdf:Alt><rdf:li xml:lang="x-default">Screenshot</rdf:li>');
    expect(metadataSaysScreenshot(xmp)).toBe(true);
    expect(looksLikeScreenshot({ name: "IMG_0001.PNG", size: { width: 1179, height: 2556 }, head: xmp })).toBe(true);
    expect(metadataSaysScreenshot(new TextEncoder().encode("Exif\0\0MM Canon EOS"))).toBe(false);
  });

  it("matches a picture of exactly this device's screen, either way round", () => {
    expect(matchesScreen({ width: 1080, height: 2400 }, phone)).toBe(true);
    expect(matchesScreen({ width: 2402, height: 1082 }, phone)).toBe(true);
    expect(matchesScreen({ width: 1080, height: 2340 }, phone)).toBe(false);
    expect(
      looksLikeScreenshot({
        name: "IMG_0001.PNG",
        size: { width: 1280, height: 720 },
        screen: { width: 1280, height: 720, pixelRatio: 1 },
      }),
    ).toBe(true);
  });
});
