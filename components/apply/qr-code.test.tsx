import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QrCode } from "@/components/apply/qr-code";

describe("QrCode", () => {
  it("renders a named figure around an inline SVG hidden from assistive tech", async () => {
    const html = renderToStaticMarkup(
      await QrCode({ value: "https://portal.test/apply/continue?t=abc", label: "Scan to continue", size: 160 }),
    );
    expect(html).toMatch(/^<figure role="img" aria-label="Scan to continue"/);
    expect(html).toContain("width:160px");
    expect(html).toContain('<svg aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg"');
    expect(html).toContain('viewBox="0 0 ');
  });
});
