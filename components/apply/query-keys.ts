/** TanStack Query keys of the application pages, from one factory so invalidation stays consistent. */
export const applicationKeys = {
  all: ["applications"] as const,
  detail: (id: string) => [...applicationKeys.all, id] as const,
  status: (id: string) => [...applicationKeys.detail(id), "status"] as const,
};
