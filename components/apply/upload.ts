import type { ApplicationView } from "@/lib/applications/view";
import { ApiError, errorOf } from "@/lib/client/api";

/** The portal's answer to a document upload: one of the documents the application's view lists. */
export type UploadedDocument = ApplicationView["documents"][number];

/**
 * Sends one document with XMLHttpRequest rather than fetch: only XHR reports upload progress.
 * Resolves with the stored document, rejects with the ApiError that lib/client/api.ts's callApi would throw.
 */
export function sendDocument(
  applicationId: string,
  field: string,
  file: File,
  onProgress: (percent: number) => void,
  documentType?: string,
): Promise<UploadedDocument> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("field", field);
    // The type chosen on the page (maybe not saved yet): the server refuses a back side for a passport.
    if (documentType) form.append("documentType", documentType);
    form.append("file", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/applications/${applicationId}/documents`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = xhr.response as { document?: UploadedDocument } | null;
      if (xhr.status === 200 && body?.document) {
        onProgress(100);
        resolve(body.document);
      } else if (xhr.status === 200) reject(new ApiError("BAD_RESPONSE", "The portal's answer was not JSON.", 200));
      else reject(errorOf(xhr.status, body, xhr.getResponseHeader("retry-after")));
    };
    xhr.onerror = () => reject(new ApiError("NETWORK", "The portal could not be reached.", 0));
    xhr.send(form);
  });
}
