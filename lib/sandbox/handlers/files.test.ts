import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import type { SandboxConfig } from "@/lib/sandbox/config";
import type { SandboxContext } from "@/lib/sandbox/context";
import { downloadFile, uploadFile } from "@/lib/sandbox/handlers/files";
import { parseJsonObject } from "@/lib/sandbox/http";
import { sandboxFiles } from "@/lib/sandbox/schema";
import { findFile, findMissingFileIds, insertFile } from "@/lib/sandbox/store/files";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 0xff, 0xd9]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0, 0x03, 0, 0, 0, 0x04, 0, 0, 0, 0xff, 0xff]);

const config: SandboxConfig = {
  enabled: true,
  apiKey: "k",
  apiSecret: "s",
  webhookSecret: "w",
  webhookUrl: "http://localhost/webhook",
  approvalDelayMs: 0,
  productsFile: undefined,
  appUrl: "http://localhost:3000",
};

let handle: DbHandle;
beforeAll(async () => {
  handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined });
});
afterAll(async () => handle.close());

function context(over: Partial<SandboxContext> = {}): SandboxContext {
  const rawBody = over.rawBody ?? Buffer.alloc(0);
  return {
    db: handle.db,
    config,
    now: new Date("2025-01-02T03:04:05Z"),
    requestId: "req-1",
    params: {},
    query: new URLSearchParams(),
    headers: new Headers(),
    json: () => parseJsonObject(rawBody),
    notify: () => undefined,
    ...over,
    rawBody,
  };
}

/** A context whose body is the multipart encoding of `form`, as a client would send it. */
async function multipart(form: FormData): Promise<SandboxContext> {
  const req = new Request("http://x", { method: "POST", body: form });
  return context({
    rawBody: Buffer.from(await req.arrayBuffer()),
    headers: new Headers({ "content-type": req.headers.get("content-type") ?? "" }),
  });
}

function withFile(bytes: Uint8Array, name: string): FormData {
  const fd = new FormData();
  fd.append("file", new Blob([new Uint8Array(bytes)]), name);
  return fd;
}

type Uploaded = { file_id: string; file_name: string; file_type: string; size: number };

async function upload(bytes: Uint8Array, name: string): Promise<Uploaded> {
  const result = await uploadFile(await multipart(withFile(bytes, name)));
  expect(result.status).toBe(200);
  const body = result.body as { success: boolean; data: Uploaded };
  expect(body.success).toBe(true);
  return body.data;
}

const download = (id: string) => downloadFile(context({ params: { id } }));

async function storedCount(): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(sandboxFiles);
  return row?.n ?? 0;
}

