import { describe, expect, it } from "vitest";
import { classifyUpload, detectFileType, extensionOf } from "@/lib/files/detect";

const MIB = 1024 * 1024;
const MAX = 10 * MIB;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const PDF = new TextEncoder().encode("%PDF-1.7\n%\xe2\xe3\n");
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0, 0x03, 0, 0, 0]); // "MZ" header
const TEXT = new TextEncoder().encode("hello world");

/** A buffer of `size` bytes that starts with `head` (the rest zeros). */
function sized(head: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(head.subarray(0, Math.min(head.length, size)));
  return out;
}

describe("detectFileType", () => {
  it("recognises JPEG, PNG and PDF by their magic bytes", () => {
    expect(detectFileType(JPEG)).toEqual({ ext: "jpg", mime: "image/jpeg" });
    expect(detectFileType(PNG)).toEqual({ ext: "png", mime: "image/png" });
    expect(detectFileType(PDF)).toEqual({ ext: "pdf", mime: "application/pdf" });
  });

  it("recognises the bare signatures with nothing after them", () => {
    expect(detectFileType(JPEG.subarray(0, 3))?.ext).toBe("jpg");
    expect(detectFileType(PNG.subarray(0, 8))?.ext).toBe("png");
    expect(detectFileType(new TextEncoder().encode("%PDF-"))?.ext).toBe("pdf");
  });

  it("answers undefined for other types, truncated signatures and empty input", () => {
    for (const bytes of [GIF, EXE, TEXT, new Uint8Array(0), JPEG.subarray(0, 2), PNG.subarray(0, 7), new TextEncoder().encode("%PDF")]) {
      expect(detectFileType(bytes)).toBeUndefined();
    }
  });

  it("needs the signature at the start, not somewhere inside", () => {
    const shifted = new Uint8Array(PNG.length + 1);
    shifted.set(PNG, 1);
    expect(detectFileType(shifted)).toBeUndefined();
  });
});

describe("extensionOf", () => {
  it("takes the lower-cased last extension of the base name", () => {
    expect(extensionOf("photo.PNG")).toBe("png");
    expect(extensionOf("archive.tar.gz")).toBe("gz");
    expect(extensionOf("C:\\docs\\scan.Pdf")).toBe("pdf");
    expect(extensionOf("dir.png/photo")).toBe("");
    expect(extensionOf("photo")).toBe("");
    expect(extensionOf("photo.")).toBe("");
  });
});

describe("classifyUpload", () => {
  it("accepts each allowed type under its own extension, .jpeg and .jpg alike, any case", () => {
    expect(classifyUpload("a.png", PNG, MAX)).toEqual({ ok: true, mime: "image/png", ext: "png" });
    expect(classifyUpload("a.jpg", JPEG, MAX)).toEqual({ ok: true, mime: "image/jpeg", ext: "jpg" });
    expect(classifyUpload("a.JPEG", JPEG, MAX)).toEqual({ ok: true, mime: "image/jpeg", ext: "jpg" });
    expect(classifyUpload("a.Pdf", PDF, MAX)).toEqual({ ok: true, mime: "application/pdf", ext: "pdf" });
  });

  it("lets the bytes decide when the name has no extension or one outside the list", () => {
    expect(classifyUpload("scan", PDF, MAX)).toMatchObject({ ok: true, mime: "application/pdf" });
    expect(classifyUpload("photo.bin", PNG, MAX)).toMatchObject({ ok: true, mime: "image/png" });
    expect(classifyUpload("", JPEG, MAX)).toMatchObject({ ok: true, mime: "image/jpeg" });
  });

  it("refuses an empty file with FILE_EMPTY before anything else", () => {
    const r = classifyUpload("photo.gif", new Uint8Array(0), MAX);
    expect(r).toMatchObject({ ok: false, code: "FILE_EMPTY" });
  });

  it("accepts exactly 10 MiB and refuses 10 MiB + 1 byte with FILE_TOO_LARGE", () => {
    expect(classifyUpload("big.png", sized(PNG, MAX), MAX)).toMatchObject({ ok: true, mime: "image/png" });
    const r = classifyUpload("big.png", sized(PNG, MAX + 1), MAX);
    expect(r).toMatchObject({ ok: false, code: "FILE_TOO_LARGE" });
    if (!r.ok) expect(r.message).toContain(String(MAX));
  });

  it("checks the size before the type", () => {
    expect(classifyUpload("big.gif", sized(GIF, 11), 10)).toMatchObject({ ok: false, code: "FILE_TOO_LARGE" });
  });

  it("calls unknown bytes under an allowed extension a disguise (FILE_CONTENT_MISMATCH)", () => {
    for (const name of ["photo.png", "photo.jpg", "photo.JPEG", "doc.pdf"]) {
      expect(classifyUpload(name, EXE, MAX)).toMatchObject({ ok: false, code: "FILE_CONTENT_MISMATCH" });
    }
  });

  it("refuses unknown bytes under another or no extension with FILE_TYPE_NOT_ALLOWED", () => {
    expect(classifyUpload("anim.gif", GIF, MAX)).toMatchObject({ ok: false, code: "FILE_TYPE_NOT_ALLOWED" });
    expect(classifyUpload("notes.txt", TEXT, MAX)).toMatchObject({ ok: false, code: "FILE_TYPE_NOT_ALLOWED" });
    expect(classifyUpload("setup", EXE, MAX)).toMatchObject({ ok: false, code: "FILE_TYPE_NOT_ALLOWED" });
  });

  it("refuses recognised bytes named as a different allowed type with FILE_CONTENT_MISMATCH", () => {
    expect(classifyUpload("photo.jpg", PNG, MAX)).toMatchObject({ ok: false, code: "FILE_CONTENT_MISMATCH" });
    expect(classifyUpload("photo.jpeg", PNG, MAX)).toMatchObject({ ok: false, code: "FILE_CONTENT_MISMATCH" });
    expect(classifyUpload("photo.png", PDF, MAX)).toMatchObject({ ok: false, code: "FILE_CONTENT_MISMATCH" });
    expect(classifyUpload("doc.pdf", JPEG, MAX)).toMatchObject({ ok: false, code: "FILE_CONTENT_MISMATCH" });
  });

  it("explains every refusal in a sentence", () => {
    const refusals = [
      classifyUpload("a.png", new Uint8Array(0), MAX),
      classifyUpload("a.png", sized(PNG, 11), 10),
      classifyUpload("a.png", EXE, MAX),
      classifyUpload("a.gif", GIF, MAX),
      classifyUpload("a.jpg", PNG, MAX),
    ];
    for (const r of refusals) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/^[A-Z].{15,}\.$/);
    }
  });
});
