"use client";

import { unstable_rethrow, useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError, errorOf } from "@/lib/client/api";
import type { StepId } from "@/lib/requirements/types";

/** A refused save as the JSON API would have answered it; a save that worked never returns (it redirects). */
export type SaveAction = (input: {
  applicationId: string;
  step: StepId;
  values: FieldValues;
  revision: string;
  next: string;
}) => Promise<{ status: number; body: unknown; retryAfter: string | null }>;

type Args = {
  applicationId: string;
  step: StepId;
  revision: string;
  nextHref: string;
  saveAction: SaveAction;
  form: UseFormReturn<FieldValues>;
  /** The server named answers at fault: the error summary shows them again. */
  onFieldErrors: () => void;
};

/**
 * Save and continue: the save and the next page in one answer (app/actions/save-step.ts), pending until that page
 * is on screen (the pages have no loading screen, so this tells that Continue worked and stops a second save).
 * A failure says whose side failed: the person's connection ("offline": nothing answered) or the portal's.
 */
export function useStepSave({ applicationId, step, revision, nextHref, saveAction, form, onFieldErrors }: Args) {
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const [failed, setFailed] = useState<"offline" | "server" | null>(null);
  // A save refused because another tab saved this step first: what this tab had typed, kept aside to offer back.
  const [draftChanged, setDraftChanged] = useState<FieldValues | null>(null);

  // A redirect is thrown on to Next's boundary, which shows the page the answer carried; a refusal resolves.
  const saveAndContinue = (values: FieldValues) =>
    new Promise<ApiError | null>((resolve) =>
      startNavigation(async () => {
        try {
          const refusal = await saveAction({ applicationId, step, values, revision, next: nextHref });
          resolve(errorOf(refusal.status, refusal.body, refusal.retryAfter));
        } catch (failure) {
          unstable_rethrow(failure);
          resolve(new ApiError("NETWORK", "The portal could not be reached.", 0));
        }
      }),
    );

  async function save(values: FieldValues) {
    setFailed(null);
    setDraftChanged(null);
    const error = await saveAndContinue(values);
    if (!error) return;
    if (error.code === "DRAFT_CHANGED") {
      setDraftChanged(values);
      return router.refresh();
    }
    // Erased meanwhile: the page, rendered again, sends the person to the page that says so.
    if (error.code === "APPLICATION_ERASED") return router.refresh();
    // Moved to another device with the personal link: "try again" would be false. The page, rendered again, says
    // where it went and offers the way back (and no longer shows the spent link); Save stays busy until it is there.
    if (error.code === "APPLICATION_MOVED") return startNavigation(() => router.refresh());
    const problems = error.status === 422 ? Object.entries(error.fields) : [];
    if (problems.length === 0) return setFailed(error.code === "NETWORK" ? "offline" : "server");
    for (const [path, key] of problems) form.setError(path, { type: "server", message: key });
    onFieldErrors();
  }

  return { save, navigating, failed, draftChanged, dismissDraftChanged: () => setDraftChanged(null) };
}
