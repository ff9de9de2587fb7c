"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { draftRevisionOf } from "@/lib/applications/draft";
import { callApi } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

type SavedRevision = { step: string; revision: Awaited<ReturnType<typeof draftRevisionOf>> };

type Args = {
  applicationId: string;
  step: string;
  revision: string;
  draft: FieldValues;
  form: UseFormReturn<FieldValues>;
  /** After a refused save (another tab saved first): show the saved answers for real, typed ones included. */
  replaceTyped?: boolean;
  /** The page's own props object (kept with the page by the router's cache): tells a first showing from another. */
  shown: object;
};

// The answers of pages this tab has shown (the props object, which the router's cache keeps with the page): a page
// shown for the first time was just rendered by the server, so only one shown again can be older than the save.
const shownPages = new WeakSet<object>();

/**
 * Back and Forward show the page the router cached, maybe older than what was saved since: ask for the step's
 * revision and, when it differs, fetch the page again; when the saved answers arrive, show them, keeping
 * whatever the person typed meanwhile. A page shown for the first time asks nothing (one round trip a step).
 */
export function useSavedRevision({ applicationId, step, revision, draft, form, replaceTyped = false, shown }: Args) {
  const router = useRouter();
  const shownRevision = useRef(revision);

  // Asked each time the page is shown again, never from a cache; a failure is let go: the save's own check (409)
  // still guards the answers.
  const saved = useQuery({
    queryKey: queryKeys.draftRevision(applicationId, step, revision),
    queryFn: ({ signal }) => callApi<SavedRevision>(`/api/applications/${applicationId}/draft?step=${step}`, { signal }),
    enabled: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const { refetch } = saved;
  useEffect(() => {
    if (shownPages.has(shown)) void refetch();
    else shownPages.add(shown);
  }, [shown, refetch]);
  const savedRevision = saved.data?.revision;
  useEffect(() => {
    if (savedRevision && savedRevision !== revision) router.refresh();
  }, [savedRevision, revision, router]);

  useEffect(() => {
    if (shownRevision.current === revision) return;
    shownRevision.current = revision;
    form.reset(draft, { keepDirtyValues: !replaceTyped });
  }, [revision, draft, form, replaceTyped]);
}