describe("uploadFile then downloadFile", () => {
  it.each([
    ["id-photo.png", PNG, "image/png"],
    ["selfie.jpeg", JPEG, "image/jpeg"],
    ["statement.pdf", PDF, "application/pdf"],
  ])("stores %s and serves the same bytes as %s", async (name, bytes, mime) => {
    const data = await upload(bytes, name);
    expect(data).toEqual({ file_id: expect.stringMatching(/^file_[0-9a-f]{24}$/), file_name: name, file_type: mime, size: bytes.length });

    const res = await download(data.file_id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(mime);
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${name}"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it("reports the detected type, not the name's, when the name has no allowed extension", async () => {
    const data = await upload(PDF, "scan");
    expect(data.file_type).toBe("application/pdf");
    expect((await download(data.file_id)).headers.get("content-type")).toBe("application/pdf");
  });

  it("gives each upload its own id", async () => {
    const a = await upload(PNG, "a.png");
    const b = await upload(PNG, "a.png");
    expect(a.file_id).not.toBe(b.file_id);
  });

  it("keeps only the base name, capped at 255 characters", async () => {
    expect((await upload(PNG, "C:\\Users\\ann\\Desktop\\passport.png")).file_name).toBe("passport.png");
    const long = (await upload(PNG, `${"a".repeat(300)}.png`)).file_name;
    expect(long).toBe(`${"a".repeat(251)}.png`);
    expect(Array.from((await upload(PNG, "😀".repeat(300))).file_name)).toHaveLength(255);
  });

  it("serves a non-ASCII name as an ASCII-safe filename", async () => {
    const data = await upload(JPEG, "pièce-d'identité.jpg");
    expect(data.file_name).toBe("pièce-d'identité.jpg");
    const disposition = (await download(data.file_id)).headers.get("content-disposition") ?? "";
    expect(disposition).toBe(`inline; filename="pi_ce-d'identit_.jpg"`);
  });
});

describe("uploadFile refusals", () => {
  const refused = async (bytes: Uint8Array, name: string) => uploadFile(await multipart(withFile(bytes, name)));

  it.each([
    ["an empty file", new Uint8Array(0), "empty.png", "FILE_EMPTY", 400],
    [
      "10 MiB + 1 byte",
      (() => {
        const b = new Uint8Array(10 * 1024 * 1024 + 1);
        b.set(PNG);
        return b;
      })(),
      "big.png",
      "FILE_TOO_LARGE",
      413,
    ],
    ["a GIF", GIF, "anim.gif", "FILE_TYPE_NOT_ALLOWED", 415],
    ["an executable named photo.png", EXE, "photo.png", "FILE_CONTENT_MISMATCH", 415],
    ["PNG bytes named .jpg", PNG, "photo.jpg", "FILE_CONTENT_MISMATCH", 415],
  ])("refuses %s", async (_label, bytes, name, code, status) => {
    const before = await storedCount();
    await expect(refused(bytes, name)).rejects.toMatchObject({ code, status });
    expect(await storedCount()).toBe(before);
  });

  it("accepts exactly 10 MiB", async () => {
    const bytes = new Uint8Array(10 * 1024 * 1024);
    bytes.set(PNG);
    expect((await upload(bytes, "max.png")).size).toBe(bytes.length);
  });

  it("answers FILE_MISSING without a part named file", async () => {
    const fd = new FormData();
    fd.append("document", new Blob([PNG]), "a.png");
    await expect(uploadFile(await multipart(fd))).rejects.toMatchObject({ code: "FILE_MISSING", status: 400 });
  });

  it("answers FILE_MISSING when file is a text field", async () => {
    const fd = new FormData();
    fd.append("file", "not a file");
    await expect(uploadFile(await multipart(fd))).rejects.toMatchObject({ code: "FILE_MISSING" });
  });

  it("answers FILE_MISSING for a body that is not multipart", async () => {
    const json = context({ rawBody: Buffer.from('{"file":"x"}'), headers: new Headers({ "content-type": "application/json" }) });
    await expect(uploadFile(json)).rejects.toMatchObject({ code: "FILE_MISSING", message: expect.stringContaining("multipart/form-data") });
    const broken = context({
      rawBody: Buffer.from("garbage"),
      headers: new Headers({ "content-type": "multipart/form-data; boundary=zzz" }),
    });
    await expect(uploadFile(broken)).rejects.toMatchObject({ code: "FILE_MISSING" });
    await expect(uploadFile(context())).rejects.toMatchObject({ code: "FILE_MISSING" });
  });
});

describe("downloadFile", () => {
  it("answers FILE_NOT_FOUND for an unknown or absent id", async () => {
    await expect(download("file_000000000000000000000000")).rejects.toMatchObject({ code: "FILE_NOT_FOUND", status: 404 });
    await expect(downloadFile(context())).rejects.toMatchObject({ code: "FILE_NOT_FOUND" });
  });
});

describe("file store", () => {
  it("round-trips a row through insertFile and findFile", async () => {
    const content = Buffer.from(PDF);
    await insertFile(handle.db, { id: "file_store_1", name: "x.pdf", mimeType: "application/pdf", size: content.length, content });
    const row = await findFile(handle.db, "file_store_1");
    expect(row?.content.equals(content)).toBe(true);
    expect(row?.mimeType).toBe("application/pdf");
    expect(await findFile(handle.db, "file_nope")).toBeUndefined();
  });

  it("findMissingFileIds lists the unknown ids once each, in the order given", async () => {
    const known = (await upload(PNG, "front.png")).file_id;
    expect(await findMissingFileIds(handle.db, [])).toEqual([]);
    expect(await findMissingFileIds(handle.db, [known])).toEqual([]);
    expect(await findMissingFileIds(handle.db, ["file_b", known, "file_a", "file_b"])).toEqual(["file_b", "file_a"]);
  });
});
