"use client";

import { useCallback, useRef } from "react";

/**
 * What a document field is doing that a save must not overtake: a photo being checked or waiting for Use / Retake,
 * or an upload (its promise says whether it worked). Without it a save sent the old answer, or none.
 */
export type PendingDocument = { kind: "checking" } | { kind: "choosing" } | { kind: "uploading"; done: Promise<boolean> };

export type PendingOutcome = { ready: true } | { ready: false; unchosen: string[] };

/** The step's document fields' pending work, by field path; `settle` waits for uploads, calling `onWait` around it. */
export function usePendingDocuments() {
  const pending = useRef(new Map<string, PendingDocument>());
  const report = useCallback((path: string, state: PendingDocument | null) => {
    if (state) pending.current.set(path, state);
    else pending.current.delete(path);
  }, []);
  const settle = useCallback((onWait: (waiting: boolean) => void) => settlePending([...pending.current.entries()], onWait), []);
  return { report, settle };
}

/** Whether a save may go on: at once, after the uploads arrived (`onWait` true meanwhile), or not (which fields). */
export async function settlePending(
  open: ReadonlyArray<readonly [string, PendingDocument]>,
  onWait: (waiting: boolean) => void,
): Promise<PendingOutcome> {
  const unchosen = open.filter(([, p]) => p.kind !== "uploading").map(([path]) => path);
  if (unchosen.length > 0) return { ready: false, unchosen };
  const uploads = open.flatMap(([, p]) => (p.kind === "uploading" ? [p.done] : []));
  if (uploads.length === 0) return { ready: true };
  onWait(true);
  const results = await Promise.all(uploads);
  onWait(false);
  // A failed upload has put its error on its field: the save stops there.
  return results.every(Boolean) ? { ready: true } : { ready: false, unchosen: [] };
}
