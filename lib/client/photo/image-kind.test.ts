import { describe, expect, it } from "vitest";
import { hasHeifBrand, jpegName, pickedKind } from "@/lib/client/photo/image-kind";

const box = (brand: string) => new Uint8Array([0, 0, 0, 24, ...Buffer.from(`ftyp${brand}`), 0, 0, 0, 0]);

describe("pickedKind", () => {
  it("goes by the MIME type first", () => {
    expect(pickedKind({ name: "a.bin", type: "image/jpeg" })).toBe("jpeg");
    expect(pickedKind({ name: "scan", type: "application/pdf" })).toBe("pdf");
    expect(pickedKind({ name: "x.png", type: "image/heic" })).toBe("heic");
  });

  it("goes by the extension when the browser gives no MIME type (HEIC often has none)", () => {
    expect(pickedKind({ name: "IMG_0042.HEIC", type: "" })).toBe("heic");
    expect(pickedKind({ name: "IMG_0042.heif", type: "application/octet-stream" })).toBe("heic");
    expect(pickedKind({ name: "scan.PDF", type: "" })).toBe("pdf");
    expect(pickedKind({ name: "noextension", type: "" })).toBeNull();
  });

  it("refuses other types, whatever the name says", () => {
    expect(pickedKind({ name: "animation.gif", type: "image/gif" })).toBeNull();
    expect(pickedKind({ name: "photo.jpg", type: "image/gif" })).toBeNull();
    expect(pickedKind({ name: "photo.webp", type: "" })).toBeNull();
  });

  it("trusts HEIF bytes over the name or type (a renamed iPhone photo)", () => {
    expect(pickedKind({ name: "photo.jpg", type: "image/jpeg" }, box("heic"))).toBe("heic");
    expect(pickedKind({ name: "photo.jpg", type: "image/jpeg" }, box("avif"))).toBe("jpeg");
  });
});

describe("hasHeifBrand", () => {
  it("knows the HEIF brands and nothing else", () => {
    for (const brand of ["heic", "heix", "mif1", "msf1", "hevc"]) expect(hasHeifBrand(box(brand))).toBe(true);
    expect(hasHeifBrand(box("avif"))).toBe(false);
    expect(hasHeifBrand(box("isom"))).toBe(false);
    expect(hasHeifBrand(new Uint8Array([0xff, 0xd8, 0xff]))).toBe(false);
  });
});

describe("jpegName", () => {
  it("keeps the base name and says .jpg", () => {
    expect(jpegName("IMG_0042.HEIC")).toBe("IMG_0042.jpg");
    expect(jpegName("passport.png")).toBe("passport.jpg");
    expect(jpegName("C:\\photos\\id card.jpeg")).toBe("id card.jpg");
    expect(jpegName(".heic")).toBe("photo.jpg");
    expect(jpegName("scan")).toBe("scan.jpg");
  });
});
