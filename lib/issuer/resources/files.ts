import { z } from "zod";
import type { IssuerClient } from "@/lib/issuer/client";
import type { IssuerFile } from "@/lib/issuer/types";

const wireFile = z.object({ file_id: z.string().min(1), file_name: z.string(), file_type: z.string(), size: z.number().int() });

// POST /api/open/v1/common/files/upload (5) - multipart, part `file`; idempotent by the given request id.
export async function uploadFile(
  client: IssuerClient,
  file: { bytes: Uint8Array; name: string; type: string },
  requestId?: string,
): Promise<IssuerFile> {
  const data = await client.call({
    method: "POST",
    path: "/api/open/v1/common/files/upload",
    requestId,
    timeoutMs: 60_000,
    schema: wireFile,
    form: () => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      return form;
    },
  });
  return { fileId: data.file_id, fileName: data.file_name, fileType: data.file_type, size: data.size };
}

// GET /api/open/v1/common/files/{id} (6)
export function downloadFile(client: IssuerClient, fileId: string) {
  return client.download({ method: "GET", path: `/api/open/v1/common/files/${encodeURIComponent(fileId)}`, timeoutMs: 60_000 });
}
