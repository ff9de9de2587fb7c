import type { ReactNode } from "react";
import { loadApplicationPage, movedHere } from "@/app/(portal)/apply/[id]/_lib/page-data";
import { QueryProvider } from "@/components/shell/query-provider";

// The access check of every page of an application, before anything is streamed: a browser without the
// binding gets a real 404 (app/(portal)/apply/not-found.tsx), not a 200 that later says "not found"; the one a
// personal link replaced gets, from each page, where the application went.
export default async function ApplicationLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await movedHere(id))) await loadApplicationPage(id);
  // Its pages read and write through TanStack Query (lib/client/api.ts).
  return <QueryProvider>{children}</QueryProvider>;
}
