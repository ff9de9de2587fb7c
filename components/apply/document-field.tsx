"use client";

import { useEffect, useRef, useState } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Dropzone, type DropzoneSource } from "@/components/ui/dropzone";
import { LoadingStatus } from "@/components/ui/loading-status";
import { fieldDomId, labelOf } from "@/components/apply/field-ids";
import { sendDocument } from "@/components/apply/upload";
import { isApiError } from "@/lib/client/api";
import { FILE_PROBLEM_KEYS, PHOTO_PROBLEM_KEYS } from "@/components/apply/error-text";
import { PhotoCheck } from "@/components/apply/photo/photo-check";
import { useObjectUrls } from "@/components/apply/photo/use-object-urls";
import type { PendingDocument } from "@/components/apply/pending-documents";
import { MAX_DOCUMENT_BYTES } from "@/lib/files/detect";
import { PICKABLE_TYPES, pickedKind } from "@/lib/client/photo/image-kind";
import { MAX_PICKED_IMAGE_BYTES } from "@/lib/client/photo/photo-limits";
import { preparePhoto, type PreparedPhoto } from "@/lib/client/photo/prepare-photo";
import { useFieldMessage } from "@/components/apply/message-text";
import type { PlanField } from "@/lib/requirements/types";

type Shown = { name: string; size: number; type: string; previewUrl?: string };
type Candidate = Extract<PreparedPhoto, { ok: true }> & { url: string; source: DropzoneSource };

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
  /** What the field is busy with, so that a save waits for the upload (or asks for Use / Retake first). */
  onPending: (pending: PendingDocument | null) => void;
};

// Ask the camera for JPEG: iOS then converts its HEIC itself, and no decoder has to be fetched.
const CAMERA_TYPES = ["image/jpeg", "image/png"];

/** A document answer: a photo checked and shrunk in the browser, shown for a second look, uploaded with progress. */
export function DocumentField(props: Props) {
  const { applicationId, field, optional, initial, documentType, error, onUploaded, onError, onPending } = props;
  const { t, textOf } = useI18n();
  const fieldMessage = useFieldMessage();
  const [shown, setShown] = useState<Shown | null>(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const latest = useRef(0); // a photo picked while another is being checked wins
  const pending = useRef<PendingDocument | null>(null);
  const previews = useObjectUrls();
  const id = fieldDomId(field.path);

  const reportRef = useRef(onPending);
  useEffect(() => {
    reportRef.current = onPending;
  }, [onPending]);
  // A field that goes away (a passport needs no back side) leaves nothing for the save to wait for.
  useEffect(() => {
    const reporter = reportRef;
    return () => reporter.current(null);
  }, []);

  function report(state: PendingDocument | null) {
    pending.current = state;
    onPending(state);
  }

  /** A problem found in the browser: the field's error, and nothing pending. */
  function refuse(key: string) {
    report(null);
    onError(key);
  }

  async function onFile(file: File, source: DropzoneSource) {
    const turn = ++latest.current;
    onError(undefined);
    previews.drop(candidate?.url);
    setCandidate(null);
    setChecking(false);
    report({ kind: "checking" });
    const kind = pickedKind(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (turn !== latest.current) return;
    if (kind === null) return refuse(FILE_PROBLEM_KEYS.wrongType);
    if (kind === "pdf") {
      // PDFs are sent as they are, so the portal's own limit applies here.
      if (file.size > MAX_DOCUMENT_BYTES) return refuse(FILE_PROBLEM_KEYS.tooLarge);
      return upload(file, undefined);
    }
    setChecking(true);
    const screen = { width: window.screen.width, height: window.screen.height, pixelRatio: window.devicePixelRatio };
    const prepared = await preparePhoto(file, kind, screen).catch((): PreparedPhoto => ({ ok: false, problem: "unreadable" }));
    if (turn !== latest.current) return;
    setChecking(false);
    if (!prepared.ok) return refuse(PHOTO_PROBLEM_KEYS[prepared.problem]);
    const url = previews.create(prepared.file);
    setCandidate({ ...prepared, url, source });
    report({ kind: "choosing" });
  }

  async function upload(file: File, previewUrl: string | undefined) {
    const previous = shown;
    setProgress(0);
    setShown({ name: file.name, size: file.size, type: file.type, previewUrl });
    let settle: (ok: boolean) => void = () => undefined;
    const state: PendingDocument = { kind: "uploading", done: new Promise<boolean>((resolve) => (settle = resolve)) };
    report(state);
    try {
      const uploaded = await sendDocument(applicationId, field.path, file, setProgress, documentType);
      onUploaded(uploaded.fileId);
      if (previous?.previewUrl !== previewUrl) previews.drop(previous?.previewUrl);
      settle(true);
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fields : {};
      setShown(previous);
      previews.drop(previewUrl);
      onError(fields[field.path] ?? fields.file ?? "errors.file.upload_failed");
      settle(false);
    } finally {
      setProgress(null);
      if (pending.current === state) report(null); // unless another photo was picked meanwhile
    }
  }

  function use() {
    if (!candidate) return;
    setCandidate(null);
    onError(undefined);
    void upload(candidate.file, candidate.url);
  }

  function retake() {
    const source = candidate?.source;
    previews.drop(candidate?.url);
    setCandidate(null);
    report(null);
    // The same way the photo came: the camera again, else the file picker.
    document.getElementById(source === "camera" ? `${id}-camera` : id)?.click();
  }

  const message = error ? fieldMessage(field, error).text : undefined;
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
    <div className="flex flex-col gap-3">
      <Dropzone
        id={id}
        label={labelOf(textOf, field)}
        optionalText={optional ? t("apply.form.optional") : undefined}
        hint={hintKey ? textOf(hintKey) : t("apply.form.documentHint")}
        error={message}
        // Photos are shrunk before they are sent, so only PDFs must fit the portal's limit (checked in onFile).
        maxBytes={MAX_PICKED_IMAGE_BYTES}
        progressText={(percent) => t("apply.form.fileProgress", { name: shown?.name ?? "", percent })}
        acceptedTypes={PICKABLE_TYPES}
        cameraTypes={CAMERA_TYPES}
        value={shown}
        progress={progress}
        onFile={(file, source) => void onFile(file, source)}
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
      {checking ? <LoadingStatus label={t("apply.photo.checking")} /> : null}
      {candidate ? (
        <PhotoCheck
          url={candidate.url}
          bytes={candidate.file.size}
          sent={candidate.sent}
          warnings={candidate.warnings}
          onUse={use}
          onRetake={retake}
        />
      ) : null}
    </div>
  );
}
