/** TanStack Query keys of the browser's reads, from one factory so invalidation stays consistent. */
export const queryKeys = {
  applications: ["applications"] as const,
  application: (id: string) => [...queryKeys.applications, id] as const,
  status: (id: string) => [...queryKeys.application(id), "status"] as const,
  draftRevision: (id: string, step: string) => [...queryKeys.application(id), "draft-revision", step] as const,
  cities: (country: string) => ["cities", country] as const,
};
