/** TanStack Query keys of the browser's reads, from one factory so invalidation stays consistent. */
export const queryKeys = {
  applications: ["applications"] as const,
  application: (id: string) => [...queryKeys.applications, id] as const,
  status: (id: string) => [...queryKeys.application(id), "status"] as const,
  /** A step's saved revision, asked for by a page that shows `shown`. */
  draftRevision: (id: string, step: string, shown: string) => [...queryKeys.application(id), "draft-revision", step, shown] as const,
  cities: (country: string) => ["cities", country] as const,
};
