"use client";

import { useState } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Dropzone } from "@/components/ui/dropzone";
import { fieldDomId, labelOf } from "@/components/apply/field-ids";
import { sendDocument } from "@/components/apply/upload";
import { isApiError } from "@/lib/client/api";
import { FILE_PROBLEM_KEYS } from "@/components/apply/error-text";
import { ACCEPTED_MIME_TYPES, MAX_DOCUMENT_BYTES } from "@/lib/files/detect";
import { useMessageText } from "@/components/apply/message-text";
import type { PlanField } from "@/lib/requirements/types";

type Shown = { name: string; size: number; type: string };

type Props = {
  applicationId: string;
  field: PlanField;
  optional: boolean;
  initial: Shown | null;
  /** The document type chosen in the same form, sent with the upload. */
  documentType?: string;
  error?: string;
  onUploaded: (fileId: string) => void;
  onError: (messageKey: string | undefined) => void;
};

/** A document answer: checked in the browser, uploaded with a progress bar, bound to the application. */
export function DocumentField({ applicationId, field, optional, initial, documentType, error, onUploaded, onError }: Props) {
  const { t, textOf } = useI18n();
  const messageText = useMessageText();
  const [shown, setShown] = useState<Shown | null>(initial);
  const [progress, setProgress] = useState<number | null>(null);

  async function onFile(file: File) {
    onError(undefined);
    setProgress(0);
    // The dropzone shows (and later revokes) the preview of the file it was given.
    setShown({ name: file.name, size: file.size, type: file.type });
    try {
      const uploaded = await sendDocument(applicationId, field.path, file, setProgress, documentType);
      onUploaded(uploaded.fileId);
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fields : {};
      setShown(initial);
      onError(fields[field.path] ?? fields.file ?? "errors.file.upload_failed");
    } finally {
      setProgress(null);
    }
  }

  const message = error ? messageText(error) : undefined;
  // What to photograph: the photo page of a passport, the photo side of a card, the other side of a card.
  const hintKey =
    field.name === "back_file_id"
      ? "hints.document_back_card"
      : documentType && documentType !== "PASSPORT"
        ? "hints.document_front_card"
        : documentType === "PASSPORT"
          ? "hints.document_front_passport"
          : undefined;
  return (
    <Dropzone
      id={fieldDomId(field.path)}
      label={labelOf(textOf, field)}
      optionalText={optional ? t("apply.form.optional") : undefined}
      hint={hintKey ? textOf(hintKey) : t("apply.form.documentHint")}
      error={message}
      maxBytes={MAX_DOCUMENT_BYTES}
      acceptedTypes={ACCEPTED_MIME_TYPES}
      value={shown}
      progress={progress}
      onFile={onFile}
      // A file refused in the browser is a field error like any other, so the error summary names it too.
      onProblem={(problem) => onError(problem ? FILE_PROBLEM_KEYS[problem] : undefined)}
      texts={{
        choose: t("apply.form.fileChoose"),
        takePhoto: t("apply.form.fileTakePhoto"),
        dropHere: t("apply.form.fileDropHere"),
        replace: t("apply.form.fileReplace"),
        remove: t("apply.form.fileRemove"),
        uploading: t("apply.form.fileUploading"),
        uploaded: t("apply.form.fileUploaded"),
        tooLarge: t("apply.form.fileTooLarge"),
        wrongType: t("apply.form.fileWrongType"),
        empty: t("apply.form.fileEmpty"),
      }}
    />
  );
}
