"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useMessage } from "@/components/admin/use-message";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { TextField } from "@/components/ui/text-field";
import { asApiError, callApi } from "@/lib/client/api";

type View = { id: string; name: string; href: string; query: string };
const FIELD_ID = "saved-view-name";

/**
 * The staff member's saved views as links above the queue (the one open now marked), each deletable, and a form
 * naming the queue's current filters. Only shown to its owner; the server keeps at most 20 per person.
 */
export function SavedViews({ views, current }: { views: View[]; current: string }) {
  const m = useMessage();
  const v = (key: string, values?: Record<string, string>) => m(`admin.queue.views.${key}`, values);
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState("");
  const done = (text: string) => {
    setStatus(text);
    router.refresh();
  };
  const save = useMutation({
    mutationFn: (name: string) => callApi<{ view: { name: string } }>("/api/admin/saved-views", { json: { name, query: current } }),
    onSuccess: (answer) => done(v("saved", { name: answer.view.name })),
    onError: (failure) => {
      const api = asApiError(failure);
      setError(api.fields.name ? m(api.fields.name) : v("failed", { message: api.message }));
    },
  });
  const remove = useMutation({
    mutationFn: (view: View) => callApi<unknown>(`/api/admin/saved-views/${view.id}`, { method: "DELETE" }),
    onSuccess: (_answer, view) => done(v("removed", { name: view.name })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    setAttempt((n) => n + 1);
    setStatus("");
    setError(name ? null : v("nameMissing"));
    if (name) save.mutate(name);
  }

  // Nothing to list or save (the plain queue, no views yet): no empty landmark either.
  if (views.length === 0 && !current && !status) return null;
  return (
    <section aria-labelledby="saved-views" className="flex flex-col gap-3">
      <h2 id="saved-views" className="sr-only">
        {v("heading")}
      </h2>
      {views.length > 0 ? (
        <ul aria-label={v("label")} className="flex flex-wrap gap-2">
          {views.map((view) => (
            <li key={view.id} className="flex items-center rounded-control border border-border bg-surface">
              <Link href={view.href} aria-current={view.query === current ? "page" : undefined} className="px-3 py-2 font-semibold">
                {view.name}
              </Link>
              <button
                type="button"
                onClick={() => remove.mutate(view)}
                disabled={remove.isPending}
                aria-label={v("remove", { name: view.name })}
                className="min-h-11 min-w-11 border-l border-border px-2 text-fg-muted hover:text-fg"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="text-sm font-semibold empty:hidden">
        {status}
      </p>
      {current ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <ErrorSummary title={v("errorTitle")} errors={error ? [{ fieldId: FIELD_ID, message: error }] : []} focusKey={attempt} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <TextField
              id={FIELD_ID}
              name="name"
              label={v("name")}
              hint={v("nameHint")}
              error={error ?? undefined}
              maxLength={60}
              autoComplete="off"
            />
            <Button type="submit" variant="secondary" busy={save.isPending} disabled={save.isPending}>
              {save.isPending ? v("saving") : v("save")}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
