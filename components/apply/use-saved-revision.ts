"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

type Args = { applicationId: string; step: string; revision: string; draft: FieldValues; form: UseFormReturn<FieldValues> };

/**
 * Back and Forward show the page the router cached, maybe older than what was saved since: ask for the step's
 * revision and, when it differs, fetch the page again; when the saved answers arrive, show them, keeping
 * whatever the person typed meanwhile.
 */
export function useSavedRevision({ applicationId, step, revision, draft, form }: Args) {
  const router = useRouter();
  const shownRevision = useRef(revision);

  useEffect(() => {
    let gone = false;
    fetch(`/api/applications/${applicationId}/draft?step=${step}`, { cache: "no-store" })
      .then(async (response) => (response.ok ? ((await response.json()) as { revision?: string }) : null))
      .then((body) => {
        if (!gone && body?.revision && body.revision !== revision) router.refresh();
      })
      .catch(() => undefined); // the save's own check (409) still guards the answers
    return () => {
      gone = true;
    };
  }, [applicationId, step, revision, router]);

  useEffect(() => {
    if (shownRevision.current === revision) return;
    shownRevision.current = revision;
    form.reset(draft, { keepDirtyValues: true });
  }, [revision, draft, form]);
}
