"use client";

import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { DropzonePreview, type DropzoneFile } from "@/components/ui/dropzone-preview";
import { acceptedExtensions, checkFile, effectiveType, type FileProblem } from "@/components/ui/dropzone-rules";
import { Field } from "@/components/ui/field";
import { ProgressBar } from "@/components/ui/progress-bar";
import { cn } from "@/lib/utils";

export type { DropzoneFile };
/** Where a file came from: the camera shortcut, the file picker, or a drop. */
export type DropzoneSource = "camera" | "picker" | "drop";
export type DropzoneTexts = Record<"choose" | "takePhoto" | "dropHere" | "replace" | "remove" | "uploading" | "uploaded", string> &
  Record<FileProblem, string>;

type DropzoneProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optionalText?: string;
  maxBytes: number;
  acceptedTypes: readonly string[];
  /** Types the camera shortcut asks for (default: the accepted image types). */
  cameraTypes?: readonly string[];
  texts: DropzoneTexts;
  /** The file to show; undefined leaves it to the component (it shows the last file picked). */
  value?: DropzoneFile | null;
  /** Upload progress 0..100; a bar shows while it is a number below 100. */
  progress?: number | null;
  /** What a screen reader hears of the progress ("passport.jpg: 40% uploaded"), said at every quarter. */
  progressText?: (percent: number) => string;
  onFile: (file: File, source: DropzoneSource) => void;
  /** Given: a file refused here is reported up and only `error` is shown (the form owns every message). */
  onProblem?: (problem: FileProblem | null) => void;
  onRemove?: () => void;
  disabled?: boolean;
  /** Locale of the size figures, e.g. "de" for "1,4 MB". */
  locale?: string;
};

// The real input stays in the tab order but out of sight; its label, styled as a button, shows its focus.
const pickerClasses = buttonClasses(
  "secondary",
  "md",
  "cursor-pointer peer-focus:outline-3 peer-focus:outline-focus peer-focus:outline-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
);

/** One-document picker: drag and drop, a file chooser, and a camera shortcut on touch screens. */
export function Dropzone(props: DropzoneProps) {
  const {
    id,
    label,
    hint,
    error,
    optionalText,
    maxBytes,
    acceptedTypes,
    cameraTypes,
    texts,
    value,
    progress = null,
    progressText,
    onFile,
    onProblem,
    onRemove,
    disabled = false,
    locale,
  } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<string | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [picked, setPicked] = useState<DropzoneFile | null>(null);
  const [dragging, setDragging] = useState(false);
  const statusId = useId();

  // Object URLs pin the file in memory until revoked.
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  function setPreviewUrl(url: string | null) {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = url;
  }

  function take(file: File, source: DropzoneSource) {
    const found = checkFile(file, maxBytes, acceptedTypes);
    setProblem(found);
    if (found) return onProblem?.(found);
    const url = effectiveType(file).startsWith("image/") ? URL.createObjectURL(file) : null;
    setPreviewUrl(url);
    setPicked({ name: file.name, size: file.size, type: file.type, previewUrl: url ?? undefined });
    onFile(file, source);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // So picking the same file again still fires a change.
    if (file) take(file, event.target.hasAttribute("capture") ? "camera" : "picker");
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!disabled && file) take(file, "drop");
  }

  function remove() {
    setPreviewUrl(null);
    setPicked(null);
    setProblem(null);
    onProblem?.(null);
    onRemove?.();
    inputRef.current?.focus(); // The remove button is about to disappear; keep focus in the field.
  }

  const shown = value === undefined ? picked : value;
  const samePicked = shown && picked && shown.name === picked.name && shown.size === picked.size;
  const previewUrl = shown?.previewUrl ?? (samePicked ? picked.previewUrl : undefined);
  const uploading = typeof progress === "number" && progress < 100;
  const shownError = onProblem ? error : problem ? texts[problem] : error;
  const labelId = `${id}-label`;
  const imageTypes = cameraTypes ?? acceptedTypes.filter((t) => t.startsWith("image/"));
  const accept = [...acceptedTypes, ...acceptedExtensions(acceptedTypes)].join(",");
  const inputCommon = {
    type: "file",
    className: "peer sr-only",
    disabled,
    onChange,
  } as const;

  return (
    <Field id={id} label={label} hint={hint} error={shownError} optionalText={optionalText} labelId={labelId} errorRole="alert">
      {(control) => {
        // The status (progress, done) describes the input too, after the hint and the error.
        const inputs = {
          ...inputCommon,
          "aria-describedby": [control["aria-describedby"], statusId].filter(Boolean).join(" "),
          "aria-invalid": control["aria-invalid"],
        };
        return (
          <div
            onDragOver={onDragOver}
            onDragLeave={onDragLeave}
            onDrop={onDrop}
            className={cn(
              "flex flex-col gap-3 rounded-card border-2 border-dashed p-4 transition-colors",
              dragging ? "border-brand bg-info-bg" : shownError ? "border-danger bg-surface" : "border-border-strong bg-surface",
              disabled && "opacity-60",
            )}
          >
            {shown ? <DropzonePreview file={{ ...shown, previewUrl }} locale={locale} /> : null}
            <div id={statusId} aria-live="polite" className="empty:hidden">
              {shown && uploading ? <ProgressBar value={progress} label={texts.uploading} /> : null}
              {/* The live region speaks only when this text changes: at 0, 25, 50 and 75 %, not at each percent. */}
              {shown && uploading && progressText ? <span className="sr-only">{progressText(Math.floor(progress / 25) * 25)}</span> : null}
              {shown && !uploading ? (
                <p className="flex items-center gap-2 text-sm font-semibold text-success">
                  <span aria-hidden="true">✓</span>
                  {texts.uploaded}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <span className="inline-flex">
                <input ref={inputRef} id={id} accept={accept} aria-labelledby={`${labelId} ${id}-choose`} {...inputs} />
                <label id={`${id}-choose`} htmlFor={id} className={pickerClasses}>
                  {shown ? texts.replace : texts.choose}
                </label>
              </span>
              {imageTypes.length > 0 ? (
                // Only phones and tablets get a camera shortcut; display:none also drops it from the tab order.
                <span className="hidden pointer-coarse:inline-flex">
                  <input
                    id={`${id}-camera`}
                    accept={imageTypes.join(",")}
                    capture="environment"
                    aria-labelledby={`${labelId} ${id}-camera-label`}
                    {...inputs}
                  />
                  <label id={`${id}-camera-label`} htmlFor={`${id}-camera`} className={pickerClasses}>
                    {texts.takePhoto}
                  </label>
                </span>
              ) : null}
              {shown && onRemove ? (
                <Button variant="ghost" onClick={remove} disabled={disabled || uploading}>
                  {texts.remove}
                  <span className="sr-only"> {shown.name}</span>
                </Button>
              ) : null}
            </div>
            {/* "Choose a file" comes first; "or drop the file here" follows it, and only where a mouse can drag. */}
            {shown ? null : <p className="text-sm text-fg-muted pointer-coarse:hidden">{texts.dropHere}</p>}
          </div>
        );
      }}
    </Field>
  );
}
