import { applicationParams } from "@/lib/applications/application-id";
import { submitThirdParty } from "@/lib/admin/case/actions/third-party";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers } from "@/lib/api/schemas/staff";
import { processDeps } from "@/lib/applications/deps";
import { PortalError } from "@/lib/errors";
import { UPLOAD_LIMITS } from "@/lib/files/detect";
import { readUploadForm } from "@/lib/http/multipart";

export const dynamic = "force-dynamic";

const tooLarge = () => new PortalError("PAYLOAD_TOO_LARGE", "The document is larger than 10 MB.", { file: "errors.file.FILE_TOO_LARGE" });

// POST /api/admin/applications/[id]/third-party - multipart `file`, `provider`, `referenceId`: creates the cardholder with the merchant's proof (audited).
// The text parts are validated by submitThirdParty with thirdPartySchema, the schema the OpenAPI document describes them by.
export const POST = staffRoute(
  "work",
  { params: applicationParams, answer: staffAnswers.thirdParty },
  async ({ request, params, staff }) => {
    const { file, fields } = await readUploadForm(request, UPLOAD_LIMITS, tooLarge);
    const document = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
    return submitThirdParty(await processDeps(), staff, params.id, {
      provider: fields.provider ?? "",
      referenceId: fields.referenceId ?? "",
      document,
    });
  },
);
