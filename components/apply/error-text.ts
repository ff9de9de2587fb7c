import type { MessageKey } from "@/lib/i18n/translate";
import type { FileProblem } from "@/components/ui/dropzone-rules";

// A file the browser refused is a field error like any other: these are its keys in the page's own catalog,
// read (with every other error key) by components/apply/message-text.ts.
type PageKey = "apply.form.fileTooLarge" | "apply.form.fileWrongType" | "apply.form.fileEmpty";

/** A file the browser refused before sending it, as a field error key. */
export const FILE_PROBLEM_KEYS: Record<FileProblem, PageKey & MessageKey> = {
  tooLarge: "apply.form.fileTooLarge",
  wrongType: "apply.form.fileWrongType",
  empty: "apply.form.fileEmpty",
};

/** A photo refused after it was opened in the browser (issue #28), and a save made before Use or Retake. */
export const PHOTO_PROBLEM_KEYS = {
  tooSmall: "apply.photo.tooSmall",
  unreadable: "apply.photo.unreadable",
  chooseFirst: "apply.photo.chooseFirst",
} as const satisfies Record<string, MessageKey>;
