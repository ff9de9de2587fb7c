/** The portal's answer to a document upload. */
export type UploadedDocument = { field: string; fileId: string; fileName: string; fileType: string; size: number };
export type UploadFailure = { status: number; fields?: Record<string, string> };

/**
 * Sends one document with XMLHttpRequest rather than fetch: only XHR reports upload progress.
 * Resolves with the stored document, rejects with the portal's error fields.
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
      const body = xhr.response as { document?: UploadedDocument; error?: { fields?: Record<string, string> } } | null;
      if (xhr.status === 200 && body?.document) {
        onProgress(100);
        resolve(body.document);
      } else reject({ status: xhr.status, fields: body?.error?.fields } satisfies UploadFailure);
    };
    xhr.onerror = () => reject({ status: 0 } satisfies UploadFailure);
    xhr.send(form);
  });
}
