"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { draftRevisionOf } from "@/lib/applications/draft";
import { callApi } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

type SavedRevision = { step: string; revision: Awaited<ReturnType<typeof draftRevisionOf>> };

type Args = { applicationId: string; step: string; revision: string; draft: FieldValues; form: UseFormReturn<FieldValues> };

/**
 * Back and Forward show the page the router cached, maybe older than what was saved since: ask for the step's
 * revision and, when it differs, fetch the page again; when the saved answers arrive, show them, keeping
 * whatever the person typed meanwhile.
 */
export function useSavedRevision({ applicationId, step, revision, draft, form }: Args) {
  const router = useRouter();
  const shownRevision = useRef(revision);

  // Asked each time the page is shown and for each revision it shows, never from a cache; a failure is let go: the
  // save's own check (409) still guards the answers.
  const saved = useQuery({
    queryKey: queryKeys.draftRevision(applicationId, step, revision),
    queryFn: ({ signal }) => callApi<SavedRevision>(`/api/applications/${applicationId}/draft?step=${step}`, { signal }),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: "always",
    refetchOnWindowFocus: false,
    retry: false,
  });
  const savedRevision = saved.data?.revision;
  useEffect(() => {
    if (savedRevision && savedRevision !== revision) router.refresh();
  }, [savedRevision, revision, router]);

  useEffect(() => {
    if (shownRevision.current === revision) return;
    shownRevision.current = revision;
    form.reset(draft, { keepDirtyValues: true });
  }, [revision, draft, form]);
}
