import { describe, expect, it } from "vitest";
import { safeUploadName } from "@/lib/files/names";

describe("safeUploadName", () => {
  it("keeps the base name, with the extension of the proven type", () => {
    expect(safeUploadName("passport.png", "png")).toBe("passport.png");
    expect(safeUploadName("scan.JPEG", "jpg")).toBe("scan.jpg");
    expect(safeUploadName("report.pdf.exe", "pdf")).toBe("report.pdf.pdf");
    expect(safeUploadName("photo", "jpg")).toBe("photo.jpg");
  });

  it("drops folders, path tricks and control or markup characters", () => {
    expect(safeUploadName("../../etc/passwd.png", "png")).toBe("passwd.png");
    expect(safeUploadName("C:\\Users\\ada\\id card.png", "png")).toBe("id card.png");
    expect(safeUploadName('a<script>"x".png', "png")).toBe("a_script_x.png");
    expect(safeUploadName("evil\u0000\r\nname.pdf", "pdf")).toBe("evil_name.pdf");
    expect(safeUploadName(".htaccess", "png")).toBe("htaccess.png");
    expect(safeUploadName("...", "png")).toBe("document.png");
  });

  it("keeps letters of any script and cuts long names", () => {
    expect(safeUploadName("护照 扫描.png", "png")).toBe("护照 扫描.png");
    expect(safeUploadName(`${"a".repeat(300)}.png`, "png")).toBe(`${"a".repeat(80)}.png`);
  });
});
