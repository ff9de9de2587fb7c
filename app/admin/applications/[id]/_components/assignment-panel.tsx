"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { asApiError, callApi } from "@/lib/client/api";

type Texts = {
  status: string;
  claim: string;
  release: string;
  takeOver: string;
  confirmTakeOver: string;
  confirm: string;
  cancel: string;
  failed: string;
  erased: string;
};

/**
 * Who holds the application, and for agents and admins: claim it, release it, or take it over from another agent
 * after an explicit confirmation. The server re-checks the holder on every claim.
 */
export function AssignmentPanel({
  applicationId,
  held,
  canWork,
  texts,
}: {
  applicationId: string;
  held: "nobody" | "me" | "other";
  canWork: boolean;
  texts: Texts;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The button pressed is gone once the page refreshes: focus goes to the new status instead of the page's start.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) statusRef.current?.focus();
    moved.current = false;
  }, [held]);

  const assign = useMutation({
    mutationFn: ({ action, takeOver }: { action: "claim" | "release"; takeOver: boolean }) =>
      callApi<unknown>(`/api/admin/applications/${applicationId}/${action}`, { json: action === "claim" ? { takeOver } : {} }),
    onSettled: () => setConfirming(false),
    onSuccess: () => {
      moved.current = true;
      router.refresh();
    },
    onError: (failure) => {
      const error = asApiError(failure);
      setError(error.code === "APPLICATION_ERASED" ? texts.erased : texts.failed.replace("{message}", error.message));
    },
  });
  const busy = assign.isPending;

  function send(action: "claim" | "release", takeOver = false) {
    setError(null);
    assign.mutate({ action, takeOver });
  }

  return (
    <div className="flex flex-col gap-3">
      <p ref={statusRef} tabIndex={-1} className="font-semibold focus:outline-none">
        {texts.status}
      </p>
      {canWork && held === "nobody" ? (
        <Button variant="secondary" busy={busy} disabled={busy} onClick={() => send("claim")}>
          {texts.claim}
        </Button>
      ) : null}
      {canWork && held === "me" ? (
        <Button variant="secondary" busy={busy} disabled={busy} onClick={() => send("release")}>
          {texts.release}
        </Button>
      ) : null}
      {canWork && held === "other" && !confirming ? (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {texts.takeOver}
        </Button>
      ) : null}
      {confirming ? (
        <div className="flex flex-col gap-3" role="group" aria-label={texts.takeOver}>
          <Alert tone="warning">{texts.confirmTakeOver}</Alert>
          <div className="flex flex-wrap gap-2">
            <Button busy={busy} disabled={busy} onClick={() => send("claim", true)}>
              {texts.confirm}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {texts.cancel}
            </Button>
          </div>
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
