import { PortalError } from "@/lib/errors";
import { apiRoute } from "@/lib/api/route";
import { uploadDocument } from "@/lib/applications/documents";
import { MAX_DOCUMENT_BYTES } from "@/lib/files/detect";
import { applicationFor, requestDeps } from "@/app/_lib/application-request";
import { applicationParams } from "@/app/api/applications/_lib/params";
import { readBodyWithLimit } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

const tooLarge = () => new PortalError("PAYLOAD_TOO_LARGE", "The document is larger than 10 MB.", { file: "errors.file.FILE_TOO_LARGE" });

// POST /api/applications/[id]/documents - multipart `file` and `field`; checked here, then sent to the issuer.
export const POST = apiRoute({ params: applicationParams }, async ({ request, params }) => {
  const deps = await requestDeps();
  const app = await applicationFor(deps, request, params.id);
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    throw new PortalError("UNSUPPORTED_MEDIA_TYPE", "Send the document as multipart/form-data.");
  // Read with a hard cap (10 MB plus room for the multipart envelope): a giant body is refused mid-stream.
  const raw = await readBodyWithLimit(request, MAX_DOCUMENT_BYTES + 64 * 1024, tooLarge);
  const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData().catch(() => {
    throw new PortalError("BAD_REQUEST", "The form data could not be read.");
  });
  const file = form.get("file");
  const field = form.get("field");
  if (!(file instanceof File) || typeof field !== "string") {
    throw new PortalError("VALIDATION_ERROR", "Send a `file` and the `field` it answers.", { file: "errors.field.required" });
  }
  const result = await uploadDocument(deps, app, { field, name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  return { document: { field, fileId: result.fileId, fileName: result.fileName, fileType: result.fileType, size: result.size } };
});
