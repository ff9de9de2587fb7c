import { describe, expect, it } from "vitest";
import { isPortalError } from "@/lib/errors";
import { parseMediaType, readUploadForm } from "@/lib/http/multipart";

const LIMITS = { maxBytes: 2 * 1024 * 1024, maxParts: 3 };
const tooLarge = () => new Error("too large");

function body(boundary: string, extraParts: number): Buffer {
  const part = (name: string, value: string, file = false) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.png"\r\nContent-Type: image/png' : ""}\r\n\r\n${value}\r\n`;
  const parts = [part("file", "png", true), part("field", "identity.front_file_id")];
  for (let i = 0; i < extraParts; i++) parts.push(part(`p${i}`, "x"));
  return Buffer.from(`${parts.join("")}--${boundary}--\r\n`);
}

const post = (type: string, bytes: Buffer) =>
  new Request("http://portal.test/upload", { method: "POST", headers: { "content-type": type }, body: new Uint8Array(bytes) });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return isPortalError(error) ? `${error.code}: ${error.message}` : `not refused: ${String(error)}`;
}

describe("readUploadForm", () => {
  it("reads a well-formed form of few parts, quoted boundary included", async () => {
    const form = await readUploadForm(post('multipart/form-data; boundary="zz-1"', body("zz-1", 0)), LIMITS, tooLarge);
    expect(form.fields).toEqual({ field: "identity.front_file_id" });
    expect(form.file.name).toBe("a.png");
  });

  it("refuses two boundary parameters: the parts were counted with one and would be parsed with the other (2,000 parts here)", async () => {
    const type = "multipart/form-data; boundary=aaa; boundary=zzz";
    expect(await refusal(readUploadForm(post(type, body("zzz", 2_000)), LIMITS, tooLarge))).toMatch(/^BAD_REQUEST/);
    expect(
      await refusal(readUploadForm(post("multipart/form-data; BOUNDARY=zzz; boundary=aaa", body("zzz", 2_000)), LIMITS, tooLarge)),
    ).toMatch(/^BAD_REQUEST/);
  });

  it("counts the parts with the boundary the body is parsed with", async () => {
    expect(await refusal(readUploadForm(post("multipart/form-data; boundary=zzz", body("zzz", 5)), LIMITS, tooLarge))).toBe(
      "BAD_REQUEST: Send at most 3 form parts.",
    );
  });

  it("refuses a media type it cannot read exactly", async () => {
    for (const type of [
      "multipart/form-data",
      "multipart/form-data; boundary=",
      'multipart/form-data; boundary="zzz',
      "text/plain; boundary=zzz",
    ])
      expect(await refusal(readUploadForm(post(type, body("zzz", 0)), LIMITS, tooLarge)), type).toMatch(
        /^(UNSUPPORTED_MEDIA_TYPE|BAD_REQUEST)/,
      );
  });
});

describe("parseMediaType", () => {
  it("reads type and parameters (names in any case, quoted values unescaped) and refuses duplicates or junk", () => {
    expect(parseMediaType('Multipart/Form-Data; Boundary="a\\"b"; charset=utf-8')).toEqual({
      type: "multipart/form-data",
      params: { boundary: 'a"b', charset: "utf-8" },
    });
    expect(parseMediaType("multipart/form-data; boundary=a; boundary=a")).toBeUndefined();
    expect(parseMediaType("multipart/form-data; boundary")).toBeUndefined();
    expect(parseMediaType("multipart/form-data; boundary=a b")).toBeUndefined();
    expect(parseMediaType("multipart")).toBeUndefined();
  });
});
