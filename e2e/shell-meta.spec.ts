import { expect, test } from "./support/test";

test.describe("the portal's icons, manifest and social preview", () => {
  test("the head links a favicon, an apple icon, a web manifest and a social preview, and each is served", async ({ page, request }) => {
    await page.goto("/");
    const head = page.locator("head");
    const href = async (selector: string) => (await head.locator(selector).first().getAttribute("href")) ?? "";
    const links = {
      favicon: await href('link[rel="icon"][href*="favicon.ico"]'),
      svg: await href('link[rel="icon"][type="image/svg+xml"]'),
      apple: await href('link[rel="apple-touch-icon"]'),
      manifest: await href('link[rel="manifest"]'),
    };
    const ogImage = (await head.locator('meta[property="og:image"]').getAttribute("content")) ?? "";
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", "Card portal");
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    // The preview image is absolute, on the portal's own origin (APP_URL), as link previews need.
    expect(new URL(ogImage).pathname).toBe("/og-image.png");

    const types: Array<[string, RegExp]> = [
      [links.favicon, /image\/(x-icon|vnd\.microsoft\.icon)/],
      [links.svg, /image\/svg\+xml/],
      [links.apple, /image\/png/],
      [new URL(ogImage).pathname, /image\/png/],
    ];
    for (const [url, type] of types) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["content-type"], url).toMatch(type);
    }
    const manifest = (await (await request.get(links.manifest)).json()) as {
      start_url: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(manifest.start_url).toBe("/");
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  });

  test("the focus ring is drawn in the focus colour, 3 px wide, outside the focused control", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { color: style.outlineColor, width: style.outlineWidth, style: style.outlineStyle };
    });
    // #b45309: 3:1 or more against every light background (app/globals.test.ts checks the pairs).
    expect(ring).toEqual({ color: "rgb(180, 83, 9)", width: "3px", style: "solid" });
  });
});
