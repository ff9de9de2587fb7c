import { applicationFor } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { applicationParams } from "@/lib/applications/application-id";
import { apiRoute } from "@/lib/api/route";
import { documentAnswer, documentUploadFields } from "@/lib/api/schemas/applicant";
import { uploadDocument } from "@/lib/applications/documents";
import { PortalError } from "@/lib/errors";
import { UPLOAD_LIMITS } from "@/lib/files/detect";
import { readUploadForm } from "@/lib/http/multipart";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

const tooLarge = () => new PortalError("PAYLOAD_TOO_LARGE", "The document is larger than 10 MB.", { file: "errors.file.FILE_TOO_LARGE" });

// POST /api/applications/[id]/documents - multipart `file`, `field` (and the chosen `documentType`); checked here, then sent to the issuer.
export const POST = apiRoute(
  { params: applicationParams, rateLimit: LIMITS.upload, answer: documentAnswer },
  async ({ request, params }) => {
    const deps = await processDeps();
    const app = await applicationFor(deps, request, params.id);
    // 10 MB plus room for the multipart envelope; three parts at most (file, field, documentType).
    const { file, fields } = await readUploadForm(request, UPLOAD_LIMITS, tooLarge);
    const parts = documentUploadFields.safeParse(fields);
    if (!parts.success)
      throw new PortalError("VALIDATION_ERROR", "Send the `field` the document answers.", fieldErrorsFromZod(parts.error));
    const { field, documentType } = parts.data;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = await uploadDocument(deps, app, { field, name: file.name, bytes, documentType });
    return {
      document: { field, fileId: result.fileId, fileName: result.fileName, fileType: result.fileType, size: result.size },
    };
  },
);
