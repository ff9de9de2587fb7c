import "server-only";
import { lockApplication, patchApplication, replaceApplicationFile } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { seal } from "@/lib/crypto/secret-box";
import { PortalError } from "@/lib/errors";
import { classifyUpload, MAX_DOCUMENT_BYTES } from "@/lib/files/detect";
import { safeUploadName } from "@/lib/files/names";
import { isIssuerError } from "@/lib/issuer/errors";
import { uploadFile } from "@/lib/issuer/resources/files";
import { setPath, valueAt } from "@/lib/dotted-paths";
import { buildFormPlan } from "@/lib/requirements/plan";
import { enforce, LIMITS } from "@/lib/security/rate-limit";
import type { AppDeps } from "@/lib/applications/deps";
import { refuseErased } from "@/lib/applications/erased";
import { readDraft, sealDraft } from "@/lib/applications/draft-store";
import { sealingKeys } from "@/lib/applications/keys";
import { requireEnabledProduct, toRequirements } from "@/lib/applications/product";
import { forApplication } from "@/lib/issuer/client";

/** `documentType`: the document type chosen on the page, which may not be saved yet. */
export type DocumentInput = { field: string; name: string; bytes: Uint8Array; documentType?: string };
export type StoredDocument = { fileId: string; fileName: string; fileType: string; size: number };

const BACK_SIDE = "identity.back_file_id";
/** Upstream refusals of a file that the person can act on; anything else reads "could not be sent". */
const KNOWN_REFUSALS = new Set(["FILE_EMPTY", "FILE_TOO_LARGE", "FILE_TYPE_NOT_ALLOWED", "FILE_CONTENT_MISMATCH"]);
const refuse = (field: string, key: string, message: string) => new PortalError("DOCUMENT_REJECTED", message, { [field]: key });

/**
 * Checks a document (the field asks for one, the type has such a side, size and type by its bytes) before
 * anything leaves the portal, sends it under a clean name, and binds the file id to this application's field,
 * releasing the document it replaces: each field holds one.
 */
export async function uploadDocument(
  deps: AppDeps,
  app: Application,
  input: DocumentInput,
): Promise<{ app: Application } & StoredDocument> {
  if (app.state !== "draft") throw new PortalError("INVALID_STATE", "This application was submitted; its documents can no longer change.");
  const product = await requireEnabledProduct(deps.issuer, app.productId);
  const plan = buildFormPlan(toRequirements(product));
  const fileFields = plan.steps.flatMap((s) => s.fields).filter((f) => f.input === "file");
  if (!fileFields.some((f) => f.path === input.field)) {
    throw new PortalError("VALIDATION_ERROR", "This product does not ask for a document there.", { field: "errors.file.unknown_field" });
  }
  const ring = await sealingKeys(deps, app.id);
  const draft = readDraft(app, ring);
  if (input.field === BACK_SIDE && (input.documentType ?? valueAt(draft, "identity.type")) === "PASSPORT") {
    throw refuse(input.field, "errors.file.no_back_side", "A passport has no back side.");
  }
  const verdict = classifyUpload(input.name, input.bytes, MAX_DOCUMENT_BYTES);
  if (!verdict.ok) throw refuse(input.field, `errors.file.${verdict.code}`, verdict.message);
  await enforce(deps.db, LIMITS.uploadPerApplication, app.id, deps.now());

  let uploaded: Awaited<ReturnType<typeof uploadFile>>;
  try {
    uploaded = await uploadFile(forApplication(deps.issuer, app.id), {
      bytes: input.bytes,
      name: safeUploadName(input.name, verdict.ext),
      type: verdict.mime,
    });
  } catch (error) {
    if (!isIssuerError(error) || error.retryable) throw error;
    throw refuse(
      input.field,
      KNOWN_REFUSALS.has(error.code) ? `errors.file.${error.code}` : "errors.file.upload_failed",
      "The card issuer refused the document.",
    );
  }
  // Under the row lock: two documents sent at once (front and back) must not overwrite each other's answer.
  const saved = await deps.db.transaction(async (tx) => {
    const current = await lockApplication(tx, app.id);
    refuseErased(current);
    if (current?.state !== "draft") return undefined;
    await replaceApplicationFile(tx, {
      fileId: uploaded.fileId,
      applicationId: app.id,
      field: input.field,
      fileName: seal(uploaded.fileName, ring),
      fileType: uploaded.fileType,
      size: uploaded.size,
      createdAt: deps.now(),
    });
    const answers = setPath(readDraft(current, ring), input.field, uploaded.fileId);
    return patchApplication(tx, app.id, { draftCiphertext: sealDraft(answers, ring) });
  });
  if (!saved) throw new PortalError("INVALID_STATE", "This application was submitted meanwhile; the document was not added.");
  return { app: saved, ...uploaded };
}
