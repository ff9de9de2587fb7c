import { PortalError } from "@/lib/errors";
import type { Application } from "@/lib/db/schema";

// An erased application (lib/privacy/erase.ts) is final: no staff action, resume link or applicant request may
// read personal data from it or write any back. One error, so every refusal reads the same (410 APPLICATION_ERASED).

export const applicationErased = () =>
  new PortalError(
    "APPLICATION_ERASED",
    "This applicant's data was erased on request. The application is closed for good: nothing can be read from it or added to it.",
  );

/** Throws APPLICATION_ERASED for an erased application. */
export function refuseErased(app: Pick<Application, "erasedAt"> | undefined): void {
  if (app?.erasedAt) throw applicationErased();
}
