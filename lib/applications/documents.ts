import "server-only";
import { PortalError } from "@/lib/errors";
import { insertApplicationFile, patchApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { classifyUpload, MAX_DOCUMENT_BYTES } from "@/lib/files/detect";
import { uploadFile } from "@/lib/issuer/resources/files";
import { buildFormPlan } from "@/lib/requirements/plan";
import type { AppDeps } from "@/lib/applications/deps";
import { readDraft, sealDraft } from "@/lib/applications/draft-store";
import { setPath } from "@/lib/paths";
import { requireEnabledProduct, toRequirements } from "@/lib/applications/product";

export type DocumentInput = { field: string; name: string; bytes: Uint8Array };

/**
 * Checks a document (size, type by its bytes) before anything leaves the portal, uploads it to the issuer,
 * binds the file id to this application and puts it in the draft at `field` (e.g. identity.front_file_id).
 */
export async function uploadDocument(
  deps: AppDeps,
  app: Application,
  input: DocumentInput,
): Promise<{ app: Application; fileId: string; fileName: string; fileType: string; size: number }> {
  if (app.state !== "draft") throw new PortalError("INVALID_STATE", "This application was submitted; its documents can no longer change.");
  const product = await requireEnabledProduct(deps.issuer, app.productId);
  const fileFields = buildFormPlan(toRequirements(product))
    .steps.flatMap((s) => s.fields)
    .filter((f) => f.input === "file")
    .map((f) => f.path);
  if (!fileFields.includes(input.field)) {
    throw new PortalError("VALIDATION_ERROR", "This product does not ask for a document there.", { field: "errors.file.unknown_field" });
  }
  const verdict = classifyUpload(input.name, input.bytes, MAX_DOCUMENT_BYTES);
  if (!verdict.ok) throw new PortalError("DOCUMENT_REJECTED", verdict.message, { [input.field]: `errors.file.${verdict.code}` });

  const uploaded = await uploadFile(deps.issuer, { bytes: input.bytes, name: input.name || `document.${verdict.ext}`, type: verdict.mime });
  await insertApplicationFile(deps.db, {
    fileId: uploaded.fileId,
    applicationId: app.id,
    fileName: uploaded.fileName,
    fileType: uploaded.fileType,
    size: uploaded.size,
    createdAt: deps.now(),
  });
  const draft = setPath(readDraft(app, deps.keys), input.field, uploaded.fileId);
  const saved = await patchApplication(deps.db, app.id, { draftCiphertext: sealDraft(draft, deps.keys) }, ["draft"]);
  if (!saved) throw new PortalError("INVALID_STATE", "This application was submitted meanwhile; the document was not added.");
  return { app: saved, ...uploaded };
}
