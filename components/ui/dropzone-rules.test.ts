import { describe, expect, it } from "vitest";
import { acceptedExtensions, checkFile, effectiveType, formatBytes } from "@/components/ui/dropzone-rules";

const accepted = ["image/jpeg", "image/png", "application/pdf"];
const max = 10 * 1024 * 1024;
const check = (name: string, size: number, type: string) => checkFile({ name, size, type }, max, accepted);

describe("checkFile", () => {
  it("accepts JPEG, PNG and PDF within the limit", () => {
    expect(check("passport.jpg", 2048, "image/jpeg")).toBeNull();
    expect(check("PASSPORT.JPEG", 2048, "image/jpeg")).toBeNull();
    expect(check("selfie.png", 2048, "image/png")).toBeNull();
    expect(check("bill.pdf", max, "application/pdf")).toBeNull();
  });

  it("rejects empty files first", () => {
    expect(check("empty.pdf", 0, "application/pdf")).toBe("empty");
    expect(check("empty.exe", 0, "application/x-msdownload")).toBe("empty");
  });

  it("rejects files over the limit before looking at the type", () => {
    expect(check("big.pdf", max + 1, "application/pdf")).toBe("tooLarge");
    expect(check("big.exe", max + 1, "application/x-msdownload")).toBe("tooLarge");
  });

  it("rejects types by MIME and by extension", () => {
    expect(check("photo.heic", 2048, "image/heic")).toBe("wrongType");
    expect(check("notes.txt", 2048, "text/plain")).toBe("wrongType");
    expect(check("renamed.txt", 2048, "application/pdf")).toBe("wrongType");
    expect(check("renamed.pdf", 2048, "text/html")).toBe("wrongType");
  });

  it("falls back to the extension when the MIME is missing, and to the MIME without an extension", () => {
    expect(check("camera.jpg", 2048, "")).toBeNull();
    expect(check("mystery", 2048, "")).toBe("wrongType");
    expect(check("scan", 2048, "application/pdf")).toBeNull();
    expect(check("old.jpg", 2048, "image/pjpeg")).toBeNull();
  });

  it("honours a narrower list of accepted types", () => {
    expect(checkFile({ name: "bill.pdf", size: 10, type: "application/pdf" }, max, ["image/jpeg"])).toBe("wrongType");
  });
});

describe("effectiveType and formatBytes", () => {
  it("guesses the type from the extension when none is reported", () => {
    expect(effectiveType({ name: "a.PNG", type: "" })).toBe("image/png");
    expect(effectiveType({ name: "a.pdf", type: "application/pdf" })).toBe("application/pdf");
  });

  it("formats sizes in KB and MB", () => {
    expect(formatBytes(10, "en")).toBe("1 KB");
    expect(formatBytes(820 * 1024, "en")).toBe("820 KB");
    expect(formatBytes(1.44 * 1024 * 1024, "en")).toBe("1.4 MB");
    expect(formatBytes(1.44 * 1024 * 1024, "de")).toBe("1,4 MB");
  });
});

describe("HEIC photos", () => {
  const withHeic = [...accepted, "image/heic", "image/heif"];
  it("are accepted by type or, when the browser gives none, by extension", () => {
    expect(checkFile({ name: "IMG_0042.HEIC", size: 2048, type: "image/heic" }, max, withHeic)).toBeNull();
    expect(checkFile({ name: "IMG_0042.HEIC", size: 2048, type: "" }, max, withHeic)).toBeNull();
    expect(checkFile({ name: "IMG_0042.heif", size: 2048, type: "" }, max, withHeic)).toBeNull();
    expect(checkFile({ name: "IMG_0042.HEIC", size: 2048, type: "" }, max, accepted)).toBe("wrongType");
  });

  it("add their extensions to the picker's accept list", () => {
    expect(acceptedExtensions(withHeic)).toEqual([".jpg", ".jpeg", ".png", ".pdf", ".heic", ".heif"]);
    expect(acceptedExtensions(["application/pdf"])).toEqual([".pdf"]);
  });
});
