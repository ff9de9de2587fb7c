import { crc32, deflateSync } from "node:zlib";

// Pictures for the document tests, made in Node at test time rather than committed: a PNG writer, a printed page
// (sharp or blurred), and readers for what the browser sent (a JPEG's size and segments, a multipart file part).

type Shade = (x: number, y: number) => number;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A grayscale PNG (8 bits) drawn by `shade(x, y)`; `text` chunks add metadata (keyword -> text). */
export function grayPng(width: number, height: number, shade: Shade, text: Record<string, string> = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit gray, deflate, no filter method variant, no interlace
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = shade(x, y);
  const texts = Object.entries(text).map(([k, v]) => chunk("tEXt", Buffer.from(`${k}\0${v}`, "latin1")));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...texts,
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A printed page: a card outline, a photo box and lines of dark 2-px strokes on light paper. */
export const printedPage =
  (width: number, height: number): Shade =>
  (x, y) => {
    const mx = Math.round(width * 0.08);
    const my = Math.round(height * 0.1);
    if (x < mx || x >= width - mx || y < my || y >= height - my) return 150; // the table around it
    if (x < mx + 3 || x >= width - mx - 3 || y < my + 3 || y >= height - my - 3) return 30; // its edge
    const inner = x - mx;
    if (inner > 20 && inner < width * 0.3 && y > my + 30 && y < height - my - 60) return 90; // the photo
    const line = (y - my) % 28;
    const text = inner > width * 0.34 && x < width - mx - 24 && y > my + 24 && y < height - my - 24;
    return text && line > 8 && line < 22 && x % 9 < 2 && (x >> 5) % 4 !== 3 ? 35 : 235;
  };

/** The page, blurred: three box blurs of `radius` (close to a Gaussian of sigma ~ 1.1 x radius). */
export function blurredShade(width: number, height: number, shade: Shade, radius: number): Shade {
  let gray = Float32Array.from({ length: width * height }, (_, i) => shade(i % width, Math.floor(i / width)));
  const pass = (src: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let total = 0;
        for (let d = -radius; d <= radius; d++) {
          const xx = horizontal ? Math.min(width - 1, Math.max(0, x + d)) : x;
          const yy = horizontal ? y : Math.min(height - 1, Math.max(0, y + d));
          total += src[yy * width + xx] ?? 0;
        }
        out[y * width + x] = total / (2 * radius + 1);
      }
    return out;
  };
  for (let i = 0; i < 3; i++) gray = pass(pass(gray, true), false);
  return (x, y) => Math.round(gray[y * width + x] ?? 0);
}

/** A sharp document PNG, big enough to pass the portal's minimum resolution. */
export const documentPng = (width = 1200, height = 800) => grayPng(width, height, printedPage(width, height));

type Segment = { marker: number; start: number; length: number };

/** The JPEG's marker segments up to the scan (SOI excluded), each with its marker, offset and length. */
export function jpegSegments(jpeg: Buffer): Segment[] {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("not a JPEG");
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    const length = jpeg.readUInt16BE(at + 2);
    segments.push({ marker, start: at, length });
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    at += 2 + length;
  }
  return segments;
}

/** The JPEG's pixel size, from its start-of-frame segment. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  const sof = jpegSegments(jpeg).find((s) => s.marker >= 0xc0 && s.marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(s.marker));
  if (!sof) throw new Error("no SOF segment");
  return { height: jpeg.readUInt16BE(sof.start + 5), width: jpeg.readUInt16BE(sof.start + 7) };
}

/** The APP1 segments that hold EXIF ("Exif\0\0") or XMP, where a location would be. */
export function metadataSegments(jpeg: Buffer): Segment[] {
  return jpegSegments(jpeg).filter((s) => s.marker === 0xe1);
}

/** An EXIF APP1 with the given Orientation and a GPS position (51.5 N, 0.12 W), big-endian TIFF. */
export function exifApp1(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4 + 2 + 4 * 12 + 4 + 48);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const ifd0 = 8;
  tiff.writeUInt16BE(2, ifd0);
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (short) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
  };
  const gpsIfd = ifd0 + 2 + 2 * 12 + 4;
  entry(ifd0 + 2, 0x0112, 3, 1, orientation, true); // Orientation, SHORT
  entry(ifd0 + 14, 0x8825, 4, 1, gpsIfd); // GPSInfo IFD pointer, LONG
  const rationals = gpsIfd + 2 + 4 * 12 + 4;
  tiff.writeUInt16BE(4, gpsIfd);
  entry(gpsIfd + 2, 0x0001, 2, 2, 0x4e000000); // GPSLatitudeRef "N"
  entry(gpsIfd + 14, 0x0002, 5, 3, rationals); // GPSLatitude 51/1 30/1 0/1
  entry(gpsIfd + 26, 0x0003, 2, 2, 0x57000000); // GPSLongitudeRef "W"
  entry(gpsIfd + 38, 0x0004, 5, 3, rationals + 24); // GPSLongitude 0/1 7/1 12/1
  [51, 1, 30, 1, 0, 1, 0, 1, 7, 1, 12, 1].forEach((n, i) => tiff.writeUInt32BE(n, rationals + 4 * i));
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** The JPEG with an EXIF APP1 (orientation and GPS) inserted right after its JFIF APP0 (or its SOI). */
export function withExif(jpeg: Buffer, orientation: number): Buffer {
  const app0 = jpegSegments(jpeg).find((s) => s.marker === 0xe0);
  const at = app0 ? app0.start + 2 + app0.length : 2;
  return Buffer.concat([jpeg.subarray(0, at), exifApp1(orientation), jpeg.subarray(at)]);
}

/** The `file` part of a multipart/form-data body: its file name, content type and bytes. */
export function multipartFile(body: Buffer, contentType: string): { name: string; type: string; bytes: Buffer } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const mark = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ""}`);
  let at = body.indexOf(mark);
  while (at >= 0) {
    const next = body.indexOf(mark, at + mark.length);
    const part = body.subarray(at + mark.length + 2, next < 0 ? body.length : next - 2); // CRLF after each
    const split = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, split).toString("latin1");
    const name = /filename="([^"]*)"/.exec(headers);
    if (/name="file"/.test(headers) && name) {
      return { name: name[1] ?? "", type: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? "", bytes: part.subarray(split + 4) };
    }
    at = next;
  }
  throw new Error("no file part");
}
