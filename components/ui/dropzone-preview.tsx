import { effectiveType, formatBytes } from "@/components/ui/dropzone-rules";

export type DropzoneFile = { name: string; size: number; type: string; previewUrl?: string };

/** Thumbnail for images, a document icon for anything else, then the name and size. */
export function DropzonePreview({ file, locale }: { file: DropzoneFile; locale?: string }) {
  const isImage = effectiveType(file).startsWith("image/");
  return (
    <div className="flex min-w-0 items-center gap-3">
      {isImage && file.previewUrl ? (
        // A blob: URL of a file still on this device; next/image has nothing to optimise here.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={file.previewUrl} alt={file.name} className="size-16 shrink-0 rounded-control border border-border object-cover" />
      ) : (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-10 shrink-0 text-fg-muted"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5M9 13h6M9 17h6" />
        </svg>
      )}
      <div className="min-w-0">
        <p className="break-all font-semibold">{file.name}</p>
        <p className="text-sm text-fg-muted">{formatBytes(file.size, locale)}</p>
      </div>
    </div>
  );
}
