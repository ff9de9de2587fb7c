// `node scripts/icons.mjs`: renders public/icon.svg into the PNG icons, the favicon and the social preview
// image in public/ with the same Chromium the e2e suite uses. Run it after changing the icon; commit the output.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { findBrowser } from "./find-browser.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const out = (name) => path.join(root, "public", name);
const svg = readFileSync(out("icon.svg"), "utf8");

const browser = await chromium.launch({ executablePath: await findBrowser(), args: ["--no-sandbox"] });
const page = await browser.newPage();

async function render(html, width, height) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<style>html,body{margin:0}</style>${html}`);
  return page.screenshot({ type: "png", omitBackground: true });
}

const icon = (size) => render(svg.replace("<svg ", `<svg width="${size}" height="${size}" `), size, size);
for (const size of [192, 512]) writeFileSync(out(`icon-${size}.png`), await icon(size));
writeFileSync(out("apple-touch-icon.png"), await icon(180));

// A .ico file may hold PNG images: a 6-byte header, one 16-byte entry per image, then the images.
const images = [await icon(16), await icon(32), await icon(48)];
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((png, i) => {
  const size = [16, 32, 48][i];
  const at = 6 + 16 * i;
  header.writeUInt8(size, at);
  header.writeUInt8(size, at + 1);
  header.writeUInt16LE(1, at + 4);
  header.writeUInt16LE(32, at + 6);
  header.writeUInt32LE(png.length, at + 8);
  header.writeUInt32LE(offset, at + 12);
  offset += png.length;
});
writeFileSync(out("favicon.ico"), Buffer.concat([header, ...images]));

// The social preview (Open Graph, 1200x630): the icon and the product's name, no text that needs translating.
const og = `<div style="width:1200px;height:630px;display:flex;align-items:center;gap:56px;padding:0 120px;box-sizing:border-box;background:#f6f7f9;font:600 64px system-ui,sans-serif;color:#14181f">
  ${svg.replace("<svg ", '<svg width="220" height="220" ')}<div>Card portal</div></div>`;
writeFileSync(out("og-image.png"), await render(og, 1200, 630));
await browser.close();
console.log("[icons] wrote public/icon-192.png, icon-512.png, apple-touch-icon.png, favicon.ico, og-image.png");
