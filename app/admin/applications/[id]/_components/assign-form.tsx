"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select, type SelectOption } from "@/components/ui/select";
import { asApiError, callApi } from "@/lib/client/api";

type Texts = { label: string; choose: string; submit: string; failed: string };

/** Gives the application to a named colleague (an active admin or agent); the server checks who may hold it. */
export function AssignForm({
  applicationId,
  colleagues,
  current,
  texts,
}: {
  applicationId: string;
  colleagues: SelectOption[];
  current: string | null;
  texts: Texts;
}) {
  const router = useRouter();
  const [assigneeId, setAssigneeId] = useState(current ?? "");
  const [error, setError] = useState<string | null>(null);
  const assign = useMutation({
    mutationFn: (id: string) => callApi<unknown>(`/api/admin/applications/${applicationId}/assign`, { json: { assigneeId: id } }),
    onSuccess: () => router.refresh(),
    onError: (failure) => setError(texts.failed.replace("{message}", asApiError(failure).message)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (assigneeId) assign.mutate(assigneeId);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <Select
        id="case-assignee"
        label={texts.label}
        options={colleagues}
        placeholder={texts.choose}
        value={assigneeId}
        onChange={(e) => setAssigneeId(e.target.value)}
      />
      <div>
        <Button type="submit" variant="secondary" busy={assign.isPending} disabled={assign.isPending || !assigneeId}>
          {texts.submit}
        </Button>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </form>
  );
}
