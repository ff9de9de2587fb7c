import { expect, type Page, type Request } from "@playwright/test";
import { multipartFile, withExif } from "./images";

// The document photo in the browser: a camera JPEG made at test time, and what the page sent for it.

export const picker = (page: Page) => page.locator('input[type="file"]:not([capture])').first();
export const camera = (page: Page) => page.locator('input[type="file"][capture]').first();
export const isDocumentUpload = (r: Request) => r.method() === "POST" && /\/api\/applications\/[^/]+\/documents$/.test(r.url());

/**
 * A 4000 x 3000 camera JPEG (quality 0.95, detailed: colour grain over a coarse pattern) drawn in the page, then given an
 * EXIF APP1 in Node: Orientation 6 (turn 90° clockwise to show it) and a GPS position. A red square marks the
 * top-left corner of its stored pixels, which is the top-right corner of the upright picture.
 */
export async function cameraJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const [w, h] = [4000, 3000];
    const canvas = new OffscreenCanvas(w, h);
    const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
    const image = context.createImageData(w, h);
    let seed = 7;
    for (let i = 0; i < w * h; i++) {
      const x = i % w;
      const y = Math.floor(i / w);
      const v = 60 + (((x >> 6) + (y >> 6)) % 2) * 80;
      const grain = [0, 0, 0].map(() => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) % 64);
      image.data.set([v + (grain[0] ?? 0), v + (grain[1] ?? 0), v + (grain[2] ?? 0), 255], i * 4);
    }
    context.putImageData(image, 0, 0);
    context.fillStyle = "#ff0000";
    context.fillRect(0, 0, 500, 500);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.95 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return withExif(Buffer.from(base64, "base64"), 6);
}

/** The colour at (x, y) of a JPEG, decoded by the page's browser (no orientation left to apply: it has no EXIF). */
export async function pixelAt(page: Page, jpeg: Buffer, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ({ base64, x, y }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
      context.drawImage(bitmap, 0, 0);
      return Array.from(context.getImageData(x, y, 1, 1).data.subarray(0, 3));
    },
    { base64: jpeg.toString("base64"), x, y },
  );
}

type Sent = { name: string; type: string; bytes: Buffer };

/**
 * Keeps, in the page, each file handed to XMLHttpRequest in a FormData (the upload). Chromium's DevTools protocol
 * gives no body for a multipart request whose part is a Blob (`request.postDataBuffer()` is null), so the bytes are
 * read where the page sends them; the portal's answer (its `size`) ties them to what arrived.
 */
export async function recordUploads(page: Page) {
  await page.addInitScript(() => {
    const files: File[] = [];
    Object.assign(window, { __sentFiles: files });
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      const file = body instanceof FormData ? body.get("file") : null;
      if (file instanceof File) files.push(file);
      return send.call(this, body);
    };
  });
}

/** The last file the page uploaded (after recordUploads). */
export async function lastSentFile(page: Page): Promise<Sent> {
  const sent = await page.evaluate(async () => {
    const files = (window as unknown as { __sentFiles: File[] }).__sentFiles;
    const file = files[files.length - 1];
    if (!file) return null;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { name: file.name, type: file.type, base64: btoa(text) };
  });
  expect(sent, "a file sent by the page").not.toBeNull();
  return { name: sent?.name ?? "", type: sent?.type ?? "", bytes: Buffer.from(sent?.base64 ?? "", "base64") };
}

/** The file part of a multipart body, when the browser gives one (a request whose parts are all strings or bytes). */
export function sentFile(request: Request): Sent {
  return multipartFile(request.postDataBuffer() ?? Buffer.alloc(0), request.headers()["content-type"] ?? "");
}

/** This device's screen in device pixels: what a screenshot taken on it measures. */
export const screenPixels = (page: Page) =>
  page.evaluate(() => ({
    width: Math.round(screen.width * devicePixelRatio),
    height: Math.round(screen.height * devicePixelRatio),
  }));

/** Uses the photo shown for a second look and waits for its upload. */
export async function usePhoto(page: Page) {
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByText("Uploaded")).toBeVisible();
}
